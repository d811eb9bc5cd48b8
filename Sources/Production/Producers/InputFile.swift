import Foundation
import InputText

/// The file a producer draws (a tree, a family, a table, a graph): the
/// command line's argument, a lecture's `file:`.
enum InputFile {
    /// Refuses options that name no file, as only a lecture can leave it out.
    static func check(_ file: String?, naming: OptionNaming) throws(ProductionFailure) {
        if file == nil { throw missing(naming) }
    }

    /// The file the options name, read from the lecture's folder when
    /// relative. A lecture notes it in the input ledger as its section's
    /// `file:`, so that an output that would replace it says so in its
    /// words; the command line's is the input file.
    static func path(_ file: String?, in context: ProductionContext) throws(ProductionFailure) -> String {
        guard let file else { throw missing(context.naming) }
        let path = context.resolved(file)
        if context.naming != .flags, path != "-" { InputLedger.current?.record(path: path, role: context.role("file")) }
        return path
    }

    private static func missing(_ naming: OptionNaming) -> ProductionFailure {
        ProductionFailure(naming == .flags ? "give the file to read" : "give the file to read as file:", status: 64)
    }

    /// What the summary line says of the encoding a file was read in:
    /// nothing for UTF-8 and UTF-16, the two a text file is expected in;
    /// a legacy one by its name (or `shown`), with where it came from:
    /// "in ANSEL, as its CHAR says" when the file declares it, "in
    /// Windows-1252" when the user gave it, and "in Windows-1252
    /// (--encoding to change)" when it was a guess. A file read otherwise
    /// than `asked` (the encoding the user gave) was so by its byte-order
    /// mark, which says what it is over any: that is said, as the flag
    /// was not followed.
    static func encoding(
        _ encoding: TextEncoding, asked: TextEncoding?, from: String?, shown: String? = nil, in context: ProductionContext
    ) -> String {
        if let asked, asked != encoding, !encoding.isLegacy {
            return " in \(encoding.name), as its byte-order mark says (not \(context.name("encoding")) \(asked.name))"
        }
        guard encoding.isLegacy else { return "" }
        let name = shown ?? encoding.name
        switch from {
        case "--encoding"?: return " in \(name)"
        case let by?: return " in \(name), as \(by) says"
        case nil: return " in \(name) (\(context.name("encoding")) to change)"
        }
    }
}

/// A text a lecture may write as a list: its items joined by commas, as
/// the command line writes them (`only: [Chile, Peru]` is `--only Chile,Peru`).
struct CommaText: Decodable {
    var text: String

    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var items = [String]()
            while !list.isAtEnd { items.append(try list.decode(String.self)) }
            text = items.joined(separator: ",")
        } else {
            text = try decoder.singleValueContainer().decode(String.self)
        }
    }
}

extension ProductionContext {
    /// A reader's message, worded for the command line (`--pick 3: the
    /// file holds one tree, so --pick takes 1`), with each of `keys` named
    /// as this context names it.
    func worded(_ message: String, keys: [String]) -> String {
        guard naming != .flags else { return message }
        var text = message
        // Longest first, so that `--period-column` is not taken for `--period`.
        for key in keys.sorted(by: { $0.count > $1.count }) {
            var out = "", rest = Substring(text)
            while let found = rest.range(of: "--" + key) {
                let next = rest[found.upperBound...].first
                let whole = next.map { !($0.isLetter || $0.isNumber || $0 == "-") } ?? true
                out += rest[..<found.lowerBound] + (whole ? name(key) : String(rest[found]))
                rest = rest[found.upperBound...]
            }
            text = out + rest
        }
        return text
    }
}
