import ArgumentParser
import Foundation
import TreeAnimKit

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
              treeanim bst --ops "insert 50 17 72 12 23; search 23; delete 17; inorder" -o lecture.mp4
              treeanim --inserts 15 --seed 7 --theme dark -o slides/bst.webm
              treeanim --inserts 31 --range 1...99 --transparent -o frames/
              treeanim --inserts 10 --seed 3 --frame-range 0:100 -o part1/
              treeanim compare golden/ frames/               check frames against golden/

            Run treeanim help bst for every option.
            """,
        version: "treeanim 0.2.0",
        subcommands: producerCommands + [LectureCommand.self, StudioCommand.self, CompareCommand.self],
        defaultSubcommand: BSTCommand.self)
}

extension TreeAnim {
    /// The flags of every producer, as the library's registry names and
    /// orders them: a producer has its subcommand here, under its name.
    static let producerCommands: [any ParsableCommand.Type] = {
        let flags: [any ProducerCommand.Type] = [
            BSTCommand.self, AVLCommand.self, RBCommand.self, HeapCommand.self, ListCommand.self, StackCommand.self,
            QueueCommand.self, HashCommand.self, BTreeCommand.self, TrieCommand.self, TreeCommand.self,
            FamilyCommand.self, BarsCommand.self, SortCommand.self, GraphCommand.self,
        ]
        // A producer without flags here is missing from `treeanim help`,
        // which SharedPathTests check against the registry.
        return ProducerRegistry.all.compactMap { producer in flags.first { $0.producer == producer.name } }
    }()

    /// Refuses `treeanim help WORD…` when a word names no subcommand:
    /// ArgumentParser would print the general help and succeed, and a typo
    /// would look like an answer.
    static func checkHelpRequest(_ arguments: [String]) throws {
        guard arguments.first == "help" else { return }
        func name(_ command: any ParsableCommand.Type) -> String { command.configuration.commandName ?? "" }
        var command: any ParsableCommand.Type = TreeAnim.self
        for word in arguments.dropFirst() where !word.hasPrefix("-") {
            // `treeanim help help` is the help command's own help.
            if command == TreeAnim.self, word == "help" { return }
            let subcommands = command.configuration.subcommands
            guard let next = subcommands.first(where: { name($0) == word }) else {
                let names = subcommands.map(name)
                let whose = command == TreeAnim.self ? "no subcommand" : "\(name(command)) has no subcommand"
                let known = names.isEmpty ? "" : ": the subcommands are \(names.joined(separator: ", "))"
                throw CommandFailure("\(whose) '\(word)'\(known)", status: 64)
            }
            command = next
        }
    }
}

/// `treeanim bst`: a binary search tree, built by inserts or put through
/// any list of operations.
struct BSTCommand: ProducerCommand {
    typealias Made = BSTProducer

    static let configuration = CommandConfiguration(
        commandName: BSTProducer.name,
        abstract: "A binary search tree: inserts, searches, deletes, min, max and traversals.",
        discussion: """
            Operations come from --ops, --ops-file, or as inserts from --inserts or --values. \
            Each is a step: a ring walks the comparison path with every decision in the caption, \
            the key being inserted rides beside it and drops into its slot.

            Operations: insert K…, search K, delete K, min, max, inorder, preorder, \
            postorder, levelorder; separated by ';' or new lines; in --ops-file, '#' starts a comment.
            """)

    @OptionGroup(title: "Keys") var keys: KeyOptions
    @OptionGroup var operations: OperationArguments<BSTOperation>
    @OptionGroup var tree: SearchTreeArguments
    @OptionGroup var fastPlay: FastPlayOption
    @OptionGroup var code: SearchTreeCode
    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    var options: SearchTreeOptions { searchTree }
}

/// `treeanim avl`: an AVL tree, the BST operations followed each time by
/// the walk back up that rotates it into balance.
struct AVLCommand: ProducerCommand {
    typealias Made = AVLProducer

    static let configuration = CommandConfiguration(
        commandName: AVLProducer.name,
        abstract: "An AVL tree: the BST operations, each insert and delete followed by the walk back up and its rotations.",
        discussion: """
            The same operations and options as bst. Every node carries its balance factor \
            (left height less right height) in a badge; after an insert or delete a ring walks \
            back up to the root updating them, and a node at +2 or −2 is rotated back into \
            balance, the case named in the caption (LL at 30: rotate right).

            Example:
              treeanim avl --values 30,20,10,40,50,25,60,5,7 -o avl.gif   (all four cases)
            """)

    @OptionGroup(title: "Keys") var keys: KeyOptions
    @OptionGroup var operations: OperationArguments<BSTOperation>
    @OptionGroup var tree: SearchTreeArguments
    @OptionGroup var fastPlay: FastPlayOption
    @OptionGroup var code: SearchTreeCode
    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    var options: SearchTreeOptions { searchTree }
}

/// `treeanim rb`: a red-black tree, the BST operations followed each time
/// by CLRS's fix-up, its cases named.
struct RBCommand: ProducerCommand {
    typealias Made = RBProducer

    static let configuration = CommandConfiguration(
        commandName: RBProducer.name,
        abstract: "A red-black tree: the BST operations, each insert and delete followed by CLRS's fix-up.",
        discussion: """
            The same operations and options as bst (without any, 8 random keys). Nodes are red or \
            black; a new key goes in red. \
            After each insert and delete a ring checks the colours where they may be broken and \
            each case of the fix-up is named in the caption (uncle 12 is red: recolour …; \
            case 3: … rotate left at 40), the recolourings tweening and the rotations gliding. \
            A node with two children gives its place to its successor (or predecessor, \
            --delete-with), which takes its colour. Sedgewick's left-leaning variant is not offered.

            Example:
              treeanim rb --ops "insert 11 2 14 1 7 15 5 8 4; delete 14" -o rb.gif
              (CLRS figure 13.4: inserting 4 meets cases 1, 2 and 3)
            """)

    @OptionGroup(title: "Keys") var keys: KeyOptions
    @OptionGroup var operations: OperationArguments<BSTOperation>
    @OptionGroup var tree: SearchTreeArguments
    @OptionGroup var fastPlay: FastPlayOption
    @OptionGroup var code: SearchTreeCode
    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    @Flag(help: "Draw every empty place (nil leaf) as a small black square.")
    var showNil = false

    /// The options as the library's red-black tree takes them.
    var options: RBProducer.Options {
        var options = RBProducer.Options()
        options.tree = searchTree
        options.showNil = showNil
        return options
    }
}

/// The flags every search-tree subcommand (`bst`, `avl`, `rb`) has, in
/// groups side by side: its keys, its operations, how the tree is laid
/// out, fast play and the code panel.
///
/// A command holds these groups beside each other, not one inside another:
/// a debug build of ArgumentParser checks every group inside a group once
/// for each of its checks, and again each time it builds the command's
/// arguments, so each level of nesting multiplies the time every run takes
/// to parse its flags (bst's `--help` took 1.4 s of CPU with the operations
/// inside the tree's group, 482 ms with the keys inside the operations and
/// fast play inside the tree's group, 352 ms with every group side by side).
protocol SearchTreeCommand {
    var keys: KeyOptions { get }
    var operations: OperationArguments<BSTOperation> { get }
    var tree: SearchTreeArguments { get }
    var fastPlay: FastPlayOption { get }
    var code: SearchTreeCode { get }
}

extension SearchTreeCommand {
    /// The options as the library's search trees take them.
    var searchTree: SearchTreeOptions {
        var options = SearchTreeOptions()
        options.operations = operations.input(keys)
        options.layout = tree.layout
        options.deleteWith = tree.deleteWith
        options.opsPerSecond = fastPlay.opsPerSecond
        options.code = code.code
        return options
    }
}

extension BSTCommand: SearchTreeCommand {}
extension AVLCommand: SearchTreeCommand {}
extension RBCommand: SearchTreeCommand {}

/// How a search tree is laid out, and which key replaces a deleted node.
struct SearchTreeArguments: ParsableArguments {
    @Option(help: "Node placement: tidy is compact, inorder puts keys in sorted order left to right (bst: tidy; avl, rb: inorder).")
    var layout: TreeLayoutKind?

    @Option(help: "Which key takes the place of a deleted node with two children.")
    var deleteWith: Replacement = .successor
}

/// `--code` of a search tree, after its fast play in the help.
struct SearchTreeCode: ParsableArguments {
    @Flag(help: "Show each operation's pseudocode (CLRS) beside the tree, the line running highlighted.")
    var code = false
}
