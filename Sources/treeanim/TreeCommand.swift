import ArgumentParser
import Diagram
import Foundation
import InputText
import Producers
import Production
import TreeFiles
import Trees

extension TreeFileFormat: ExpressibleByArgument {}

/// `--encoding`: a character encoding by any of its names.
struct EncodingArgument: ExpressibleByArgument {
    var encoding: TextEncoding

    init?(argument: String) {
        guard let encoding = TextEncoding(name: argument) else { return nil }
        self.encoding = encoding
    }

    static var defaultCompletionKind: CompletionKind { .list(["utf-8", "utf-16le", "utf-16be", "gb18030", "windows-1252", "ansel"]) }
}
extension TreeOptions.Reveal: ExpressibleByArgument {}
extension TreeOptions.Shape: ExpressibleByArgument {}

/// Which way a drawn tree grows.
enum TreeDirection: String, ExpressibleByArgument, CaseIterable {
    /// Whichever draws the tree larger in the frame.
    case auto, down, right

    var layout: SizedTidyLayout.Direction? {
        switch self {
        case .auto: nil
        case .down: .down
        case .right: .right
        }
    }
}

/// `treeanim tree FILE`: any tree a user writes down, drawn and revealed,
/// and animated from each version in the file to the next.
struct TreeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tree",
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

    @Option(help: ArgumentHelp(
        "The file's character encoding, when it is not UTF-8 or UTF-16 and the guess is wrong: utf-8, utf-16le, utf-16be, gb18030 (gbk), windows-1252 (latin-1).",
        valueName: "name"))
    var encoding: EncodingArgument?

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

    @OptionGroup var fit: FitOption

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    mutating func validate() throws {
        try validating { try Numeral.checkHold(hold) }
        if let collapseBelow, !(0...999).contains(collapseBelow) {
            throw ValidationError("--collapse-below must be from 0 to 999 (got \(collapseBelow))")
        }
        if let maxChildren, !(1...10_000).contains(maxChildren) {
            throw ValidationError("--max-children must be from 1 to 10000 (got \(maxChildren))")
        }
        if let wrap, !(4...200).contains(wrap) { throw ValidationError("--wrap must be from 4 to 200 characters (got \(wrap))") }
        if let tour, Self.stops(tour).contains(where: \.isEmpty) {
            throw ValidationError("--tour \"\(tour)\" has an empty stop: give paths separated by commas")
        }
        if let pick, pick < 1 { throw ValidationError("--pick must be 1 or more (got \(pick))") }
        if let rootLabel, rootLabel.trimmingCharacters(in: .whitespaces).isEmpty {
            throw ValidationError("--root-label is empty: give the label of the root that joins the trees")
        }
    }

    func run() throws {
        let font = try Render.font(animation)
        let contents: TreeFile.Contents
        do throws(TreeFileError) {
            let reading = TreeFile.Reading(format: format, encoding: encoding?.encoding, pick: pick, rootLabel: rootLabel)
            contents = try TreeFile.load(from: InputSource(argument: file), reading: reading)
        } catch {
            throw CommandFailure(error.description, status: error.message.hasPrefix("--pick") ? 64 : 65)
        }
        let versions = contents.versions
        var options = TreeOptions()
        options.reveal = reveal
        options.shape = shape
        options.direction = direction.layout
        options.stage = fit.stage(animation.settings)
        options.easing = animation.easing
        options.finalHold = hold
        options.wrap = wrap
        // A forest's depths count from its trees' roots, not the hidden
        // node that holds them.
        let items = versions.map { version in
            TreeFile.items(version).summarised(
                collapseBelow: collapseBelow.map { version.value.hidden ? $0 + 1 : $0 }, maxChildren: maxChildren)
        }
        // Named nodes are found in the last version, the one on screen when
        // the ring comes.
        let keys = TreeFile.items(versions[versions.count - 1]).preorder.map(\.key)
        let drawn = Set(items[items.count - 1].preorder.map(\.key))
        let find = { (flag: String, path: String) throws -> String in
            let key: String
            do throws(NodeLookupError) {
                key = keys[try TreeFile.find(path, in: versions[versions.count - 1])]
            } catch {
                throw CommandFailure("--\(flag): \(error.description)", status: 64)
            }
            guard drawn.contains(key) else {
                throw CommandFailure("--\(flag): '\(path)' is folded into a \"+N more\" leaf by --collapse-below or --max-children", status: 64)
            }
            return key
        }
        options.highlight = try highlight.map { try find("highlight", $0) }
        options.tour = try tour.map { try Self.stops($0).map { try find("tour", $0) } } ?? []
        let script = TreeAnimation(versions: items, options: options, labels: LabelFit(font: font)).script
        let name = file == "-" ? "Tree" : URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        try Render.run(
            script, font: font, options: animation, title: name, fewer: "use --max-children N, --collapse-below DEPTH or --reveal none",
            read: Self.described(contents, file: file))
    }

    /// What the file was read as, for the summary line: its format, a
    /// legacy encoding, the tree picked of several, a forest.
    static func described(_ contents: TreeFile.Contents, file: String) -> String {
        var what = (file == "-" ? "standard input" : file) + " as " + contents.format.description
        if contents.encoding.isLegacy { what += " in \(contents.encoding.name) (--encoding to change)" }
        if let picked = contents.picked {
            what += ", tree \(picked) of \(contents.found)" + (picked == 1 ? " (--pick N for another)" : "")
        } else if contents.found > 1 {
            what += ", \(contents.found) versions"
        }
        if contents.roots > 1 {
            what += ", \(contents.roots) roots" + (contents.versions.first?.value.hidden == true ? " side by side (--root-label joins them)" : "")
        }
        return what
    }

    /// The stops of a `--tour`: split at commas not escaped by a backslash
    /// (`\,` is a comma in a label; other escapes are the path's own).
    static func stops(_ tour: String) -> [String] {
        var stops = [""], escaping = false
        for character in tour {
            if escaping {
                if character != "," { stops[stops.count - 1].append("\\") }
                stops[stops.count - 1].append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "," {
                stops.append("")
            } else {
                stops[stops.count - 1].append(character)
            }
        }
        if escaping { stops[stops.count - 1].append("\\") }
        return stops.map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
