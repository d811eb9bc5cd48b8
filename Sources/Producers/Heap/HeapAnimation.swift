import Diagram
import Trees
import Tween

/// The script of a heap lecture: inserts, extracts, heapify and heapsort
/// on a binary heap drawn twice, as a tree and as the array under it, each
/// swap moving both at once. The producer replays the operations on a
/// ``BinaryHeap`` and plays each comparison it reports.
///
///     let program = try HeapOperation.parse("heapify 9 4 7 1 8; insert 3; extract; heapsort")
///     let script = try HeapAnimation(program: program, options: HeapOptions(), labels: LabelFit(font: font)).script
public struct HeapAnimation: Sendable {
    public let script: Script

    /// The animation of `program`, in order.
    /// - Throws: ``HeapOperationError/tooLarge(_:count:limit:)`` when the
    ///   array would grow past ``HeapAnimation/capacityLimit`` keys.
    public init(program: [(HeapOperation, OperationSource)], options: HeapOptions, labels: LabelFit) throws(HeapOperationError) {
        let capacity = try Self.capacity(of: program)
        var options = options
        let codeDropped = options.code && options.opsPerSecond != nil
        // Fast play shows where each operation lands, not its lines.
        if options.code, options.opsPerSecond == nil {
            options.stage.code = CodeRoom(fitting: HeapCode(order: options.order).all, drawing: HeapPlayer.codeDrawing(capacity: capacity))
        } else {
            options.code = false
        }
        var player = HeapPlayer(program: program.map(\.0), capacity: capacity, options: options, labels: labels)
        if let rate = options.opsPerSecond {
            player.playFast(program.map(\.0), rate: rate)
        } else {
            for (i, op) in program.map(\.0).enumerated() {
                player.builder.operation = i
                player.play(op)
            }
        }
        player.finish()
        if codeDropped { player.builder.note("--code: operations played several a step (fast play) show no pseudocode") }
        script = player.builder.script
    }

    /// The most keys the array may hold: seven levels, the deepest 64 wide,
    /// about what a slide can show.
    public static let capacityLimit = 127

    /// The script of `program`, estimated without playing it: every
    /// operation rests at least 0.6 s, and changes at most a few dozen
    /// elements (the heap holds at most ``capacityLimit`` keys).
    public static func estimate(
        program: [(HeapOperation, OperationSource)], finalHold: Double = 3, opsPerSecond: Double? = nil
    ) -> ScriptEstimate {
        if let rate = opsPerSecond {
            return ScriptEstimate(seconds: finalHold + Double(operations(program)) / rate, changes: 3 * capacityLimit * operations(program))
        }
        return ScriptEstimate(seconds: finalHold + 0.6 * Double(program.count), changes: 32 * program.count)
    }

    /// The operations fast play counts: a heapsort's rounds each.
    public static func operations(_ program: [(HeapOperation, OperationSource)]) -> Int {
        var size = 0, count = 0
        for (op, _) in program {
            switch op {
            case .insert: size += 1
            case .heapify(let keys): size += keys.count
            case .extract: size = max(size - 1, 0)
            case .heapsort:
                count += size - 1
                size = 0
            }
            count += 1
        }
        return count
    }

    /// The fast-play rate a program gets when none is asked for: none
    /// while one operation at a time lasts at most three minutes (a
    /// comparison and its swap take about 1.2 s, an operation's start and
    /// end 2.1 s, replayed on the heap), played at `speed`; else as many a
    /// second as play it in about a minute, and at least one.
    public static func fastPlay(
        for program: [(HeapOperation, OperationSource)], order: HeapOrder, finalHold: Double = 3, speed: Double = 1
    ) -> Double? {
        var heap = BinaryHeap(order: order)
        var seconds = finalHold
        for (op, _) in program {
            switch op {
            case .insert(let k): seconds += 2.1 + 1.2 * Double(heap.insert(k).events.count)
            case .extract: seconds += 2.1 + 1.2 * Double(heap.extract()?.events.count ?? 0)
            case .heapify(let keys): seconds += 2.1 + heap.heapify(keys).sifts.reduce(0) { $0 + 2.1 + 1.2 * Double($1.events.count) }
            case .heapsort:
                while let round = heap.sortOne() { seconds += 2.1 + 1.2 * Double(round.events.count) }
            }
        }
        return Pace.fastPlayRate(operations: operations(program), seconds: seconds, speed: speed)
    }

    /// The most items the array holds at any point of `program`.
    static func capacity(of program: [(HeapOperation, OperationSource)]) throws(HeapOperationError) -> Int {
        var heap = 0, array = 0, most = 1
        for (op, source) in program {
            switch op {
            case .insert:
                heap += 1
                array = heap
            case .heapify(let keys):
                heap += keys.count
                array = heap
            case .extract where heap > 0:
                heap -= 1
                array = heap
            case .extract, .heapsort:
                heap = 0
            }
            guard array <= capacityLimit else { throw .tooLarge(source, count: array, limit: capacityLimit) }
            most = max(most, array)
        }
        return most
    }
}

/// How a heap animation moves and is framed, apart from its operations.
public struct HeapOptions: Sendable {
    public var order: HeapOrder = .min
    public var easing: Easing = .easeInOut
    /// Seconds the last frame is held.
    public var finalHold = 3.0
    /// Fast play: operations a second (a heapsort's rounds each), each
    /// shown where it lands without its comparisons; nil plays them one by
    /// one.
    public var opsPerSecond: Double?
    /// The frame the animation is drawn for: its shape and whether it has
    /// captions.
    public var stage = Stage()
    /// Shows the operations' pseudocode beside the heap, the line running
    /// highlighted (`--code`).
    public var code = false

    public init() {}
}
