import ArgumentParser
import Diagram
import Foundation
import Producers
import TreeFiles
import Trees

extension TreeFileFormat: ExpressibleByArgument {}
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
        abstract: "Draw and animate a tree from a file: JSON, an indented outline, brackets or level order.",
        discussion: """
            The format comes from the extension (.json; .txt or .outline; .tree for \
            brackets) or --format. Several trees in one file (a JSON array, or trees \
            separated by a line ---) are versions: the animation goes from each to the \
            next, nodes matched by "id" where given, else by their path of labels.

            Examples:
              treeanim tree family.txt -o family.gif
              echo '[S [NP the cat] [VP sat]]' | treeanim tree - --format brackets -o s.png/
              treeanim tree versions.json --direction right -o deck.html
            """)

    @Argument(help: ArgumentHelp("The tree file, or - for standard input.", valueName: "file"))
    var file: String

    @Option(help: "The file's format, when its extension does not say.")
    var format: TreeFileFormat?

    @Option(help: "How a single tree (or the first version) appears.")
    var reveal: TreeOptions.Reveal = .levels

    @Option(help: "Node shape: auto gives short labels circles and longer ones boxes.")
    var shape: TreeOptions.Shape = .auto

    @Option(help: "Which way the tree grows: auto picks the one that draws it larger.")
    var direction: TreeDirection = .auto

    @Option(parsing: .unconditional, help: "Seconds to hold the last frame, 0 to 60.")
    var hold: Double = 3

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    mutating func validate() throws {
        guard hold.isFinite, (0...60).contains(hold) else { throw ValidationError("--hold must be from 0 to 60 seconds (got \(Format.number(hold)))") }
        if file == "-", format == nil {
            throw ValidationError("standard input has no extension: give --format json, outline, brackets or level-order")
        }
    }

    func run() throws {
        let font = try Render.font(animation.font)
        let versions: [Tree<TreeFileNode>]
        do throws(TreeFileError) {
            if file == "-" {
                let bytes = [UInt8]((try? FileHandle.standardInput.readToEnd()) ?? Data())
                versions = try TreeFile.read(bytes, name: "<stdin>", format: format)
            } else {
                versions = try TreeFile.read(path: file, format: format)
            }
        } catch {
            throw CommandFailure(error.description, status: 65)
        }
        var options = TreeOptions()
        options.reveal = reveal
        options.shape = shape
        options.direction = direction.layout
        options.frameWidth = animation.size.width
        options.frameHeight = animation.size.height
        options.easing = animation.easing
        options.finalHold = hold
        let items = versions.map(TreeFile.items)
        let script = TreeAnimation(versions: items, options: options, labels: LabelFit(font: font)).script
        let name = file == "-" ? "Tree" : URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        try Render.run(script, font: font, options: animation, title: name)
    }
}
