import Diagram

/// The script of a stack lecture: push, pop and peek on an array with a
/// `top` index (doubling when full) or on linked nodes, and two of the
/// stack's classic uses played step by step: evaluating a postfix
/// expression and checking brackets.
///
///     let program = try StackOperation.parse("push 3 5; pop; postfix 3 4 + 2 *")
///     let script = try StackAnimation(program: program, options: LinearOptions(), labels: LabelFit(font: font)).script
public struct StackAnimation: Sendable {
    public let script: Script

    public init(program: [(StackOperation, OperationSource)], options: LinearOptions, labels: LabelFit) throws(LinearOperationError) {
        // Played first without drawing, by the drawing's rules: every value
        // pushed (postfix results too) and every size the stack reaches.
        var model = StackModel(capacity: options.linked || options.grows ? nil : options.capacity)
        for (op, source) in program {
            model.source = source
            model.play(op)
        }
        let ops = program.map(\.0.text)
        // Each postfix expression's tokens as its strip writes them.
        let expressions = program.compactMap { op, _ -> [String]? in
            guard case .postfix(let tokens) = op else { return nil }
            return Postfix.written(tokens)
        }
        if options.linked {
            let style = ListStyle(head: "top", tail: nil, walkerNames: ["cur"])
            let limit = ListPlayer.readable(style: style, values: model.pushed, stage: options.stage, labels: labels)
            if let (n, source) = model.sizes.first(where: { $0.0 > limit }) {
                let most = LinearCapacity.most(stage: options.stage, limit: limit, cap: ListAnimation.capacityLimit, peak: model.sizes.map(\.0).max() ?? 0)
                let narrow = ListPlayer.readable(style: style, values: [], stage: options.stage, labels: labels)
                throw LinearOperationError.tooLarge(source, count: n, limit: limit, most: most).blamingWidth(narrow: narrow, values: model.pushed, labels: labels)
            }
            var player = ListPlayer(
                style: style, operations: ops, values: model.pushed, capacity: model.sizes.map(\.0).max() ?? 1, stage: options.stage,
                labels: labels, expressions: expressions)
            script = Self.played(program, on: &player, hold: options.finalHold)
        } else {
            var player = try ArrayPlayer(
                kind: .stack, options: options, operations: ops, values: model.pushed, sizes: model.sizes, labels: labels,
                expressions: expressions)
            script = Self.played(program, on: &player, hold: options.finalHold)
        }
    }

    /// The script of `program` played on `drawing`.
    static func played(_ program: [(StackOperation, OperationSource)], on drawing: inout some StackDrawing, hold: Double) -> Script {
        for (i, (op, _)) in program.enumerated() {
            drawing.builder.operation = i
            drawing.play(op)
        }
        drawing.finish(hold: hold)
        return drawing.builder.script
    }

    public static func estimate(program: [(StackOperation, OperationSource)], finalHold: Double) -> ScriptEstimate {
        let steps = program.reduce(0) { n, op in
            switch op.0 {
            case .postfix(let tokens): n + 3 * tokens.count + 2
            // Each opener pushed, and popped again by its closer or the clearing.
            case .brackets(let text): n + 2 * text.count + 2
            default: n + 1
            }
        }
        return ScriptEstimate(seconds: finalHold + 2.5 * Double(steps), changes: 40 * LinearCapacity.cellLimit * steps)
    }
}

/// The script of a queue lecture: enqueue, dequeue and peek on a circular
/// buffer (`front` and `rear` wrapping round, doubling when full) or on
/// linked nodes with `front` and `rear` pointers.
public struct QueueAnimation: Sendable {
    public let script: Script

    public init(program: [(QueueOperation, OperationSource)], options: LinearOptions, labels: LabelFit) throws(LinearOperationError) {
        let values = program.compactMap { op, _ -> LinearValue? in
            if case .enqueue(let v) = op { return v }
            return nil
        }
        let ops = program.map(\.0.text)
        var sizes = [(Int, OperationSource)]()
        var size = 0
        for (op, source) in program {
            switch op {
            case .enqueue: size += 1
            case .dequeue: size = max(size - 1, 0)
            case .peek: break
            }
            sizes.append((size, source))
        }
        if options.linked {
            let style = ListStyle(head: "front", tail: "rear", walkerNames: ["cur"])
            let limit = ListPlayer.readable(style: style, values: values, stage: options.stage, labels: labels)
            if let (n, source) = sizes.first(where: { $0.0 > limit }) {
                let most = LinearCapacity.most(stage: options.stage, limit: limit, cap: ListAnimation.capacityLimit, peak: sizes.map(\.0).max() ?? 0)
                let narrow = ListPlayer.readable(style: style, values: [], stage: options.stage, labels: labels)
                throw LinearOperationError.tooLarge(source, count: n, limit: limit, most: most).blamingWidth(narrow: narrow, values: values, labels: labels)
            }
            var player = ListPlayer(
                style: style, operations: ops, values: values, capacity: sizes.map(\.0).max() ?? 1, stage: options.stage, labels: labels)
            script = Self.played(program, on: &player, hold: options.finalHold)
        } else {
            var player = try ArrayPlayer(kind: .queue, options: options, operations: ops, values: values, sizes: sizes, labels: labels)
            script = Self.played(program, on: &player, hold: options.finalHold)
        }
    }

    /// The script of `program` played on `drawing`.
    static func played(_ program: [(QueueOperation, OperationSource)], on drawing: inout some QueueDrawing, hold: Double) -> Script {
        for (i, (op, _)) in program.enumerated() {
            drawing.builder.operation = i
            drawing.play(op)
        }
        drawing.finish(hold: hold)
        return drawing.builder.script
    }

    public static func estimate(program: [(QueueOperation, OperationSource)], finalHold: Double) -> ScriptEstimate {
        ScriptEstimate(seconds: finalHold + 2.5 * Double(program.count), changes: 40 * LinearCapacity.cellLimit * program.count)
    }
}

/// A stack without its drawing, played by the drawing's rules (a fixed
/// array overflows; postfix and brackets stop where the drawing stops):
/// every value it pushes, and its size after each push, with the
/// operation that pushed.
struct StackModel: StackMachine {
    var values: [LinearValue] = []
    /// A fixed array's capacity; nil when the stack grows.
    let capacity: Int?
    var pushed: [LinearValue] = []
    var sizes: [(Int, OperationSource)] = []
    /// The operation being played.
    var source = OperationSource(index: 1, text: "")

    init(capacity: Int?) {
        self.capacity = capacity
    }

    mutating func open() {}

    mutating func push(_ v: LinearValue, title: String, caption: String?) -> Bool {
        if let capacity, values.count >= capacity { return false }
        values.append(v)
        pushed.append(v)
        sizes.append((values.count, source))
        return true
    }

    mutating func pop(title: String, caption: String?) -> LinearValue? { values.popLast() }

    mutating func peek(title: String) {}

    mutating func say(_ title: String, _ caption: String, note: String?) {}
}

/// How long an array grows.
enum LinearCapacity {
    /// The most cells an array may have with `--fit all`; without it, as
    /// many as read in one row.
    static let cellLimit = 32

    /// The most cells the array has, starting at `start` and doubling
    /// whenever a value comes to a full one.
    static func cells(sizes: [(Int, OperationSource)], start: Int, grows: Bool, limit: Int, stage: Stage) throws(LinearOperationError) -> Int {
        var peak = start
        for (size, _) in sizes where grows { while size > peak { peak *= 2 } }
        let most = most(stage: stage, limit: limit, cap: cellLimit, peak: peak)
        var capacity = start
        guard capacity <= limit else { throw .tooWide(flag: "--capacity", count: capacity, limit: limit, most: most) }
        for (size, source) in sizes where grows {
            while size > capacity { capacity *= 2 }
            guard capacity <= limit else { throw .tooManyCells(source, count: capacity, limit: limit, what: "array", most: most) }
        }
        return capacity
    }

    /// What a refusal says of `--fit all` (see ``LinearOperationError``):
    /// nil when the limit is the cap itself (the frame is no matter, or
    /// `--fit all` is on); the cap when `--fit all` would draw the run's
    /// `peak`; else 0.
    static func most(stage: Stage, limit: Int, cap: Int, peak: Int) -> Int? {
        stage.fitsAll || limit >= cap ? nil : peak <= cap ? cap : 0
    }
}

extension ArrayPlayer {
    /// The array of a stack or queue of `options`, as long as the most
    /// cells it grows to while its size goes through `sizes`.
    /// - Throws: ``LinearOperationError/tooManyCells(_:count:limit:)`` when
    ///   it would grow past what reads in a row.
    init(
        kind: Kind, options: LinearOptions, operations: [String], values: [LinearValue], sizes: [(Int, OperationSource)], labels: LabelFit,
        expressions: [[String]] = []
    ) throws(LinearOperationError) {
        let limit = Self.readable(values: values, stage: options.stage, labels: labels, limit: LinearCapacity.cellLimit)
        let peak: Int
        do throws(LinearOperationError) {
            peak = try LinearCapacity.cells(sizes: sizes, start: options.capacity, grows: options.grows, limit: limit, stage: options.stage)
        } catch {
            let narrow = Self.readable(values: [], stage: options.stage, labels: labels, limit: LinearCapacity.cellLimit)
            throw error.blamingWidth(narrow: narrow, values: values, labels: labels)
        }
        self.init(
            kind: kind, capacity: options.capacity, grows: options.grows, operations: operations, values: values, peak: peak,
            stage: options.stage, labels: labels, expressions: expressions)
    }
}
