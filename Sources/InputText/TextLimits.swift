/// The bounds every reader and operation language keeps on the text it
/// reads, so that no label costs more to measure and draw than a slide can
/// show: a label's length, and a character's.
public enum TextLimits {
    /// The longest label, in `Character`s: 1,000, some twenty lines of a
    /// slide, as tree files have it (`TreeFileLimits.maxLabelLength`). A
    /// longer label is a mistake (a missing line break, a pasted file), not
    /// a node.
    public static let labelLength = 1_000

    /// The most Unicode scalars one `Character` (a grapheme cluster, what
    /// a reader sees as one character) may hold: 32. Unicode's stream-safe
    /// text format (UAX #15) allows a letter 30 combining marks, and the
    /// longest emoji sequences take 10; a letter with 450,000 marks is
    /// one character that no font draws, and that takes gigabytes to shape.
    public static let characterScalars = 32

    /// The first `Character` of `text` longer than ``characterScalars``:
    /// its offset in `text`'s UTF-8 and its length in scalars.
    ///
    /// Only a run of non-ASCII scalars can make a long character (an
    /// ASCII scalar ends a character, but for CR LF, and starts the next),
    /// so the scan finds such runs first and breaks only them into
    /// characters.
    /// - Complexity: O(*n*).
    public static func longCharacter(in text: String) -> (offset: Int, scalars: Int)? {
        longCharacter(inUTF8: Array(text.utf8))
    }

    /// ``longCharacter(in:)`` of valid UTF-8.
    public static func longCharacter(inUTF8 bytes: [UInt8]) -> (offset: Int, scalars: Int)? {
        var runStart = 0, runScalars = 0
        var i = 0
        while i <= bytes.count {
            let byte = i < bytes.count ? bytes[i] : 0
            if byte >= 0xC0 {
                runScalars += 1
            } else if byte < 0x80 {
                // The run may start with the ASCII letter before it.
                if runScalars >= characterScalars, let found = check(bytes, max(runStart - 1, 0)..<i) { return found }
                runStart = i + 1
                runScalars = 0
            }
            i += 1
        }
        return nil
    }

    /// The first long character of `bytes[range]`, its offset in `bytes`.
    private static func check(_ bytes: [UInt8], _ range: Range<Int>) -> (offset: Int, scalars: Int)? {
        let text = String(decoding: bytes[range], as: UTF8.self)
        var offset = range.lowerBound
        for c in text {
            let scalars = c.unicodeScalars.count
            if scalars > characterScalars { return (offset, scalars) }
            offset += c.utf8.count
        }
        return nil
    }

    /// `text` for a message: at most `limit` scalars, with `…` when cut, so
    /// that a message about a huge value stays one short line.
    public static func shown(_ text: some StringProtocol, limit: Int = 40) -> String {
        var out = String.UnicodeScalarView()
        for (k, s) in text.unicodeScalars.enumerated() {
            guard k < limit else { return String(out) + "…" }
            out.append(s)
        }
        return String(out)
    }
}
