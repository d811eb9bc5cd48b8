import Diagram

/// The script of a linked-list lecture: inserts at the head, the tail or
/// an index, deletes by value or index, searches and reversal, on a singly
/// or doubly linked list, linear or circular, each pointer change shown
/// as an arrow swinging from its old node to its new one.
///
///     let program = try ListOperation.parse("append 3 5 8; insert-at 1 4; reverse")
///     let script = try ListAnimation(program: program, options: LinearOptions(), labels: LabelFit(font: font)).script
public struct ListAnimation: Sendable {
    public let script: Script

    /// The animation of `program`, in order.
    /// - Throws: ``LinearOperationError/tooLarge(_:count:limit:)`` when the
    ///   list would grow past ``capacityLimit`` nodes.
    public init(program: [(ListOperation, OperationSource)], options: LinearOptions, labels: LabelFit) throws(LinearOperationError) {
        let style = ListStyle(doubly: options.doubly, circular: options.circular)
        let values = Self.values(of: program)
        let limit = ListPlayer.readable(style: style, values: values, stage: options.stage, labels: labels)
        let peak = (try? Self.capacity(of: program, limit: .max, most: nil)) ?? .max
        let capacity: Int
        do throws(LinearOperationError) {
            capacity = try Self.capacity(
                of: program, limit: limit, most: LinearCapacity.most(stage: options.stage, limit: limit, cap: Self.capacityLimit, peak: peak))
        } catch {
            let narrow = ListPlayer.readable(style: style, values: [], stage: options.stage, labels: labels)
            throw error.blamingWidth(narrow: narrow, values: values, labels: labels)
        }
        var player = ListPlayer(
            style: style, operations: program.map(\.0.text), values: values, capacity: capacity, stage: options.stage, labels: labels)
        for (i, (op, _)) in program.enumerated() {
            player.builder.operation = i
            player.play(op)
        }
        player.finish(hold: options.finalHold)
        script = player.builder.script
    }

    /// The most nodes a list may hold with `--fit all`; without it, as
    /// many as read in one row on the slide (about 10 singly linked
    /// two-digit numbers at 16:9).
    public static let capacityLimit = 16

    /// Every value the program brings.
    static func values(of program: [(ListOperation, OperationSource)]) -> [LinearValue] {
        program.compactMap { op, _ in
            switch op {
            case .insertHead(let v), .insertTail(let v), .insertAt(_, let v): v
            default: nil
            }
        }
    }

    /// The longest the list gets.
    static func capacity(of program: [(ListOperation, OperationSource)], limit: Int, most: Int?) throws(LinearOperationError) -> Int {
        var list = [LinearValue](), longest = 0
        for (op, source) in program {
            switch op {
            case .insertHead(let v): list.insert(v, at: 0)
            case .insertTail(let v): list.append(v)
            case .insertAt(let i, let v) where i <= list.count: list.insert(v, at: i)
            case .delete(let v): if let i = list.firstIndex(of: v) { list.remove(at: i) }
            case .deleteAt(let i) where i < list.count: list.remove(at: i)
            case .deleteHead where !list.isEmpty: list.removeFirst()
            case .deleteTail where !list.isEmpty: list.removeLast()
            case .reverse: list.reverse()
            default: break
            }
            guard list.count <= limit else { throw .tooLarge(source, count: list.count, limit: limit, most: most) }
            longest = max(longest, list.count)
        }
        return longest
    }

    /// A lower bound of the script's length, and its changes, for the
    /// command's limits.
    public static func estimate(program: [(ListOperation, OperationSource)], finalHold: Double) -> ScriptEstimate {
        ScriptEstimate(seconds: finalHold + 2.5 * Double(program.count), changes: 40 * capacityLimit * program.count)
    }
}

/// How a list, stack or queue animation is drawn and framed, apart from
/// its operations.
public struct LinearOptions: Sendable {
    /// A doubly linked list: each node points back too.
    public var doubly = false
    /// A circular list: the last node points back to the first.
    public var circular = false
    /// Stacks and queues: linked nodes instead of an array.
    public var linked = false
    /// An array's first capacity, and whether it doubles when full (else
    /// a push onto a full array overflows).
    public var capacity = 4
    public var grows = true
    /// Seconds the last frame is held.
    public var finalHold = 3.0
    public var stage = Stage()

    public init() {}
}
