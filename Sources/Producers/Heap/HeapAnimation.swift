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
        var player = HeapPlayer(program: program.map(\.0), capacity: capacity, options: options, labels: labels)
        for op in program.map(\.0) { player.play(op) }
        player.finish()
        script = player.builder.script
    }

    /// The most keys the array may hold: seven levels, the deepest 64 wide,
    /// about what a slide can show.
    public static let capacityLimit = 127

    /// The script of `program`, estimated without playing it: every
    /// operation rests at least 0.6 s, and changes at most a few dozen
    /// elements (the heap holds at most ``capacityLimit`` keys).
    public static func estimate(program: [(HeapOperation, OperationSource)], finalHold: Double = 3) -> ScriptEstimate {
        ScriptEstimate(seconds: finalHold + 0.6 * Double(program.count), changes: 32 * program.count)
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
    /// The frame the animation is drawn for: its shape and whether it has
    /// captions.
    public var stage = Stage()

    public init() {}
}
