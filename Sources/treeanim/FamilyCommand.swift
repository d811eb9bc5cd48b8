import ArgumentParser
import Diagram
import FamilyFiles
import Foundation
import InputText
import Producers
import Production
import Trees

extension FamilyFileFormat: ExpressibleByArgument {}
extension FamilyOptions.Reveal: ExpressibleByArgument {}

/// `treeanim family FILE`: a family chart read from JSON, YAML or GEDCOM,
/// revealed generation by generation, animated from each version in the
/// file to the next, and walked from one person to a relative.
struct FamilyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "family",
        abstract: "Draw and animate a family chart from JSON, YAML or GEDCOM.",
        discussion: """
            JSON or YAML: a list of people (id, name, gender, born, died, couple: a \
            spouse's id or a list of them, children: ids), or a list of generations, each \
            a list of people. Several versions: {"versions": [...]} or YAML documents \
            separated by ---; people are matched by id from one version to the next. \
            GEDCOM 5.5: INDI (NAME, SEX, BIRT/DEAT DATE) and FAM (HUSB, WIFE, CHIL) \
            records; other tags are ignored.

            Examples:
              treeanim family family.yaml -o family.gif
              treeanim family tree.ged --reveal families -o deck.html
              treeanim family family.json --lineage 小明,王建国 -o lineage.mp4
            """)

    @Argument(help: ArgumentHelp("The family file, or - for standard input.", valueName: "file"))
    var file: String

    @Option(help: "The file's format, when its extension does not say.")
    var format: FamilyFileFormat?

    @Option(help: "How the chart appears: a generation at a time, a family tree at a time, or all at once.")
    var reveal: FamilyOptions.Reveal = .generations

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Walk a ring from one person to a relative through their closest shared ancestor, lighting the lines: two ids or names, separated by a comma.",
        valueName: "a,b"))
    var lineage: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Draw one person's family only, as genealogy programs chart a large file: their ancestors (--up) and descendants (--down), with partners. An id or a name.",
        valueName: "person"))
    var focus: String?

    @Option(parsing: .unconditional, help: "With --focus: generations of ancestors, 0 to 30 (default: 2).", transform: Numeral.whole)
    var up: Int?

    @Option(parsing: .unconditional, help: "With --focus: generations of descendants, 0 to 30 (default: 2).", transform: Numeral.whole)
    var down: Int?

    @Flag(help: "Leave out the birth and death years under the names.")
    var noYears = false

    @Option(parsing: .unconditional, help: "Seconds to hold the last frame, 0 to 60 (default: 3).", transform: Numeral.decimal)
    var hold: Double = 3

    @OptionGroup var fit: FitOption

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    mutating func validate() throws {
        try validating { try Numeral.checkHold(hold) }
        for (flag, value) in [("--up", up), ("--down", down)] {
            guard let value else { continue }
            guard focus != nil else { throw ValidationError("\(flag) is for --focus: name the person to chart around") }
            guard (0...30).contains(value) else { throw ValidationError("\(flag) must be from 0 to 30 (got \(value))") }
        }
        if let focus, focus.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--focus is empty: give a person's id or name")
        }
        if let lineage {
            let parts = Self.pair(lineage)
            if parts.count != 2 || parts.contains(where: \.isEmpty) {
                throw ValidationError("--lineage \"\(lineage)\" should be two people separated by a comma (ids or names)")
            }
        }
        if file == "-", format == nil {
            throw ValidationError("standard input has no extension: give --format json, yaml or gedcom")
        }
    }

    func run() throws {
        let font = try Render.font(animation)
        var versions: [Family]
        do throws(FamilyFileError) {
            let contents = try FamilyFile.load(from: InputSource(argument: file), format: format)
            versions = contents.versions
            for warning in contents.warnings { Messages.write("treeanim: warning: \(warning)\n") }
        } catch {
            throw CommandFailure(error.description, status: 65)
        }
        if let focus {
            // Found in the last version, the one on screen at the end; each
            // version is drawn around them where they are in it.
            let person = try Self.find(focus, in: versions[versions.count - 1], flag: "--focus")
            versions = versions.filter { $0.person(person) != nil }.map { $0.around(person, up: up ?? 2, down: down ?? 2) }
        }
        var options = FamilyOptions()
        options.reveal = reveal
        options.easing = animation.easing
        options.finalHold = hold
        options.years = !noYears
        options.stage = fit.stage(animation.settings)
        if let lineage {
            // People are found in the last version, the one on screen.
            let last = versions[versions.count - 1]
            let parts = Self.pair(lineage)
            let a = try Self.find(parts[0], in: last), b = try Self.find(parts[1], in: last)
            guard last.kinship(from: a, to: b) != nil else {
                throw CommandFailure(
                    "--lineage: \(Self.describe(a, in: last)) and \(Self.describe(b, in: last)) share no ancestor in the file",
                    status: 64)
            }
            options.lineage = (a, b)
        }
        let fewer = focus == nil
            ? "use --focus PERSON (with --up N, --down M) or --reveal none"
            : "use a smaller --up or --down, or --reveal none"
        try Render.check(FamilyAnimation.estimate(versions: versions, options: options), options: animation, fewer: fewer, status: 65)
        let script = FamilyAnimation(versions: versions, options: options, labels: LabelFit(font: font)).script
        let name = file == "-" ? "Family" : URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        try Render.run(script, font: font, options: animation, title: name, fewer: fewer, status: 65)
    }

    static func pair(_ text: String) -> [String] {
        text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The id of the person `text` names: an id, else a name no one else has.
    static func find(_ text: String, in family: Family, flag: String = "--lineage") throws -> String {
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
        case 0: throw CommandFailure("\(flag): no person has the id or name \"\(text)\"", status: 64)
        default:
            let ids = named.prefix(4).map { "'\($0.id)'" }.joined(separator: ", ")
            throw CommandFailure("\(flag): \(named.count) people are named \"\(text)\" (\(ids)): give an id", status: 64)
        }
    }

    static func describe(_ id: String, in family: Family) -> String {
        "\(family.person(id)!.name) ('\(id)')"
    }
}
