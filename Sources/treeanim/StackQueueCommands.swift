import ArgumentParser
import TreeAnimKit

/// The options a stack and a queue share: an array or linked nodes, and
/// the array's size.
struct ArrayOptions: ParsableArguments {
    @Flag(help: "Linked nodes instead of an array.")
    var linked = false

    @Option(parsing: .unconditional, help: "The array's first capacity, 1 to 32 (default: 4).", transform: Numeral.whole)
    var capacity: Int = 4

    @Flag(help: "A fixed array: a value that comes to a full one overflows, instead of the array doubling.")
    var fixed = false

    /// The choices as the library takes them.
    var storage: ArrayStorage {
        var storage = ArrayStorage()
        storage.linked = linked
        storage.capacity = capacity
        storage.fixed = fixed
        return storage
    }

    mutating func validate() throws {
        try validating { try storage.check(naming: .flags) }
    }
}

/// `treeanim stack`: push, pop and peek, and a stack's classic uses.
struct StackCommand: ProducerCommand {
    typealias Made = StackProducer

    static let configuration = CommandConfiguration(
        commandName: StackProducer.name,
        abstract: "A stack in an array (top index, doubling when full) or linked nodes: push, pop, peek, postfix and brackets.",
        discussion: """
            Operations come from --ops, --ops-file, or as pushes from --inserts or --values.

            Operations: push V…, pop, peek, postfix TOKENS… (numbers pushed, each of + - * / % \
            popping two and pushing the result), brackets TEXT (each opener pushed, each closer \
            popping its partner); separated by ';' or new lines; in --ops-file, '#' starts a \
            comment. Values are numbers or short words. A pop from an empty stack, or a push \
            onto a full --fixed array, is a step that says so.

            Examples:
              treeanim stack --ops "push 3 5 8; pop; peek" -o stack.gif
              treeanim stack --ops "postfix 3 4 + 2 *" -o postfix.gif
              treeanim stack --linked --ops "brackets {[()()]}" -o brackets.mp4
            """)

    @OptionGroup var array: ArrayOptions

    @OptionGroup(title: "Keys") var keys: KeyOptions
    @OptionGroup var operations: OperationArguments<StackOperation>

    @OptionGroup var fit: FitOption

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    /// The options as the library's stack takes them.
    var options: StackProducer.Options {
        var options = StackProducer.Options()
        options.array = array.storage
        options.operations = operations.input(keys)
        options.fit = fit.fit
        return options
    }
}

/// `treeanim queue`: enqueue, dequeue and peek on a circular buffer or
/// linked nodes.
struct QueueCommand: ProducerCommand {
    typealias Made = QueueProducer

    static let configuration = CommandConfiguration(
        commandName: QueueProducer.name,
        abstract: "A queue in a circular array (front and rear wrapping round, doubling when full) or linked nodes.",
        discussion: """
            Operations come from --ops, --ops-file, or as enqueues from --inserts or --values.

            Operations: enqueue V… (push, add, offer), dequeue (pop, poll), peek (front); \
            separated by ';' or new lines; in --ops-file, '#' starts a comment. Values are \
            numbers or short words. A dequeue from an empty queue, or an enqueue onto a full \
            --fixed array, is a step that says so.

            Examples:
              treeanim queue --capacity 4 --ops "enqueue 1 2 3; dequeue; dequeue; enqueue 4 5 6" -o queue.gif
              treeanim queue --linked --values 3,1,4 -o linked.mp4
            """)

    @OptionGroup var array: ArrayOptions

    @OptionGroup(title: "Keys") var keys: KeyOptions
    @OptionGroup var operations: OperationArguments<QueueOperation>

    @OptionGroup var fit: FitOption

    @OptionGroup(title: "Animation and output") var animation: AnimationOptions

    /// The options as the library's queue takes them.
    var options: QueueProducer.Options {
        var options = QueueProducer.Options()
        options.array = array.storage
        options.operations = operations.input(keys)
        options.fit = fit.fit
        return options
    }
}
