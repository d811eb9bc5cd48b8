/// A PNG's pixels as a PDF image takes them without decoding: PNG's zlib
/// stream, cut from its IDAT chunks, is a PDF `FlateDecode` stream with the
/// PNG predictors (7.4.4.4), so the frame goes into the handout byte for
/// byte, unchanged.
struct PNGImageData {
    var width: Int
    var height: Int
    /// The IDAT chunks' data joined: one zlib stream of filtered rows.
    var compressed: [UInt8]

    /// Reads the chunks of `png`, the image of step `step` (counted from 1,
    /// for errors). Takes what treeanim writes for opaque frames: 8-bit RGB,
    /// not interlaced.
    init(png: [UInt8], step: Int) throws(PDFHandoutError) {
        guard png.starts(with: Self.signature) else { throw .notPNG(step: step) }
        var offset = Self.signature.count
        var header: (width: Int, height: Int)?
        var compressed = [UInt8]()
        while true {
            guard let length = png.uint32(at: offset).map(Int.init), let type = png.uint32(at: offset + 4) else {
                throw .damagedPNG(step: step, reason: "it ends before its IEND chunk")
            }
            let data = offset + 8
            // The chunk's data, then its four-byte CRC.
            guard data + length + 4 <= png.count else {
                throw .damagedPNG(step: step, reason: "a chunk runs past the end of the file")
            }
            let chunk = png[data..<data + length]
            switch type {
            case Self.ihdr:
                header = try Self.readHeader(chunk, step: step)
            case Self.idat:
                guard header != nil else { throw .damagedPNG(step: step, reason: "image data comes before IHDR") }
                compressed += chunk
            case Self.iend:
                guard let header else { throw .damagedPNG(step: step, reason: "it has no IHDR chunk") }
                guard !compressed.isEmpty else { throw .damagedPNG(step: step, reason: "it has no image data") }
                (width, height) = header
                self.compressed = compressed
                return
            default:
                break
            }
            offset = data + length + 4
        }
    }

    /// The size from an IHDR chunk, once its format is one a PDF image can
    /// take as it is.
    private static func readHeader(_ chunk: ArraySlice<UInt8>, step: Int) throws(PDFHandoutError) -> (Int, Int) {
        let start = chunk.startIndex
        guard chunk.count == 13, let width = chunk.uint32(at: start), let height = chunk.uint32(at: start + 4),
            width > 0, height > 0
        else { throw .damagedPNG(step: step, reason: "its IHDR chunk is malformed") }
        let depth = chunk[start + 8], colour = chunk[start + 9], interlace = chunk[start + 12]
        // Grey, palette and alpha images would need another colour space or
        // a soft mask; the frames the handout shows are opaque RGB.
        let kinds: [UInt8: String] = [
            0: "greyscale", 3: "palette-based", 4: "greyscale with alpha", 6: "RGBA, with alpha",
        ]
        if let kind = kinds[colour] { throw .unsupportedPNG(step: step, kind: kind) }
        guard colour == 2 else { throw .damagedPNG(step: step, reason: "unknown colour type \(colour)") }
        guard depth == 8 else { throw .unsupportedPNG(step: step, kind: "\(depth)-bit") }
        // Adam7 rows are not rows of the image: the predictor cannot undo them.
        guard interlace == 0 else { throw .unsupportedPNG(step: step, kind: "interlaced") }
        return (Int(width), Int(height))
    }

    private static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    private static let ihdr: UInt32 = 0x4948_4452
    private static let idat: UInt32 = 0x4944_4154
    private static let iend: UInt32 = 0x4945_4E44
}

extension PDFFileWriter {
    /// Writes `image` as an image XObject whose data is the PNG's own zlib
    /// stream, undone by the PNG predictors (7.4.4.4: predictor 15 reads the
    /// filter type at the start of each row).
    mutating func writeImage(_ image: PNGImageData) -> PDFReference {
        let reference = reserve()
        write(
            reference, stream: image.compressed,
            dictionary: "/Type /XObject /Subtype /Image /Width \(image.width) /Height \(image.height)"
                + " /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /FlateDecode"
                + " /DecodeParms << /Predictor 15 /Colors 3 /BitsPerComponent 8 /Columns \(image.width) >>")
        return reference
    }
}
