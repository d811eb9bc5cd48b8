/// One operation of a trie lecture, as `--ops` names it.
public enum TrieOperation: OperationList, Equatable {
    public static let example = "insert tea ten to inn; search ten; prefix te; delete ten"

    case insert(String)
    case search(String)
    case delete(String)
    case prefix(String)

    public var text: String {
        switch self {
        case .insert(let w): "insert \(w)"
        case .search(let w): "search \(w)"
        case .delete(let w): "delete \(w)"
        case .prefix(let w): "prefix \(w)"
        }
    }

    public var word: String {
        switch self {
        case .insert(let w), .search(let w), .delete(let w), .prefix(let w): w
        }
    }

    /// The longest word, in characters: longer would not read as a path.
    public static let longest = 16

    /// The operations of `text`: `insert W…` (`add`), `search W…`
    /// (`find`), `delete W…` (`remove`), `prefix P…` (`starts-with`);
    /// words are any characters but spaces, commas and `;`, in any script.
    public static func parse(_ text: String, lines: Bool = false) throws(LinearOperationError) -> [(TrieOperation, OperationSource)] {
        var ops = [(TrieOperation, OperationSource)]()
        for (words, source) in try OperationWords.split(text, lines: lines, refusing: LinearOperationError.longCharacter) {
            let args = Array(words.dropFirst())
            guard !args.isEmpty else { throw .missingValue(source) }
            if let long = args.first(where: { $0.count > longest }) { throw .badWord(source, token: long, longest: longest) }
            switch words[0].lowercased() {
            case "insert", "add", "put": ops += args.map { (.insert($0), source) }
            case "search", "find", "contains": ops += args.map { (.search($0), source) }
            case "delete", "remove", "del": ops += args.map { (.delete($0), source) }
            case "prefix", "starts-with", "startswith", "complete": ops += args.map { (.prefix($0), source) }
            case let word: throw .unknown(source, word: word, expected: "insert, search, delete or prefix")
            }
            if ops.count > LinearWords.limit { throw .tooMany(count: ops.count, limit: LinearWords.limit) }
        }
        guard !ops.isEmpty else { throw .empty }
        return ops
    }
}

extension TrieOperation {
    /// `--inserts` and `--values` insert numbers as words of digits: a
    /// trie of digit strings, as of phone numbers.
    public static func insert(_ key: Int) -> TrieOperation { .insert(String(key)) }
}
