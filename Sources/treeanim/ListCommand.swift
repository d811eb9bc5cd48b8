import ArgumentParser
import TreeAnimKit

/// `treeanim list`: a linked list, singly or doubly linked, linear or
/// circular, with every pointer change drawn.
struct ListCommand: ProducerCommand {
    typealias Made = ListProducer

    static let configuration = CommandConfiguration(
        commandName: ListProducer.name,
        abstract: "A linked list: inserts, deletes, search and reversal, one pointer at a time.",
        discussion: """
            Operations come from --ops, --ops-file, or as appends from --inserts or --values. \
            Each node is a value cell and a next cell (and a prev cell, --doubly); each pointer \
            an arrow. An operation walks the list with a pointer (cur), and each pointer it \
            changes swings to its new node, captioned with the assignment.

            Operations: append V… (insert, push-back), prepend V… (push-front), insert-at I V, \
            delete V (the first holding it), delete-at I, delete-head, delete-tail, search V, \
            reverse; separated by ';' or new lines; in --ops-file, '#' starts a comment. \
            Values are numbers or short words and may repeat. An operation that cannot be done \
            (a delete from an empty list, an index past the end) is a step that says so.

            Examples:
              treeanim list --ops "append 3 5 8; insert-at 1 4; delete 5; reverse" -o list.gif
              treeanim list --doubly --circular --values 1,2,3,4 -o ring.mp4
            """)

    @Flag(help: "Doubly linked: each node also points to the one before.")
    var doubly = false

    @Flag(help: "Circular: the last node points back to the first.")
    var circular = false

    @OptionGroup(title: "Keys") var keys: KeyOptions
    @OptionGroup var operations: OperationArguments<ListOperation>

    @OptionGroup var fit: FitOption

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    /// The options as the library's list takes them.
    var options: ListProducer.Options {
        var options = ListProducer.Options()
        options.doubly = doubly
        options.circular = circular
        options.operations = operations.input(keys)
        options.fit = fit.fit
        return options
    }
}
