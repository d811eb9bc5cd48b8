import ArgumentParser
import Diagram
import Producers

/// `treeanim`: animations of data structures for slides. Each structure is a
/// subcommand; `bst` is the default, so `treeanim --inserts 10` is
/// `treeanim bst --inserts 10`.
struct TreeAnim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "treeanim",
        abstract: "Render animations of data structures for slides, lectures and docs.",
        discussion: """
            Output is a GIF, MP4 or WebM (through ffmpeg) or a folder of PNG frames, \
            chosen by the extension of -o. Without a subcommand, treeanim runs bst.

            Examples:
              treeanim --inserts 10 --fps 30                 10 random keys → treeanim.gif
              treeanim bst --values 50,17,72,12,23,60 -o bst.mp4
              treeanim --inserts 15 --seed 7 --theme dark -o slides/bst.webm
              treeanim --inserts 31 --range 1...99 --transparent -o frames/
              treeanim --inserts 10 --seed 3 --frame-range 0:100 -o part1/

            Run treeanim help bst for every option.
            """,
        version: "treeanim 0.2.0",
        subcommands: [BSTCommand.self],
        defaultSubcommand: BSTCommand.self)
}

/// `treeanim bst`: a binary search tree being built by inserts.
struct BSTCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bst",
        abstract: "A binary search tree being built by inserts.",
        discussion: """
            Each insert shows the new key entering, a ring walking the comparison path, \
            and every node easing into the new layout.
            """)

    @OptionGroup(title: "Keys") var keys: KeyOptions

    @Option(help: "Node placement: tidy is compact, inorder puts keys in sorted order left to right.")
    var layout: TreeLayoutKind = .tidy

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    func run() throws {
        let font = try Render.font(animation.font)
        let (keyList, randomSeed) = keys.chooseKeys()
        var options = BSTOptions()
        options.layout = layout
        options.easing = animation.easing
        let script = try BSTInsertAnimation(keys: keyList, options: options, labels: LabelFit(font: font)).script
        try Render.run(script, font: font, options: animation)
        if let seed = randomSeed {
            Messages.write("seed \(seed) (pass --seed \(seed) to get the same keys)\n")
        }
    }
}
