/// The words of an operation list as `--ops` and `--ops-file` write it,
/// before any structure gives them a meaning: operations separated by `;`
/// or new lines, each a word and its keys; in a file, `#` starts a comment
/// to the line's end.
enum OperationWords {
    /// Each operation's words (never none), and where it came from: its
    /// place in the list and, with `lines`, its line.
    static func split(_ text: String, lines: Bool) -> [(words: [String], source: BSTSource)] {
        var out = [(words: [String], source: BSTSource)]()
        // Any line ending (\n, \r\n, \r) ends a line.
        for (lineNumber, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = lines ? rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" : rawLine
            for part in line.split(separator: ";") {
                let words = part.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "," }).map(String.init)
                guard !words.isEmpty else { continue }
                out.append((words, BSTSource(index: out.count + 1, line: lines ? lineNumber + 1 : nil, text: words.joined(separator: " "))))
            }
        }
        return out
    }

    /// The key `token` writes, a true minus sign reading as well as a
    /// hyphen; nil when it is not a whole number that fits an `Int`.
    static func key(_ token: String) -> Int? {
        Int(String(token.map { $0 == "\u{2212}" ? "-" : $0 }))
    }

    /// Why `token` is no key, after the operation's place.
    static func badKey(_ token: String, at source: BSTSource) -> String {
        // Digits after at most one sign: a number, too large for a key.
        (token.first.map { "+-\u{2212}".contains($0) } == true ? token.dropFirst() : token[...]).allSatisfy { $0.isASCII && $0.isNumber }
            && token.contains(where: \.isNumber)
            ? "\(place(source)): key '\(token)' is out of range (\(Int.min) to \(Int.max))"
            : "\(place(source)): '\(token)' is not a whole number"
    }

    /// An operation's place, for an error: its line in a file, else its
    /// number and words.
    static func place(_ s: BSTSource) -> String {
        s.line.map { "line \($0), operation \(s.index)" } ?? "operation \(s.index) '\(s.text)'"
    }
}
