import InputText

/// One operation of a heap lecture, as `--ops` names it.
public enum HeapOperation: OperationList, Equatable {
    public static let example = "heapify 9 4 7 1 8; insert 3; extract; heapsort"

    /// Append a key at the next free place and sift it up.
    case insert(Int)
    /// Take the root out, move the last leaf to the root and sift it down.
    case extract
    /// Append the keys as they are, then sift every parent down, the last
    /// one first.
    case heapify([Int])
    /// Swap the root with the last item, shrink the heap and sift down,
    /// until the heap is empty and the array sorted.
    case heapsort

    /// How the operation reads in a caption or the queue of what is to come.
    public var text: String {
        switch self {
        case .insert(let k): "insert \(KeyLabel.text(k))"
        case .extract: "extract"
        case .heapify(let keys): "heapify " + keys.map(KeyLabel.text).joined(separator: " ")
        case .heapsort: "heapsort"
        }
    }

    /// At most this many operations, and this many keys in the array at
    /// once: more would not make an animation.
    public static let limit = 1000

    /// The operations of `text`: separated by `;` or new lines, each a word
    /// and its keys (`insert 5 3 8` is three inserts, `heapify 9 4 7` one
    /// heapify of three keys); `#` starts a comment to the end of the line
    /// in a file. With `lines`, errors name the line. Keys may repeat.
    ///
    ///     try HeapOperation.parse("heapify 9 4 7 1 8; insert 3; extract; heapsort")
    public static func parse(_ text: String, lines: Bool = false) throws(HeapOperationError) -> [(HeapOperation, OperationSource)] {
        var ops = [(HeapOperation, OperationSource)]()
        for (words, source) in try OperationWords.split(text, lines: lines, refusing: HeapOperationError.longCharacter) {
            let keys = try words.dropFirst().map { token throws(HeapOperationError) -> Int in
                guard let k = OperationWords.key(token) else { throw .badKey(source, token: token) }
                return k
            }
            switch words[0].lowercased() {
            case "insert", "add", "push":
                guard !keys.isEmpty else { throw .missingKey(source) }
                ops += keys.map { (.insert($0), source) }
            case "heapify", "build":
                guard !keys.isEmpty else { throw .missingKey(source) }
                ops.append((.heapify(keys), source))
            case "extract", "pop":
                guard keys.isEmpty else { throw .extraWords(source) }
                ops.append((.extract, source))
            case "heapsort", "sort":
                guard keys.isEmpty else { throw .extraWords(source) }
                ops.append((.heapsort, source))
            case let word:
                throw .unknown(source, word: word)
            }
            if ops.count > limit { throw .tooMany(count: ops.count, limit: limit) }
        }
        guard !ops.isEmpty else { throw .empty }
        return ops
    }
}

/// A list of heap operations that cannot be played, naming the operation.
public enum HeapOperationError: Error, Equatable, CustomStringConvertible {
    case unknown(OperationSource, word: String)
    case badKey(OperationSource, token: String)
    case missingKey(OperationSource)
    case extraWords(OperationSource)
    case tooMany(count: Int, limit: Int)
    /// The array would hold more keys than make an animation.
    case tooLarge(OperationSource, count: Int, limit: Int)
    /// A character of more Unicode scalars than a label may hold (see
    /// `TextLimits.characterScalars`).
    case longCharacter(OperationSource, scalars: Int)
    case empty

    public var description: String {
        switch self {
        case .unknown(let s, let word):
            "\(OperationWords.place(s)): unknown operation '\(TextLimits.shown(word))' (expected insert, extract, heapify or heapsort)"
        case .badKey(let s, let token):
            OperationWords.badKey(token, at: s)
        case .missingKey(let s):
            "\(OperationWords.place(s)): '\(s.text)' needs at least one key"
        case .extraWords(let s):
            "\(OperationWords.place(s)): '\(s.text)' takes no key"
        case .tooMany(let count, let limit):
            "\(count) operations; at most \(limit) make a watchable animation"
        case .tooLarge(let s, let count, let limit):
            "\(OperationWords.place(s)): the heap would hold \(count) keys; at most \(limit) make a watchable animation"
        case .longCharacter(let s, let scalars):
            OperationWords.longCharacter(scalars, at: s)
        case .empty:
            "no operations"
        }
    }
}
