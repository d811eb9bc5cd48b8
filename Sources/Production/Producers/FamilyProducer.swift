import Diagram
import FamilyFiles
import Foundation
import InputText
import Producers
import Trees

/// `family`: a family chart read from JSON, YAML or GEDCOM, revealed
/// generation by generation, animated from each version in the file to the
/// next, and walked from one person to a relative.
public enum FamilyProducer: Producer {
    public static let name = "family"

    public struct Options: ProducerOptions, Equatable {
        /// The family file, or `-` for standard input.
        public var file: String?
        /// The file's format, when its extension does not say.
        public var format: FamilyFileFormat?
        /// The file's character encoding, when the guess (or a GEDCOM
        /// header's `CHAR`) is wrong.
        public var encoding: TextEncoding?
        /// How the chart appears.
        public var reveal: FamilyOptions.Reveal = .generations
        /// Walk a ring from one person to a relative: two ids or names, separated by a comma.
        public var lineage: String?
        /// Draw one person's family only: an id or a name.
        public var focus: String?
        /// With `focus`: generations of ancestors and of descendants, 0 to 30 (default: 2).
        public var up: Int?
        public var down: Int?
        /// Leave out the birth and death years under the names.
        public var noYears = false
        /// Name everyone, however long it takes, rather than the summary a
        /// family too large to tour in 3 minutes gets by default.
        public var fullTour = false
        /// Seconds to hold the last frame, 0 to 60.
        public var hold: Double = 3
        public var fit: Fit = .legible

        public init() {}

        public static var keys: [OptionKey] {
            [
                OptionKey("file", .path), OptionKey("format"), OptionKey("encoding"), OptionKey("reveal"), OptionKey("lineage"), OptionKey("focus"),
                OptionKey("up"), OptionKey("down"), OptionKey("no-years", .flag), OptionKey("full-tour", .flag), OptionKey("hold"),
                OptionKey("fit"),
            ]
        }

        public func check(naming: OptionNaming) throws(ProductionFailure) {
            let name = naming.name
            func usage(_ message: String) -> ProductionFailure { ProductionFailure(message, status: 64) }
            try InputFile.check(file, naming: naming)
            try Numeral.checkHold(hold, naming: naming)
            for (key, value) in [("up", up), ("down", down)] {
                guard let value else { continue }
                guard focus != nil else { throw usage("\(name(key)) is for \(name("focus")): name the person to chart around") }
                guard (0...30).contains(value) else { throw usage("\(name(key)) must be from 0 to 30 (got \(value))") }
            }
            if let focus, focus.trimmingCharacters(in: .whitespaces).isEmpty {
                throw usage("\(name("focus")) is empty: give a person's id or name")
            }
            if let lineage {
                let parts = FamilyProducer.pair(lineage)
                if parts.count != 2 || parts.contains(where: \.isEmpty) {
                    throw usage("\(name("lineage")) \"\(lineage)\" should be two people separated by a comma (ids or names)")
                }
            }
            if file == "-", format == nil {
                let format = naming == .flags ? "--format " : "format: "
                throw usage("standard input has no extension: give \(format)json, yaml or gedcom")
            }
        }

        enum CodingKeys: String, CodingKey {
            case file, format, encoding, reveal, lineage, focus, up, down, hold, fit
            case noYears = "no-years"
            case fullTour = "full-tour"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            file = try c.decodeIfPresent(String.self, forKey: .file)
            format = try c.decodeIfPresent(FamilyFileFormat.self, forKey: .format)
            encoding = try c.decodeIfPresent(EncodingName.self, forKey: .encoding)?.encoding
            reveal = try c.decodeIfPresent(FamilyOptions.Reveal.self, forKey: .reveal) ?? .generations
            lineage = try c.decodeIfPresent(CommaText.self, forKey: .lineage)?.text
            focus = try c.decodeIfPresent(String.self, forKey: .focus)
            up = try c.decodeIfPresent(Int.self, forKey: .up)
            down = try c.decodeIfPresent(Int.self, forKey: .down)
            noYears = try c.decodeIfPresent(Bool.self, forKey: .noYears) ?? false
            fullTour = try c.decodeIfPresent(Bool.self, forKey: .fullTour) ?? false
            hold = try c.decodeIfPresent(Double.self, forKey: .hold) ?? 3
            fit = try c.decodeIfPresent(Fit.self, forKey: .fit) ?? .legible
        }
    }

    public static func make(_ given: Options, in context: ProductionContext) throws(ProductionFailure) -> Production {
        let file = try InputFile.path(given.file, in: context)
        let contents: FamilyFile.Contents
        do throws(FamilyFileError) {
            contents = try FamilyFile.load(from: InputSource(argument: file), format: given.format, encoding: given.encoding)
            for warning in contents.warnings { context.session.log.write("treeanim: warning: \(warning)\n") }
        } catch {
            throw ProductionFailure(error.description, status: 65)
        }
        var versions = contents.versions
        if let focus = given.focus {
            // Found in the last version, the one on screen at the end; each
            // version is drawn around them where they are in it.
            let person = try find(focus, in: versions[versions.count - 1], key: "focus", context: context)
            versions = versions.filter { $0.person(person) != nil }.map { $0.around(person, up: given.up ?? 2, down: given.down ?? 2) }
        }
        var options = FamilyOptions()
        options.reveal = given.reveal
        options.easing = context.options.easing
        options.finalHold = given.hold
        options.years = !given.noYears
        // A part the user chose, or everyone: the default summary is not made.
        options.summarise = !given.fullTour && given.focus == nil
        options.stage = context.stage(fitting: given.fit)
        if let lineage = given.lineage {
            // People are found in the last version, the one on screen.
            let last = versions[versions.count - 1]
            let parts = pair(lineage)
            let a = try find(parts[0], in: last, key: "lineage", context: context)
            let b = try find(parts[1], in: last, key: "lineage", context: context)
            guard last.kinship(from: a, to: b) != nil else {
                throw ProductionFailure(
                    "\(context.name("lineage")): \(describe(a, in: last)) and \(describe(b, in: last)) share no ancestor in the file",
                    status: 64)
            }
            options.lineage = (a, b)
        }
        let name = context.name
        let fewer = given.focus == nil
            ? "use \(name("focus")) PERSON (with \(name("up")) N, \(name("down")) M) or \(name("reveal")) none"
            : "use a smaller \(name("up")) or \(name("down")), or \(name("reveal")) none"
        try context.session.check(FamilyAnimation.estimate(versions: versions, options: options), fewer: fewer, status: 65)
        let script = FamilyAnimation(versions: versions, options: options, labels: context.labels).script
        let title = file == "-" ? "Family" : URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        return Production(script: script, title: title, fewer: fewer, status: 65, read: described(contents, file: file, asked: given.encoding, in: context))
    }

    /// What the file was read as, for the summary line: its format, a
    /// legacy encoding and what chose it, its versions.
    static func described(_ contents: FamilyFile.Contents, file: String, asked: TextEncoding?, in context: ProductionContext) -> String {
        var what = (file == "-" ? "standard input" : file) + " as " + contents.format.name
        what += InputFile.encoding(contents.encoding, asked: asked, from: contents.encodingFrom, in: context)
        if contents.versions.count > 1 { what += ", \(contents.versions.count) versions" }
        return what
    }

    static func pair(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The id of the person `text` names: an id, else a name no one else
    /// has. `key` is the option that names them.
    static func find(_ text: String, in family: Family, key: String, context: ProductionContext) throws(ProductionFailure) -> String {
        let text = text.trimmingCharacters(in: .whitespaces)
        if family.person(text) != nil { return text }
        // Exactly as written, else in any case and with any accents (a
        // GEDCOM often writes surnames in capitals).
        var named = family.people.filter { $0.name == text }
        if named.isEmpty {
            named = family.people.filter { $0.name.compare(text, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame }
        }
        switch named.count {
        case 1: return named[0].id
        case 0: throw ProductionFailure("\(context.name(key)): no person has the id or name \"\(text)\"", status: 64)
        default:
            let ids = named.prefix(4).map { "'\($0.id)'" }.joined(separator: ", ")
            throw ProductionFailure("\(context.name(key)): \(named.count) people are named \"\(text)\" (\(ids)): give an id", status: 64)
        }
    }

    /// A person found by ``find(_:in:key:context:)``, as a message names them.
    static func describe(_ id: String, in family: Family) -> String {
        "\(family.person(id)?.name ?? id) ('\(id)')"
    }
}

extension FamilyFileFormat: Decodable {}
extension FamilyOptions.Reveal: Decodable {}
