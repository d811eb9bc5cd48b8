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
        let values = Self.values(of: program)
        let ops = program.map(\.0.text)
        if options.linked {
            let style = ListStyle(head: "top", tail: nil, walkerNames: ["cur"])
            let limit = ListPlayer.readable(style: style, values: values, stage: options.stage, labels: labels)
            let peak = try Self.peak(program, limit: limit)
            var player = ListPlayer(style: style, operations: ops, values: values, capacity: peak, stage: options.stage, labels: labels)
            script = Self.played(program, on: &player, hold: options.finalHold)
        } else {
            var player = try ArrayPlayer(
                kind: .stack, options: options, operations: ops, values: values, sizes: Self.sizes(program), labels: labels)
            script = Self.played(program, on: &player, hold: options.finalHold)
        }
    }

    /// The script of `program` played on `drawing`.
    static func played(_ program: [(StackOperation, OperationSource)], on drawing: inout some StackDrawing, hold: Double) -> Script {
        for (op, _) in program { drawing.play(op) }
        drawing.finish(hold: hold)
        return drawing.builder.script
    }

    /// Every value the program may push, postfix results included (as
    /// wide as their operands' sum, product or difference may be).
    static func values(of program: [(StackOperation, OperationSource)]) -> [LinearValue] {
        var out = [LinearValue]()
        for (op, _) in program {
            switch op {
            case .push(let v): out.append(v)
            case .postfix(let tokens):
                let numbers = tokens.compactMap { LinearValue(token: $0)?.key }
                out += numbers.map(LinearValue.init)
                // A result: at most the product of the magnitudes, clamped.
                let bound = numbers.reduce(1) { $0.multipliedReportingOverflow(by: max(abs($1), 1)).partialValue }
                out.append(LinearValue(-abs(bound)))
            case .brackets: out.append(LinearValue(token: "(") ?? LinearValue(0))
            case .pop, .peek: break
            }
        }
        return out
    }

    /// The size of the stack after each operation's steps, with the
    /// operation (for an error): played on a plain array.
    static func sizes(_ program: [(StackOperation, OperationSource)]) -> [(Int, OperationSource)] {
        var size = 0
        var out = [(Int, OperationSource)]()
        for (op, source) in program {
            switch op {
            case .push: size += 1
            case .pop: size = max(size - 1, 0)
            case .peek: break
            case .postfix(let tokens):
                // Numbers push; operators pop two and push one: the most
                // held is found as it goes.
                var held = 0
                for t in tokens {
                    held += Postfix.isOperator(t) ? -1 : 1
                    out.append((size + max(held, 0), source))
                }
                size += max(held, 0)
            case .brackets(let text):
                var held = 0
                for ch in text {
                    if "([{<".contains(ch) { held += 1 } else if ")]}>".contains(ch) { held -= 1 }
                    out.append((size + max(held, 0), source))
                }
                size += max(held, 0)
            }
            out.append((size, source))
        }
        return out
    }

    static func peak(_ program: [(StackOperation, OperationSource)], limit: Int) throws(LinearOperationError) -> Int {
        var most = 0
        for (size, source) in sizes(program) {
            guard size <= limit else { throw .tooLarge(source, count: size, limit: limit) }
            most = max(most, size)
        }
        return most
    }

    public static func estimate(program: [(StackOperation, OperationSource)], finalHold: Double) -> ScriptEstimate {
        let steps = program.reduce(0) { n, op in
            switch op.0 {
            case .postfix(let tokens): n + 3 * tokens.count + 2
            case .brackets(let text): n + text.count + 2
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
            if let (n, source) = sizes.first(where: { $0.0 > limit }) { throw .tooLarge(source, count: n, limit: limit) }
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
        for (op, _) in program { drawing.play(op) }
        drawing.finish(hold: hold)
        return drawing.builder.script
    }

    public static func estimate(program: [(QueueOperation, OperationSource)], finalHold: Double) -> ScriptEstimate {
        ScriptEstimate(seconds: finalHold + 2.5 * Double(program.count), changes: 40 * LinearCapacity.cellLimit * program.count)
    }
}

/// How long an array grows.
enum LinearCapacity {
    /// The most cells an array may have with `--fit all`; without it, as
    /// many as read in one row.
    static let cellLimit = 32

    /// The most cells the array has, starting at `start` and doubling
    /// whenever a value comes to a full one.
    static func cells(sizes: [(Int, OperationSource)], start: Int, grows: Bool, limit: Int) throws(LinearOperationError) -> Int {
        var capacity = start
        let first = sizes.first?.1 ?? OperationSource(index: 1, text: "")
        guard capacity <= limit else { throw .tooManyCells(first, count: capacity, limit: limit, what: "array") }
        for (size, source) in sizes where grows {
            while size > capacity { capacity *= 2 }
            guard capacity <= limit else { throw .tooManyCells(source, count: capacity, limit: limit, what: "array") }
        }
        return capacity
    }
}

extension ArrayPlayer {
    /// The array of a stack or queue of `options`, as long as the most
    /// cells it grows to while its size goes through `sizes`.
    /// - Throws: ``LinearOperationError/tooManyCells(_:count:limit:)`` when
    ///   it would grow past what reads in a row.
    init(
        kind: Kind, options: LinearOptions, operations: [String], values: [LinearValue], sizes: [(Int, OperationSource)], labels: LabelFit
    ) throws(LinearOperationError) {
        let limit = Self.readable(values: values, stage: options.stage, labels: labels, limit: LinearCapacity.cellLimit)
        let peak = try LinearCapacity.cells(sizes: sizes, start: options.capacity, grows: options.grows, limit: limit)
        self.init(
            kind: kind, capacity: options.capacity, grows: options.grows, operations: operations, values: values, peak: peak,
            stage: options.stage, labels: labels)
    }
}
