import InputText

/// One operation of a BST lecture, as `--ops` names it.
public enum BSTOperation: OperationList, Equatable {
    /// A search tree holds each key once.
    public static let distinctKeys = true

    public static let example = "insert 50 17 72; search 17; delete 50; inorder"

    case insert(Int)
    case search(Int)
    case delete(Int)
    case min
    case max
    case traverse(Traversal)

    /// How the operation reads in a caption or the queue of what is to come.
    public var text: String {
        switch self {
        case .insert(let k): "insert \(KeyLabel.text(k))"
        case .search(let k): "search \(KeyLabel.text(k))"
        case .delete(let k): "delete \(KeyLabel.text(k))"
        case .min: "min"
        case .max: "max"
        case .traverse(let t): t.rawValue
        }
    }
}

/// The orders a traversal visits nodes in.
public enum Traversal: String, Sendable, CaseIterable {
    case inorder, preorder, postorder, levelorder

    /// What the order means, for the caption.
    var rule: String {
        switch self {
        case .inorder: "left subtree, node, right subtree: the keys in sorted order"
        case .preorder: "node, then left subtree, then right subtree"
        case .postorder: "left subtree, right subtree, then node"
        case .levelorder: "level by level, left to right"
        }
    }
}

/// A list of operations that cannot be played, naming the operation.
public enum BSTOperationError: Error, Equatable, CustomStringConvertible {
    case unknown(OperationSource, word: String)
    case badKey(OperationSource, token: String)
    case missingKey(OperationSource)
    case extraWords(OperationSource)
    case duplicate(OperationSource, key: Int)
    case tooMany(count: Int, limit: Int)
    /// A character of more Unicode scalars than a label may hold (see
    /// `TextLimits.characterScalars`).
    case longCharacter(OperationSource, scalars: Int)
    case empty

    public var description: String {
        switch self {
        case .unknown(let s, let word):
            "\(Self.place(s)): unknown operation '\(TextLimits.shown(word))' (expected insert, search, delete, min, max, inorder, preorder, postorder or levelorder)"
        case .badKey(let s, let token):
            OperationWords.badKey(token, at: s)
        case .missingKey(let s):
            "\(Self.place(s)): '\(s.text)' needs a key"
        case .extraWords(let s):
            "\(Self.place(s)): '\(s.text)' takes no key"
        case .duplicate(let s, let key):
            "\(Self.place(s)): \(KeyLabel.text(key)) is already in the tree (each key can be inserted once)"
        case .tooMany(let count, let limit):
            "\(count) operations; at most \(limit) make a watchable animation"
        case .longCharacter(let s, let scalars):
            OperationWords.longCharacter(scalars, at: s)
        case .empty:
            "no operations"
        }
    }

    static func place(_ s: OperationSource) -> String { OperationWords.place(s) }
}

extension BSTOperation {
    /// The keys that occur more than once in `keys`, each once, in the
    /// order of their second occurrence: inserts of a key already there.
    public static func duplicates(in keys: [Int]) -> [Int] {
        var seen = Set<Int>(), reported = Set<Int>(), result = [Int]()
        for k in keys where !seen.insert(k).inserted && reported.insert(k).inserted {
            result.append(k)
        }
        return result
    }

    /// At most this many operations: more would not make an animation.
    public static let limit = 1000

    /// The operations of `text`: separated by `;` or new lines, each a word
    /// and its keys (`insert 50 17 72` is three inserts); `#` starts a
    /// comment to the end of the line. With `lines`, errors name the line.
    ///
    ///     try BSTOperation.parse("insert 50 17; search 23; delete 17; inorder")
    public static func parse(_ text: String, lines: Bool = false) throws(BSTOperationError) -> [(BSTOperation, OperationSource)] {
        var ops = [(BSTOperation, OperationSource)]()
        for (words, source) in try OperationWords.split(text, lines: lines, refusing: BSTOperationError.longCharacter) {
            let word = words[0]
            let keys = try words.dropFirst().map { token throws(BSTOperationError) -> Int in
                guard let k = OperationWords.key(token) else { throw .badKey(source, token: token) }
                return k
            }
            let keyed: ((Int) -> BSTOperation)? = switch word.lowercased() {
            case "insert", "add": BSTOperation.insert
            case "search", "find": BSTOperation.search
            case "delete", "remove": BSTOperation.delete
            default: nil
            }
            let bare: BSTOperation? = switch word.lowercased() {
            case "min": .min
            case "max": .max
            default: Traversal(rawValue: word.lowercased()).map(BSTOperation.traverse)
            }
            if let keyed {
                guard !keys.isEmpty else { throw .missingKey(source) }
                ops += keys.map { (keyed($0), source) }
            } else if let bare {
                guard keys.isEmpty else { throw .extraWords(source) }
                ops.append((bare, source))
            } else {
                throw .unknown(source, word: word)
            }
            if ops.count > limit { throw .tooMany(count: ops.count, limit: limit) }
        }
        guard !ops.isEmpty else { throw .empty }
        return ops
    }
}
