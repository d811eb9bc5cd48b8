/// The lines where the elements of a graph JSON file's top-level `nodes`
/// and `links` (or `edges`) lists start, for messages: JSONSerialization
/// keeps no places. One pass over the bytes, strings and nesting followed.
///
///     JSONPlaces("{\"nodes\": [\n{\"id\": 1},\n{\"id\": 2}]}").nodes   // [2, 3]
///
/// - Complexity: O(n) in the text's bytes.
struct JSONPlaces {
    var nodes: [Int] = []
    var links: [Int] = []

    init(_ text: String) {
        var line = 1, depth = 0
        var inString = false, escaped = false
        // The last string at depth 1 (a key, when a colon follows), its
        // first bytes only: the keys that matter are short.
        var key = [UInt8](), list: String?
        var due = false
        var found = [String: [Int]]()
        for b in text.utf8 {
            if b == 10 { line += 1 }
            if inString {
                if escaped {
                    escaped = false
                } else if b == UInt8(ascii: "\\") {
                    escaped = true
                } else if b == UInt8(ascii: "\"") {
                    inString = false
                } else if depth == 1, key.count < 8 {
                    key.append(b)
                }
                continue
            }
            if b == 32 || b == 9 || b == 10 || b == 13 { continue }
            if depth == 2, let list, due, b != UInt8(ascii: ","), b != UInt8(ascii: "]") {
                found[list, default: []].append(line)
                due = false
            }
            switch b {
            case UInt8(ascii: "\""):
                inString = true
                if depth == 1 { key = [] }
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                if depth == 1 {
                    list = b == UInt8(ascii: "[") ? String(decoding: key, as: UTF8.self) : nil
                    if let list { found[list] = [] }
                    due = true
                }
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth <= 1 { list = nil }
            case UInt8(ascii: ","):
                if depth == 2 { due = true }
            default: break
            }
        }
        nodes = found["nodes"] ?? []
        links = found["links"] ?? found["edges"] ?? []
    }
}
