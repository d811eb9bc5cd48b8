import CLibz

/// An indirect object's number, as other objects refer to it (`12 0 R`).
struct PDFReference: Hashable, CustomStringConvertible {
    var number: Int
    var description: String { "\(number) 0 R" }
}

/// A PDF file written front to back: the header, numbered objects in any
/// order, then the cross-reference table and trailer that point at them.
///
/// Objects are reserved before they are written, so a page can name the
/// font whose glyph list is known only once every page is laid out.
struct PDFFileWriter {
    private(set) var bytes: [UInt8] = []
    /// Byte offset of each object by number minus one; nil until written.
    private var offsets: [Int?] = []

    init() {
        // The comment of four bytes above 127 tells file-transfer tools the
        // file is binary (7.5.2).
        append("%PDF-1.7\n")
        bytes += [0x25, 0xE2, 0xE3, 0xCF, 0xD3, 0x0A]
    }

    /// A number for an object to be written later.
    mutating func reserve() -> PDFReference {
        offsets.append(nil)
        return PDFReference(number: offsets.count)
    }

    /// Writes `body` (a dictionary, an array...) as object `reference`.
    mutating func write(_ reference: PDFReference, _ body: String) {
        begin(reference)
        append(body + "\nendobj\n")
    }

    /// Writes a stream object: `dictionary` holds the entries other than
    /// `/Length` and `/Filter`, which are added. With `compressed`, the data
    /// is deflated (`/FlateDecode`, zlib's level 9: a font subset's tables of
    /// offsets and metrics, mostly repeats, shrink several times over).
    mutating func write(_ reference: PDFReference, stream data: [UInt8], dictionary: String = "", compressed: Bool = false) {
        let body = compressed ? Self.deflated(data) : nil
        let filter = body == nil ? "" : " /Filter /FlateDecode"
        begin(reference)
        append("<< /Length \((body ?? data).count)\(filter)\(dictionary.isEmpty ? "" : " " + dictionary) >>\nstream\n")
        bytes += body ?? data
        append("\nendstream\nendobj\n")
    }

    /// `data` in zlib's format, or nil if zlib fails (then the stream is
    /// written as it is).
    static func deflated(_ data: [UInt8]) -> [UInt8]? {
        var size = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        let status = data.withUnsafeBufferPointer { input in
            out.withUnsafeMutableBufferPointer { output in
                compress2(output.baseAddress, &size, input.baseAddress, uLong(input.count), 9)
            }
        }
        guard status == Z_OK else { return nil }
        return Array(out.prefix(Int(size)))
    }

    /// The finished file, with the cross-reference table and a trailer
    /// naming the catalog and the document information.
    ///
    /// - Precondition: every reserved object has been written.
    consuming func finish(root: PDFReference, info: PDFReference) -> [UInt8] {
        let table = bytes.count
        append("xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n")
        for offset in offsets {
            guard let offset else { preconditionFailure("a reserved PDF object was never written") }
            let digits = String(offset)
            append(String(repeating: "0", count: 10 - digits.count) + digits + " 00000 n \n")
        }
        append("trailer\n<< /Size \(offsets.count + 1) /Root \(root) /Info \(info) >>\nstartxref\n\(table)\n%%EOF\n")
        return bytes
    }

    private mutating func begin(_ reference: PDFReference) {
        precondition(offsets[reference.number - 1] == nil, "PDF object \(reference.number) written twice")
        offsets[reference.number - 1] = bytes.count
        append("\(reference.number) 0 obj\n")
    }

    private mutating func append(_ text: String) {
        bytes += text.utf8
    }
}
