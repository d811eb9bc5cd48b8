import InputText

/// The words of an operation list as `--ops` and `--ops-file` write it,
/// before any structure gives them a meaning: operations separated by `;`
/// or new lines, each a word and its keys; in a file, `#` starts a comment
/// to the line's end.
enum OperationWords {
    /// The words of `text` as ``split(_:lines:)`` gives them, refusing
    /// first, with `long`, an operation that holds a character longer than
    /// ``TextLimits/characterScalars`` (its source and length): no
    /// structure takes one, and measuring it would cost without bound.
    static func split<Failure: Error>(
        _ text: String, lines: Bool, refusing long: (OperationSource, Int) -> Failure
    ) throws(Failure) -> [(words: [String], source: OperationSource)] {
        let operations = split(text, lines: lines)
        guard TextLimits.longCharacter(in: text) != nil else { return operations }
        for (words, source) in operations {
            for word in words {
                if let (_, scalars) = TextLimits.longCharacter(in: word) { throw long(source, scalars) }
            }
        }
        return operations
    }

    /// Each operation's words (never none), and where it came from: its
    /// place in the list and, with `lines`, its line.
    static func split(_ text: String, lines: Bool) -> [(words: [String], source: OperationSource)] {
        var out = [(words: [String], source: OperationSource)]()
        // Any line ending (\n, \r\n, \r) ends a line.
        for (lineNumber, rawLine) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = lines ? rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? "" : rawLine
            for part in line.split(separator: ";") {
                // Split by scalars: a space followed by a combining mark is
                // one Character, but still a space between words.
                let words = part.unicodeScalars.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "," })
                    .map { String(String.UnicodeScalarView($0)) }
                guard !words.isEmpty else { continue }
                // Messages quote the operation: a long one is cut.
                let shown = TextLimits.shown(words.joined(separator: " "), limit: 60)
                out.append((words, OperationSource(index: out.count + 1, line: lines ? lineNumber + 1 : nil, text: shown)))
            }
        }
        return out
    }

    /// The key `token` writes, a true minus sign reading as well as a
    /// hyphen; nil when it is not a whole number that fits an `Int`.
    static func key(_ token: String) -> Int? {
        Int(String(token.map { $0 == "\u{2212}" ? "-" : $0 }))
    }

    /// Why a character of `scalars` scalars is refused, after the
    /// operation's place.
    static func longCharacter(_ scalars: Int, at source: OperationSource) -> String {
        "\(place(source)): a character of \(grouped(scalars)) Unicode scalars (a letter and its combining marks): the limit is \(TextLimits.characterScalars) scalars a character"
    }

    /// Why `token` is no key, after the operation's place.
    static func badKey(_ token: String, at source: OperationSource) -> String {
        // Digits after at most one sign: a number, too large for a key.
        (token.first.map { "+-\u{2212}".contains($0) } == true ? token.dropFirst() : token[...]).allSatisfy { $0.isASCII && $0.isNumber }
            && token.contains(where: \.isNumber)
            ? "\(place(source)): key '\(TextLimits.shown(token))' is out of range (\(Int.min) to \(Int.max))"
            : "\(place(source)): '\(TextLimits.shown(token))' is not a whole number"
    }

    /// An operation's place, for an error: its line in a file, else its
    /// number and words.
    static func place(_ s: OperationSource) -> String {
        s.line.map { "line \($0), operation \(s.index)" } ?? "operation \(s.index) '\(s.text)'"
    }
}

/// How a key is written: a true minus sign (U+2212) for negatives, as a
/// slide should show it.
public enum KeyLabel {
    public static func text(_ key: Int) -> String {
        key < 0 ? "\u{2212}" + String(key.magnitude) : String(key)
    }
}

/// Where an operation came from, for error messages: its place in the list
/// (1-based) and, from a file, its line.
public struct OperationSource: Sendable, Equatable {
    public var index: Int
    public var line: Int?
    public var text: String

    public init(index: Int, line: Int? = nil, text: String) {
        self.index = index
        self.line = line
        self.text = text
    }
}

/// The operations of a structure that `--ops` and `--ops-file` drive: how
/// their words read, and the insert a list of keys stands for.
public protocol OperationList: Sendable {
    associatedtype Failure: Error, CustomStringConvertible
    /// An operation list to show in help, e.g. "insert 50 17 72; search 17".
    static var example: String { get }
    /// The operations `text` writes: separated by `;` or new lines, each a
    /// word and its keys; with `lines`, `#` starts a comment and errors
    /// name the line.
    static func parse(_ text: String, lines: Bool) throws(Failure) -> [(Self, OperationSource)]
    /// The operation `--inserts` and `--values` make of each key.
    static func insert(_ key: Int) -> Self
    /// Whether `--values` may not repeat a key (a search tree's keys are
    /// distinct; a heap, a list or a stack holds repeats).
    static var distinctKeys: Bool { get }
}

extension OperationList {
    public static var distinctKeys: Bool { false }

    /// `keys` inserted one by one, each its own operation.
    public static func inserts(_ keys: [Int]) -> [(Self, OperationSource)] {
        keys.enumerated().map { i, k in (insert(k), OperationSource(index: i + 1, text: "insert \(KeyLabel.text(k))")) }
    }
}
