import Diagram
import InputText

/// A value a list, stack or queue holds: a whole number (its key, written
/// with a true minus sign) or a short word, such as a bracket for a stack
/// that checks an expression.
public struct LinearValue: Sendable, Hashable, CustomStringConvertible {
    /// The value as a cell shows it.
    public let text: String
    /// The number it is, if it is one: the scene dump's `key`.
    public let key: Int?

    /// At most this many characters a value: a cell wider would crowd a row.
    public static let longest = 12

    public init(_ key: Int) {
        self.init(text: KeyLabel.text(key), key: key)
    }

    private init(text: String, key: Int?) {
        self.text = text
        self.key = key
    }

    /// The value `token` writes: a number when it is one, else the word;
    /// nil for a word longer than ``longest``.
    public init?(token: String) {
        if let k = OperationWords.key(token) {
            self.init(k)
            return
        }
        guard token.count <= Self.longest, !token.isEmpty else { return nil }
        self.init(text: token, key: nil)
    }

    public var description: String { text }

    /// Equal values: the same number, or the same word.
    public static func == (a: Self, b: Self) -> Bool { a.key == b.key && (a.key != nil || a.text == b.text) }

    public func hash(into hasher: inout Hasher) {
        if let key { hasher.combine(key) } else { hasher.combine(text) }
    }
}

/// Why an operation's words make no operation: shared by the list, stack
/// and queue.
public enum LinearOperationError: Error, Equatable, CustomStringConvertible {
    case unknown(OperationSource, word: String, expected: String)
    case badValue(OperationSource, token: String)
    /// A token that is no whole number where a key must be one.
    case badKey(OperationSource, token: String)
    /// A word too long to draw as a path.
    case badWord(OperationSource, token: String, longest: Int)
    case badIndex(OperationSource, token: String)
    /// A postfix token that is neither a number nor an operator.
    case badToken(OperationSource, token: String)
    case missingValue(OperationSource)
    case extraWords(OperationSource)
    case tooMany(count: Int, limit: Int)
    /// The structure would hold more values than make an animation.
    /// `most`: see ``fit(_:_:)``.
    case tooLarge(OperationSource, count: Int, limit: Int, most: Int?)
    /// An array or a table would grow to more cells than read in a row.
    case tooManyCells(OperationSource, count: Int, limit: Int, what: String, most: Int?)
    /// A hash table's rehash would grow past `limit` cells though its
    /// `keys` would fit in `limit`: `--max-load` is what is out of reach.
    case loadOutOfReach(OperationSource, maxLoad: Double, keys: Int, count: Int, limit: Int, most: Int?)
    /// The array or table a flag asks for (`--capacity`, `--table-size`)
    /// is too wide to read from the start.
    case tooWide(flag: String, count: Int, limit: Int, most: Int?)
    /// A value so wide that `count` cells of its width do not read on the
    /// frame, where as many narrow ones would: the value is at fault, not
    /// the count.
    case wideValue(value: String, count: Int, limit: Int)
    /// A hash table's chain would grow deeper than reads under the row.
    case tooDeep(depth: Int, limit: Int)
    /// A rehash finds no cell for a key: a hash that divides by zero at
    /// the new size, or probes that reach no free cell.
    case unhashable(OperationSource, key: String, size: Int)
    /// A tree would grow wider than reads on the frame.
    case tooBroad(OperationSource, count: Int)
    /// A trie would grow wider than reads on the frame.
    case tooBroadTrie(OperationSource, count: Int)
    /// A trie would grow deeper than reads on the frame: a long word.
    case tooDeepTrie(OperationSource, depth: Int, limit: Int, compressed: Bool)
    /// A character of more Unicode scalars than a label may hold (see
    /// `TextLimits.characterScalars`).
    case longCharacter(OperationSource, scalars: Int)
    case empty

    /// Where the limit comes from: the frame (`most`: what `--fit all`
    /// draws, suggested when it would draw the whole run, else 0), or the
    /// most that are ever drawn (nil: under `--fit all`, or a frame wide
    /// enough for the cap).
    static func fit(_ most: Int?, _ count: Int) -> String {
        guard let most else { return "are drawn" }
        return "read on this frame" + (most > 0 ? " (--fit all draws up to \(most), smaller)" : "")
    }

    public var description: String {
        switch self {
        case .unknown(let s, let word, let expected):
            "\(OperationWords.place(s)): unknown operation '\(TextLimits.shown(word))' (expected \(expected))"
        case .badValue(let s, let token):
            "\(OperationWords.place(s)): '\(TextLimits.shown(token))' is too long for a value (at most \(LinearValue.longest) characters)"
        case .badKey(let s, let token):
            OperationWords.badKey(token, at: s)
        case .badWord(let s, let token, let longest):
            "\(OperationWords.place(s)): '\(TextLimits.shown(token))' is too long for a word (at most \(longest) characters)"
        case .tooBroad(let s, let count):
            "\(OperationWords.place(s)): the tree would grow to \(counted(count, "key")), too wide to read on this frame; use fewer keys (--fit all draws it smaller)"
        case .tooBroadTrie(let s, let count):
            "\(OperationWords.place(s)): the trie would grow to \(count) word\(count == 1 ? "" : "s"), too wide to read on this frame; use fewer words (--fit all draws it smaller)"
        case .tooDeepTrie(let s, let depth, let limit, let compressed):
            "\(OperationWords.place(s)): the trie would be \(depth) levels deep; at most \(limit) read on this frame: use shorter words\(compressed ? "" : " or --compressed") (--fit all draws it smaller)"
        case .badIndex(let s, let token):
            "\(OperationWords.place(s)): '\(TextLimits.shown(token))' is not an index (a whole number from 0)"
        case .badToken(let s, let token):
            "\(OperationWords.place(s)): '\(TextLimits.shown(token))' is neither a whole number nor an operator (+ - * / %)"
        case .missingValue(let s):
            "\(OperationWords.place(s)): '\(s.text)' needs a value"
        case .extraWords(let s):
            "\(OperationWords.place(s)): '\(s.text)' has words it does not take"
        case .tooMany(let count, let limit):
            "\(count) operations; at most \(limit) make a watchable animation"
        case .tooLarge(let s, let count, let limit, let most):
            "\(OperationWords.place(s)): it would hold \(count) values; at most \(limit) \(Self.fit(most, count))"
        case .tooManyCells(let s, let count, let limit, let what, let most):
            "\(OperationWords.place(s)): the \(what) would grow to \(count) cells; at most \(limit) \(Self.fit(most, count))"
                + (what == "table" ? "; a higher --max-load or --no-rehash keeps it smaller" : "")
        case .loadOutOfReach(let s, let maxLoad, let keys, let count, let limit, let most):
            "--max-load \(maxLoad): at \(OperationWords.place(s)) the table holds \(counted(keys, "key")), and keeping its load at most \(maxLoad) "
                + "would grow it to \(count) cells; at most \(limit) \(Self.fit(most, count)); raise --max-load, or give --no-rehash"
        case .tooWide(let flag, let count, let limit, let most):
            "\(flag) \(count): at most \(counted(limit, "cell")) \(Self.fit(most, count))"
        case .wideValue(let value, let count, let limit):
            "the value \(TextLimits.shown(value)) makes every cell too wide: at most \(counted(limit, "cell")) of its width read on this frame, "
                + "and \(count) are needed; use shorter values (--fit all draws them smaller)"
        case .tooDeep(let depth, let limit):
            "a chain would grow to \(counted(depth, "key")); at most \(limit) read under the table on this frame: a larger --table-size or a lower --max-load spreads the keys (--fit all draws them smaller)"
        case .unhashable(let s, let key, let size):
            "\(OperationWords.place(s)): rehashed into \(size) cells, \(key) finds no cell (its hash divides by zero or overflows at that size, or its probes reach no free cell); change the hash, or --no-rehash"
        case .longCharacter(let s, let scalars):
            OperationWords.longCharacter(scalars, at: s)
        case .empty:
            "no operations"
        }
    }
}

extension LinearOperationError {
    /// This refusal, or, when `count` cells would read were the values
    /// narrow (`narrow` of them do), the widest value's: a 19-digit key
    /// is what to change, not a `--capacity` the user never gave.
    func blamingWidth(narrow: Int, values: [LinearValue], labels: LabelFit) -> Self {
        let count: Int, limit: Int
        switch self {
        case .tooLarge(_, let c, let l, _), .tooManyCells(_, let c, let l, _, _), .tooWide(_, let c, let l, _): (count, limit) = (c, l)
        default: return self
        }
        guard count <= narrow, let widest = values.max(by: { labels.width(of: $0.text) < labels.width(of: $1.text) }) else { return self }
        return .wideValue(value: widest.text, count: count, limit: limit)
    }
}

enum LinearWords {
    /// At most this many operations.
    static let limit = 1000

    static func values(_ words: ArraySlice<String>, _ source: OperationSource) throws(LinearOperationError) -> [LinearValue] {
        guard !words.isEmpty else { throw .missingValue(source) }
        return try words.map { token throws(LinearOperationError) -> LinearValue in
            guard let v = LinearValue(token: token) else { throw .badValue(source, token: token) }
            return v
        }
    }

    static func index(_ token: String, _ source: OperationSource) throws(LinearOperationError) -> Int {
        guard let i = Int(token), i >= 0 else { throw .badIndex(source, token: token) }
        return i
    }

    static func none(_ words: [String], _ source: OperationSource) throws(LinearOperationError) {
        guard words.count == 1 else { throw .extraWords(source) }
    }
}
