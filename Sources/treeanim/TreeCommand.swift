import ArgumentParser
import TreeAnimKit

extension TreeFileFormat: ExpressibleByArgument {}

/// `--encoding` of every command that reads a file: a character encoding
/// by any of its names; another name is refused with the names it takes.
enum EncodingArgument {
    static let completion = CompletionKind.list(["utf-8", "utf-16le", "utf-16be", "gb18030", "windows-1252", "ansel"])

    static func parse(_ text: String) throws -> TextEncoding { try TextEncoding(parsing: text) }
}

/// `--encoding NAME`, declared once for every command that reads a file.
struct EncodingOption: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The file's character encoding, when it is not UTF-8 or UTF-16 and the guess (or the file's own word: a DOT charset, a GEDCOM CHAR) is wrong: utf-8, utf-16le, utf-16be, gb18030 (gbk), windows-1252 (latin-1), or another such as windows-1250. A byte-order mark at the file's start says UTF-8 or UTF-16 over it.",
            valueName: "name"),
        completion: EncodingArgument.completion, transform: EncodingArgument.parse)
    var encoding: TextEncoding?
}
extension TreeOptions.Reveal: ExpressibleByArgument {}
extension TreeOptions.Shape: ExpressibleByArgument {}
extension TreeDirection: ExpressibleByArgument {}

/// `treeanim tree FILE`: any tree a user writes down, drawn and revealed,
/// and animated from each version in the file to the next.
struct TreeCommand: ProducerCommand {
    typealias Made = TreeProducer

    static let configuration = CommandConfiguration(
        commandName: TreeProducer.name,
        abstract: "Draw and animate a tree from a file: JSON, an outline, Markdown, brackets, LaTeX, a tree listing, paths, CSV or level order.",
        discussion: """
            The format is told by the content, whatever the extension: JSON (d3 \
            hierarchies), an indented outline, a Markdown list, brackets, LeetCode's level \
            order, forest and qtree trees in a LaTeX document, a `tree` listing (Unix or \
            Windows), a list of paths, or a CSV table (id,parentId or dotted paths); \
            --format says it when the guess is wrong. Several trees in one file (a JSON \
            array, or trees separated by a line ---) are versions: the animation goes from \
            each to the next, nodes matched by "id" where given, else by their path of \
            labels. A LaTeX document's trees are separate: the first is drawn, or --pick N. \
            Several roots are drawn side by side, or joined under --root-label.

            Examples:
              treeanim tree family.txt -o family.gif
              echo '[S [NP the cat] [VP sat]]' | treeanim tree - -o s.png/
              treeanim tree notes.tex --pick 2 -o syntax.gif
              treeanim tree versions.json --direction right -o deck.html
            """)

    @Argument(help: ArgumentHelp("The tree file, or - for standard input.", valueName: "file"))
    var file: String

    @Option(help: "The file's format, when the one told from its content is wrong.")
    var format: TreeFileFormat?

    @OptionGroup var encodingOption: EncodingOption

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Draw the Nth tree of a file that holds several (a LaTeX document's, or one version), from 1.", valueName: "n"),
        transform: Numeral.whole)
    var pick: Int?

    @Option(help: ArgumentHelp("Join the trees of a file with several roots under one root with this label.", valueName: "label"))
    var rootLabel: String?

    @Option(help: "How a single tree (or the first version) appears.")
    var reveal: TreeOptions.Reveal = .levels

    @Option(help: "Node shape: auto gives short labels circles and longer ones boxes.")
    var shape: TreeOptions.Shape = .auto

    @Option(help: "Which way the tree grows: auto picks the one that draws it larger.")
    var direction: TreeDirection = .auto

    @Option(parsing: .unconditional, help: "Seconds to hold the last frame, 0 to 60 (default: 3).", transform: Numeral.decimal)
    var hold: Double = 3

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Break labels longer than this many characters into lines (at spaces where they have them), 4 to 200.", valueName: "n"),
        transform: Numeral.whole)
    var wrap: Int?

    @Option(help: ArgumentHelp(
        "Ring a node of the last tree: its labels from the root joined by / (or the end of that path, or its id).",
        valueName: "path"))
    var highlight: String?

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Slide one ring from node to node of the last tree, resting on each: paths as for --highlight, separated by commas (\\, for a comma in a label).",
        valueName: "a,b,c"))
    var tour: String?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Draw nodes down to this depth (the root is 0); what is below one becomes a \"+N more\" leaf.", valueName: "depth"),
        transform: Numeral.whole)
    var collapseBelow: Int?

    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("Draw at most this many children of a node; the rest become one \"+N more\" leaf.", valueName: "n"),
        transform: Numeral.whole)
    var maxChildren: Int?

    @Flag(help: "Tour every node, however long it takes: by default a tree too large to tour legibly in 3 minutes shows a summary, the depths nearest the root, the rest folded into \"+N more\" leaves.")
    var fullTour = false

    @OptionGroup var fit: FitOption

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    /// The options as the library's tree takes them.
    var options: TreeProducer.Options {
        var options = TreeProducer.Options()
        options.file = file
        (options.format, options.encoding, options.pick, options.rootLabel) = (format, encodingOption.encoding, pick, rootLabel)
        (options.reveal, options.shape, options.direction) = (reveal, shape, direction)
        (options.hold, options.wrap) = (hold, wrap)
        (options.highlight, options.tour) = (highlight, tour)
        (options.collapseBelow, options.maxChildren, options.fullTour) = (collapseBelow, maxChildren, fullTour)
        options.fit = fit.fit
        return options
    }
}
