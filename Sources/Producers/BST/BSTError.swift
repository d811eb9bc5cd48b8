/// Why a BST animation cannot be made, with the data at fault; the command
/// line names the flag.
public enum BSTError: Error, Equatable, CustomStringConvertible {
    /// Keys that occur more than once, each once, in the order of their
    /// second occurrence.
    case duplicateKeys([Int])

    public var description: String {
        switch self {
        case .duplicateKeys(let keys):
            "duplicate keys: \(keys.map(String.init).joined(separator: ", ")) (each key can be inserted once)"
        }
    }

    /// The keys that occur more than once in `keys`, each once, in the
    /// order of their second occurrence.
    public static func duplicates(in keys: [Int]) -> [Int] {
        var seen = Set<Int>(), reported = Set<Int>(), result = [Int]()
        for k in keys where !seen.insert(k).inserted && reported.insert(k).inserted {
            result.append(k)
        }
        return result
    }
}
