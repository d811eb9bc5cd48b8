import CUchardet

extension TextEncoding {
    /// The encoding uchardet's name stands for: GB18030 for the GB family
    /// (GB2312 and GBK are subsets of it), Windows-1252 for ISO-8859-1 (a
    /// subset), one of ``others`` by its name; `nil` for UTF-8, UTF-16,
    /// ASCII and names iconv does not decode.
    init?(detected name: String) {
        switch name.uppercased() {
        case "GB18030", "GB2312", "GBK", "CP936": self = .gb18030
        case "WINDOWS-1252", "ISO-8859-1": self = .windows1252
        case let upper where Self.others.contains(upper): self = .other(upper)
        default: return nil
        }
    }

    /// Whether the encoding writes the Latin alphabet (the Windows and ISO
    /// code pages of Western and Central Europe): text in another script
    /// read in one of these is a jumble of accented letters.
    var isLatin: Bool {
        switch self {
        case .windows1252, .ansel: true
        case .other(let name):
            ["WINDOWS-1250", "WINDOWS-1254", "WINDOWS-1257", "WINDOWS-1258", "ISO-8859-2", "ISO-8859-3", "ISO-8859-4", "ISO-8859-9",
             "ISO-8859-10", "ISO-8859-13", "ISO-8859-15", "ISO-8859-16", "MAC-CENTRALEUROPE"].contains(name)
        default: false
        }
    }
}

extension DecodedText {
    /// How much of a file uchardet reads: 4 MiB, far more than its
    /// statistics need, so that telling costs the same for any file.
    public static let detectionSample = 4 << 20

    /// The non-ASCII bytes below which uchardet's statistics have too
    /// little to go on (a name or two: "Müller", "文件夹 PATH 列表"), and
    /// our own rules break the tie.
    public static let detectionEvidence = 32

    /// What uchardet makes of the first ``detectionSample`` bytes: the
    /// charset name it gives, or `nil` when it gives none.
    public static func uchardet(_ bytes: [UInt8]) -> String? {
        guard let detector = uchardet_new() else { return nil }
        defer { uchardet_delete(detector) }
        let sample = bytes.prefix(detectionSample)
        let status = sample.withUnsafeBytes { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return 0 }
            return uchardet_handle_data(detector, base.assumingMemoryBound(to: CChar.self), buffer.count)
        }
        guard status == 0 else { return nil }
        uchardet_data_end(detector)
        guard let name = uchardet_get_charset(detector) else { return nil }
        let found = String(cString: name)
        return found.isEmpty ? nil : found
    }

    /// The legacy encoding of `bytes`, which are no UTF-8: the one
    /// uchardet tells, when it decodes them and the text gives its
    /// statistics at least ``detectionEvidence`` non-ASCII bytes to go on;
    /// else our own rules (``guessLegacy(_:)``, GB18030 only where every
    /// character is one of GB2312's, the common ones: "Zürich" pairs its
    /// bytes into a rare ideograph of GBK's), unless they read a text in
    /// another script as Windows-1252's jumble of accented letters
    /// ("Ïðèâåò" for Привет) where uchardet names that script.
    public static func detectLegacy(_ bytes: [UInt8]) -> TextEncoding {
        (try? detected(bytes).encoding) ?? guessLegacy(bytes)
    }

    /// `bytes`, no UTF-8, decoded in the encoding ``detectLegacy(_:)``
    /// documents.
    static func detected(_ bytes: [UInt8]) throws(TextError) -> DecodedText {
        var ours = guessLegacy(bytes)
        if ours == .gb18030, !isGB2312(bytes.prefix(detectionSample)) { ours = .windows1252 }
        guard let name = uchardet(bytes), let theirs = TextEncoding(detected: name), theirs != ours,
            let read = try? DecodedText(decoding: bytes, as: theirs)
        else {
            return try DecodedText(decoding: bytes, as: ours)
        }
        let evidence = bytes.prefix(detectionSample).lazy.filter { $0 >= 0x80 }.count
        if evidence >= detectionEvidence { return read }
        let oursRead = try DecodedText(decoding: bytes, as: ours)
        if ours == .windows1252, !theirs.isLatin, isJumble(oursRead.string) { return read }
        return oursRead
    }

    /// Whether every byte over 0x7F is in a pair of GB2312, the 7,445
    /// common characters GBK and GB18030 extend (both bytes 0xA1–0xFE).
    static func isGB2312(_ bytes: ArraySlice<UInt8>) -> Bool {
        var k = bytes.startIndex
        while k < bytes.endIndex {
            if bytes[k] < 0x80 {
                k += 1
                continue
            }
            guard (0xA1...0xFE).contains(bytes[k]), k + 1 < bytes.endIndex, (0xA1...0xFE).contains(bytes[k + 1]) else { return false }
            k += 2
        }
        return true
    }

    /// Whether most words with letters beyond ASCII are made mostly of
    /// them: Latin-script text has an accented letter here and there
    /// ("Café", "Müller"), a wrong decoding a run of them ("Ïðèâåò").
    static func isJumble(_ text: String) -> Bool {
        var words = 0, jumbled = 0
        var ascii = 0, other = 0
        func end() {
            if other > 0, ascii + other > 1 {
                words += 1
                if other > ascii { jumbled += 1 }
            }
            ascii = 0
            other = 0
        }
        for character in text {
            if character.isLetter {
                if character.isASCII { ascii += 1 } else { other += 1 }
            } else {
                end()
            }
        }
        end()
        return words > 0 && 2 * jumbled >= words
    }
}
