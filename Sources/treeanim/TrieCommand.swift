import ArgumentParser
import TreeAnimKit

/// `treeanim trie`: a trie or radix tree of words.
struct TrieCommand: ProducerCommand {
    typealias Made = TrieProducer

    static let configuration = CommandConfiguration(
        commandName: TrieProducer.name,
        abstract: "A trie or radix tree of words: inserts, searches, prefix searches and deletes that prune.",
        discussion: """
            Operations come from --ops, --ops-file, or as inserts from --inserts or --values (numbers \
            as words of digits). Given none (nor --seed or --range), it plays \
            "\(TrieProducer.defaultOperations)".

            Operations: insert W… (add), search W… (find), delete W… (remove), prefix P… \
            (starts-with); separated by ';' or new lines; in --ops-file, '#' starts a comment. A \
            word is any characters but spaces, commas and ';', in any script: each character \
            (as a reader sees it, so 树 or é) is one edge. A green node ends a word; a prefix \
            search lights every word under it; a delete unmarks the word and prunes the nodes \
            that lead to no other.

            --compressed draws a radix tree: each edge carries the letters its words share, and \
            an insert that leaves an edge part way splits it there.

            Examples:
              treeanim trie --ops "insert tea ten to inn; search ten; prefix te; delete ten" -o trie.gif
              treeanim trie --compressed --ops "insert team tea ten toast; prefix te" -o radix.gif
              treeanim trie --ops "insert 树木 树林 森林; prefix 树" -o chinese.gif
            """)

    @Flag(help: "A radix tree: edges carry the letters their words share.")
    var compressed = false

    @OptionGroup(title: "Keys") var keys: KeyOptions
    @OptionGroup var operations: OperationArguments<TrieOperation>

    @OptionGroup var fit: FitOption

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    /// The options as the library's trie takes them.
    var options: TrieProducer.Options {
        var options = TrieProducer.Options()
        options.compressed = compressed
        options.operations = operations.input(keys)
        options.fit = fit.fit
        return options
    }
}
