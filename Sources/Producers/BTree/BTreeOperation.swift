/// One operation of a B-tree lecture, as `--ops` names it.
public enum BTreeOperation: OperationList, Equatable {
    public static let example = "insert 10 20 30 40 50 60; search 40; delete 20"

    case insert(Int)
    case search(Int)
    case delete(Int)

    public var text: String {
        switch self {
        case .insert(let k): "insert \(KeyLabel.text(k))"
        case .search(let k): "search \(KeyLabel.text(k))"
        case .delete(let k): "delete \(KeyLabel.text(k))"
        }
    }

    public var key: Int {
        switch self {
        case .insert(let k), .search(let k), .delete(let k): k
        }
    }

    /// A B-tree's keys are distinct: `--values` may not repeat one.
    public static var distinctKeys: Bool { true }

    /// The operations of `text`: `insert K…` (`add`), `search K…` (`find`),
    /// `delete K…` (`remove`), keys whole numbers.
    public static func parse(_ text: String, lines: Bool = false) throws(LinearOperationError) -> [(BTreeOperation, OperationSource)] {
        var ops = [(BTreeOperation, OperationSource)]()
        for (words, source) in try OperationWords.split(text, lines: lines, refusing: LinearOperationError.longCharacter) {
            let keys = try words.dropFirst().map { token throws(LinearOperationError) -> Int in
                guard let k = OperationWords.key(token) else { throw .badKey(source, token: token) }
                return k
            }
            guard !keys.isEmpty else { throw .missingValue(source) }
            switch words[0].lowercased() {
            case "insert", "add", "put": ops += keys.map { (.insert($0), source) }
            case "search", "find", "contains": ops += keys.map { (.search($0), source) }
            case "delete", "remove", "del": ops += keys.map { (.delete($0), source) }
            case let word: throw .unknown(source, word: word, expected: "insert, search or delete")
            }
            if ops.count > LinearWords.limit { throw .tooMany(count: ops.count, limit: LinearWords.limit) }
        }
        guard !ops.isEmpty else { throw .empty }
        return ops
    }
}
