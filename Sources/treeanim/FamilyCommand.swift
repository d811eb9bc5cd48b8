import ArgumentParser
import TreeAnimKit

extension FamilyFileFormat: ExpressibleByArgument {}
extension FamilyOptions.Reveal: ExpressibleByArgument {}

/// `treeanim family FILE`: a family chart read from JSON, YAML or GEDCOM,
/// revealed generation by generation, animated from each version in the
/// file to the next, and walked from one person to a relative.
struct FamilyCommand: ProducerCommand {
    typealias Made = FamilyProducer

    static let configuration = CommandConfiguration(
        commandName: FamilyProducer.name,
        abstract: "Draw and animate a family chart from JSON, YAML or GEDCOM.",
        discussion: """
            JSON or YAML: a list of people (id, name, gender, born, died, couple: a \
            spouse's id or a list of them, children: ids), or a list of generations, each \
            a list of people. Several versions: {"versions": [...]} or YAML documents \
            separated by ---; people are matched by id from one version to the next. \
            GEDCOM 5.5: INDI (NAME, SEX, BIRT/DEAT DATE) and FAM (HUSB, WIFE, CHIL) \
            records; other tags are ignored. The text is UTF-8 or UTF-16, or the encoding \
            its bytes fit (a GEDCOM's CHAR ANSEL is read as ANSEL), said in the summary; \
            --encoding names it when that guess is wrong.

            Examples:
              treeanim family family.yaml -o family.gif
              treeanim family tree.ged --reveal families -o deck.html
              treeanim family family.json --lineage 小明,王建国 -o lineage.mp4
            """)

    @Argument(help: ArgumentHelp("The family file, or - for standard input.", valueName: "file"))
    var file: String

    @Option(help: "The file's format, when its extension does not say.")
    var format: FamilyFileFormat?

    @OptionGroup var encodingOption: EncodingOption

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

    @Flag(help: "Name everyone, however long it takes: by default a family too large to tour legibly in 3 minutes shows a summary, its most-connected ancestor and as many generations of descendants as fit.")
    var fullTour = false

    @Option(parsing: .unconditional, help: "Seconds to hold the last frame, 0 to 60 (default: 3).", transform: Numeral.decimal)
    var hold: Double = 3

    @OptionGroup var fit: FitOption

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    /// The options as the library's family chart takes them.
    var options: FamilyProducer.Options {
        var options = FamilyProducer.Options()
        options.file = file
        (options.format, options.encoding, options.reveal) = (format, encodingOption.encoding, reveal)
        (options.lineage, options.focus, options.up, options.down) = (lineage, focus, up, down)
        (options.noYears, options.fullTour, options.hold) = (noYears, fullTour, hold)
        options.fit = fit.fit
        return options
    }
}
