import Diagram

/// One operation on a hash table, as `--ops` names it.
public enum HashOperation: OperationList, Equatable {
    public static let example = "insert 20 42 9 31; search 42; delete 20; search 31"

    case insert(LinearValue)
    case search(LinearValue)
    case delete(LinearValue)

    public var text: String {
        switch self {
        case .insert(let k): "insert \(k)"
        case .search(let k): "search \(k)"
        case .delete(let k): "delete \(k)"
        }
    }

    public static func insert(_ key: Int) -> HashOperation { .insert(LinearValue(key)) }

    /// The operations of `text`: `insert K…` (`put`, `add`), `search K…`
    /// (`find`, `get`), `delete K…` (`remove`); keys are numbers or words.
    public static func parse(_ text: String, lines: Bool = false) throws(LinearOperationError) -> [(HashOperation, OperationSource)] {
        var ops = [(HashOperation, OperationSource)]()
        for (words, source) in try OperationWords.split(text, lines: lines, refusing: LinearOperationError.longCharacter) {
            let keys = try LinearWords.values(words.dropFirst(), source)
            switch words[0].lowercased() {
            case "insert", "put", "add": ops += keys.map { (.insert($0), source) }
            case "search", "find", "get", "contains": ops += keys.map { (.search($0), source) }
            case "delete", "remove", "del": ops += keys.map { (.delete($0), source) }
            case let word: throw .unknown(source, word: word, expected: "insert, search or delete")
            }
            if ops.count > LinearWords.limit { throw .tooMany(count: ops.count, limit: LinearWords.limit) }
        }
        guard !ops.isEmpty else { throw .empty }
        return ops
    }
}

/// How a hash table resolves collisions.
public enum Probing: String, Sendable, CaseIterable {
    case linear, quadratic, double
}

/// How a hash table animation is built, apart from its operations.
public struct HashOptions: Sendable {
    /// The table's first size.
    public var size = 11
    /// Open addressing with this probing; nil: separate chaining.
    public var probing: Probing?
    public var hash = HashFunction.division
    /// Double hashing's step: `1 + (k mod (m − 1))` by default.
    public var secondHash = HashFunction.secondDefault
    public var stringHash = StringHash.sum
    /// Past this load factor (keys / size) an insert rehashes into a table
    /// about twice the size (the next prime); nil never rehashes.
    public var maxLoad: Double? = 0.75
    public var finalHold = 3.0
    public var stage = Stage()

    public init() {}
}

extension HashFunction {
    /// CLRS's double-hashing step: never 0, and with a prime size it
    /// reaches every cell.
    public static let secondDefault = HashFunction(
        form: .expression(.add(.number(1), .modulo(.key, .subtract(.size, .number(1))))), description: "1 + (k mod (m − 1))")
}

extension HashOptions {
    /// Double hashing's step for `code` in a table of `m`: never 0; nil
    /// where the second hash divides by zero or overflows.
    func step(_ code: Int, size m: Int) -> Int? {
        secondHash.index(of: code, size: m).map { max($0, 1) }
    }

    /// The cell probe `attempt` (from 0) of a key hashed to `home` tries:
    /// the home first, then by the probing; nil where double hashing's
    /// step is undefined.
    func probe(_ code: Int, home: Int, attempt i: Int, size m: Int) -> Int? {
        guard i > 0 else { return home }
        switch probing ?? .linear {
        case .linear: return (home + i) % m
        case .quadratic: return (home + i * i) % m
        case .double: return step(code, size: m).map { (home + i * $0) % m }
        }
    }
}
