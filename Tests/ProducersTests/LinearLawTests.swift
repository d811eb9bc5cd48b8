import Diagram
import Foundation
import Geometry
import Producers
import Testing
import TestSupport
import Trees

/// Lists, stacks and queues drawn as a model run apart here says: after
/// every operation the drawing read back from the scene (by the names the
/// dump gives its nodes and edges) holds the model's values in the model's
/// order, every arrow starts in its cell and ends on its target's outline,
/// no two nodes overlap, and nothing jumps more than 6% of the diagonal a
/// frame at 30 fps.
@Suite(.tags(.sweep)) struct LinearLawTests {
    static let settings = FrameSettings(width: 640, height: 360, fps: 30)

    static func value(_ random: inout SeededGenerator) -> LinearValue {
        LinearValue(random.next(in: -20...99))
    }

    // MARK: Random programs

    static func listProgram(seed: UInt64) -> [(ListOperation, OperationSource)] {
        var random = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 5)
        var length = 0
        var ops = [ListOperation]()
        for _ in 0..<random.next(in: 1...9) {
            let op: ListOperation
            switch random.next(in: 0...9) {
            case 0, 1: op = .insertTail(value(&random))
            case 2: op = .insertHead(value(&random))
            case 3: op = .insertAt(random.next(in: 0...length + 1), value(&random))
            case 4: op = .delete(length > 0 && random.next(in: 0...2) > 0 ? LinearValue(0) : value(&random))
            case 5: op = .deleteAt(random.next(in: 0...length))
            case 6: op = random.next(in: 0...1) == 0 ? .deleteHead : .deleteTail
            case 7: op = .search(value(&random))
            case 8: op = .reverse
            default: op = .insertTail(value(&random))
            }
            var model = ListModel()
            for o in ops { model.apply(o) }
            model.apply(op)
            // A row of more than eight does not read on a small frame.
            if model.values.count > 8 { continue }
            length = model.values.count
            ops.append(op)
        }
        if ops.isEmpty { ops = [.insertTail(LinearValue(1))] }
        // Deletes of 0 find something once in a while: give some lists a 0.
        if random.next(in: 0...1) == 0 { ops.insert(.insertHead(LinearValue(0)), at: 0) }
        return ops.enumerated().map { ($0.element, OperationSource(index: $0.offset + 1, text: $0.element.text)) }
    }

    static func stackProgram(seed: UInt64) -> [(StackOperation, OperationSource)] {
        var random = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 7)
        var size = 0
        // At most eight held: a row that reads on a small frame.
        let ops: [StackOperation] = (0..<random.next(in: 1...12)).map { _ in
            // (A `where` binds to the last pattern of a case only.)
            switch random.next(in: 0...5) {
            case let r where r <= 2 && size < 8:
                size += 1
                return .push(value(&random))
            case let r where r <= 4:
                size = max(size - 1, 0)
                return .pop
            default: return .peek
            }
        }
        return ops.enumerated().map { ($0.element, OperationSource(index: $0.offset + 1, text: $0.element.text)) }
    }

    static func queueProgram(seed: UInt64) -> [(QueueOperation, OperationSource)] {
        var random = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 9)
        var size = 0
        let ops: [QueueOperation] = (0..<random.next(in: 1...14)).map { _ in
            // (A `where` binds to the last pattern of a case only.)
            switch random.next(in: 0...5) {
            case let r where r <= 2 && size < 8:
                size += 1
                return .enqueue(value(&random))
            case let r where r <= 4:
                size = max(size - 1, 0)
                return .dequeue
            default: return .peek
            }
        }
        return ops.enumerated().map { ($0.element, OperationSource(index: $0.offset + 1, text: $0.element.text)) }
    }

    // MARK: Models

    struct ListModel {
        var values: [LinearValue] = []

        mutating func apply(_ op: ListOperation) {
            switch op {
            case .insertHead(let v): values.insert(v, at: 0)
            case .insertTail(let v): values.append(v)
            case .insertAt(let i, let v): if i <= values.count { values.insert(v, at: i) }
            case .delete(let v): if let i = values.firstIndex(of: v) { values.remove(at: i) }
            case .deleteAt(let i): if i < values.count { values.remove(at: i) }
            case .deleteHead: if !values.isEmpty { values.removeFirst() }
            case .deleteTail: if !values.isEmpty { values.removeLast() }
            case .search: break
            case .reverse: values.reverse()
            }
        }
    }

    /// An array with a capacity that doubles (or not): a stack's values
    /// from 0, a queue's from `front`, wrapping.
    struct ArrayModel {
        var cells: [LinearValue?]
        var front = 0, count = 0
        let grows: Bool

        init(capacity: Int, grows: Bool) {
            cells = Array(repeating: nil, count: capacity)
            self.grows = grows
        }

        mutating func add(_ v: LinearValue, queue: Bool) {
            if count == cells.count {
                guard grows else { return }
                let order = (0..<count).map { cells[(front + $0) % cells.count] }
                cells = order + Array(repeating: nil, count: cells.count)
                front = 0
            }
            cells[(front + count) % cells.count] = v
            count += 1
        }

        mutating func removeLast() {
            guard count > 0 else { return }
            count -= 1
            cells[count] = nil
        }

        mutating func removeFirst() {
            guard count > 0 else { return }
            cells[front] = nil
            front = (front + 1) % cells.count
            count -= 1
        }
    }

    // MARK: Reading a scene

    /// A frame's nodes and edges by the names the producer gave them.
    struct Drawing {
        var nodes: [String: NodeState] = [:]
        var edges: [String: EdgeState] = [:]
        var names: [Int: String] = [:]

        init(_ scene: Scene) {
            for n in scene.nodes where n.opacity > 0.99 {
                nodes[n.name] = n
                names[n.id] = n.name
            }
            for e in scene.edges where e.opacity > 0.99 { edges[e.name] = e }
        }

        func target(_ edge: String) -> String? { edges[edge].flatMap { names[$0.to] } }

        /// The serial in a list cell's name: `list:7.val` → 7.
        static func serial(_ name: String) -> Int? {
            guard name.hasPrefix("list:") else { return nil }
            return Int(name.dropFirst(5).prefix { $0.isNumber })
        }

        /// The list read by following pointers from `head`.
        func list(head: String, circular: Bool, doubly: Bool) -> [String] {
            var out = [String]()
            var at = target("ptr:\(head)").flatMap(Self.serial)
            var seen = Set<Int>()
            while let s = at, seen.insert(s).inserted {
                out.append(nodes["list:\(s).val"]?.label ?? "?")
                at = target("next:\(s)").flatMap(Self.serial)
            }
            return out
        }

        /// The values of the array's cells, by index: the item standing on
        /// each cell of the newest row.
        func array() -> [String?] {
            let rows = nodes.keys.filter { $0.hasPrefix("slot") }.compactMap { Int($0.dropFirst(4).prefix { $0.isNumber }) }
            guard let g = rows.max() else { return [] }
            let cells = nodes.filter { $0.key.hasPrefix("slot\(g)[") }
            var out = [String?](repeating: nil, count: cells.count)
            for (name, cell) in cells {
                guard let i = Int(name.dropFirst("slot\(g)[".count).dropLast()) else { continue }
                out[i] = nodes.first { $0.key.hasPrefix("item:") && abs($0.value.x - cell.x) < 0.5 && abs($0.value.y - cell.y) < 0.5 }?.value.label
            }
            return out
        }
    }

    /// The scene at rest at the end of each step (the last frame before
    /// the next begins), at 5 frames a second.
    ///
    /// Every frame it reads is also checked for overlaps: no two nodes
    /// overlap at any of them.
    static func restingScenes(_ script: Script) throws -> [Scene] {
        let t = try Timeline(script: script, settings: FrameSettings(width: 640, height: 360, fps: 5), labels: BSTBoard.labels)
        var last = [Int: Scene]()
        for f in 0..<t.frameCount {
            let s = t.scene(at: f)
            last[s.step] = s
            let overlaps = Self.overlaps(Drawing(s))
            #expect(overlaps.isEmpty, "frame \(f) at 5 fps (\(s.caption ?? "")): \(overlaps.prefix(3))")
        }
        return last.keys.sorted().compactMap { last[$0] }
    }

    /// The pairs of nodes that overlap (a value on its array or table
    /// cell aside).
    static func overlaps(_ d: Drawing) -> [String] {
        var out = [String]()
        let shown = Array(d.nodes.values).sorted { $0.id < $1.id }
        for (i, a) in shown.enumerated() {
            for b in shown[(i + 1)...] where abs(a.x - b.x) < (a.w + b.w) / 2 - 1 && abs(a.y - b.y) < (a.h + b.h) / 2 - 1 {
                if !(Self.sitsOn(a.name, b.name) || Self.sitsOn(b.name, a.name)) { out.append("\(a.name) and \(b.name) overlap") }
            }
        }
        return out
    }

    /// The per-frame rules at 30 fps: motion, overlap, arrows on cells.
    static func frameProblems(_ script: Script) throws -> [String] {
        let t = try Timeline(script: script, settings: settings, labels: BSTBoard.labels)
        let (w, h) = (Double(settings.width), Double(settings.height))
        let limit = 0.06 * (w * w + h * h).squareRoot()
        var out = [String]()
        var previous = [String: Point]()
        // Every caption stays long enough to be read: at least 0.9 s.
        var caption: (text: String, from: Int)?
        for f in 0..<t.frameCount {
            let scene = t.scene(at: f)
            if scene.caption != caption?.text {
                if let c = caption, Double(f - c.from) / settings.fps < 0.9 {
                    out.append("frame \(f): '\(c.text)' shows \(Double(f - c.from) / settings.fps) s")
                }
                caption = scene.caption.map { ($0, f) }
            }
            let d = Drawing(scene)
            for (name, n) in d.nodes {
                if let p = previous[name], hypot(n.x - p.x, n.y - p.y) > limit { out.append("frame \(f): \(name) jumps") }
            }
            out += Self.overlaps(d).map { "frame \(f): \($0)" }
            previous = Dictionary(uniqueKeysWithValues: d.nodes.map { ($0.key, Point($0.value.x, $0.value.y)) })
        }
        return out
    }

    /// Whether node `a` is a value that sits on (or passes over) cell `b`
    /// of an array or a hash table, or a key in (or rising out of) a
    /// B-tree's tray.
    static func sitsOn(_ a: String, _ b: String) -> Bool {
        (a.hasPrefix("item:") && b.hasPrefix("slot")) || (a.hasPrefix("key:") && b.hasPrefix("table"))
            || ((a.hasPrefix("key:") || a.hasPrefix("sep:")) && b.hasPrefix("bnode:"))
    }

    /// At rest, every arrow starts in (or on) its cell and its head's tip
    /// touches its target's outline. (While a pointer swings, its end is
    /// on the way between two cells, as it should be.)
    static func arrowProblems(_ scene: Scene) -> [String] {
        let d = Drawing(scene)
        var out = [String]()
        for e in scene.edges where e.opacity > 0.99 {
            guard let a = d.names[e.from].flatMap({ d.nodes[$0] }), let b = d.names[e.to].flatMap({ d.nodes[$0] }) else { continue }
            guard let tip = e.arrowheads.last?.tip, let start = e.points.first else {
                out.append("\(e.name) has no arrowhead")
                continue
            }
            if GraphFrameLawTests.outside(start, a) > 1.5 { out.append("\(e.name) starts outside \(a.name)") }
            if abs(GraphFrameLawTests.outside(tip, b)) > 1.5 { out.append("\(e.name) ends off \(b.name)") }
        }
        return out
    }

    static func options(_ seed: UInt64) -> LinearOptions {
        var o = LinearOptions()
        o.stage = Stage(settings)
        o.finalHold = 0.2
        o.doubly = seed % 2 == 1
        o.circular = seed % 4 >= 2
        o.linked = seed % 7 == 0
        o.capacity = Int(seed % 3) + 1
        o.grows = seed % 5 != 4
        return o
    }

    // MARK: Tests

    @Test(arguments: 0..<4)
    func everyListEqualsTheModelAfterEveryOperation(quarter: Int) throws {
        for seed in UInt64(quarter * 50)..<UInt64(quarter * 50 + 50) {
            let program = Self.listProgram(seed: seed)
            let o = Self.options(seed)
            let scenes = try Self.restingScenes(try ListAnimation(program: program, options: o, labels: BSTBoard.labels).script)
            var model = ListModel()
            // Step k is operation k; the last step is the finished list.
            #expect(scenes.count == program.count + 1, "seed \(seed)")
            for (k, (op, _)) in program.enumerated() where k < scenes.count {
                model.apply(op)
                let drawn = Drawing(scenes[k]).list(head: "head", circular: o.circular, doubly: o.doubly)
                #expect(drawn == model.values.map(\.text), "seed \(seed), after \(op.text): \(drawn) ≠ \(model.values)")
                let d = Drawing(scenes[k])
                #expect(Self.arrowProblems(scenes[k]).isEmpty, "seed \(seed), after \(op.text): \(Self.arrowProblems(scenes[k]))")
                // Each prev pointer points back at the node before, and
                // the row is in list order left to right.
                let serials = (0..<model.values.count).compactMap { i -> Int? in
                    var at = d.target("ptr:head").flatMap(Drawing.serial)
                    for _ in 0..<i { at = at.flatMap { d.target("next:\($0)").flatMap(Drawing.serial) } }
                    return at
                }
                let xs = serials.compactMap { d.nodes["list:\($0).val"]?.x }
                #expect(xs == xs.sorted(), "seed \(seed), after \(op.text): the row is out of order")
                if o.doubly {
                    for (i, s) in serials.enumerated().dropFirst() {
                        #expect(d.target("prev:\(s)") == "list:\(serials[i - 1]).next", "seed \(seed): prev of \(s)")
                    }
                }
                if o.circular, let first = serials.first, let last = serials.last {
                    #expect(d.edges["loop:next"].map { d.names[$0.from] } == "list:\(last).next", "seed \(seed): the circle")
                    #expect(d.target("loop:next") == "list:\(first).val", "seed \(seed): the circle")
                }
                if let last = serials.last {
                    #expect(d.target("ptr:tail") == "list:\(last).val", "seed \(seed): tail")
                }
            }
        }
    }

    @Test(arguments: 0..<4)
    func everyStackEqualsTheModelAfterEveryOperation(quarter: Int) throws {
        for seed in UInt64(quarter * 50)..<UInt64(quarter * 50 + 50) {
            let program = Self.stackProgram(seed: seed)
            let o = Self.options(seed)
            let scenes = try Self.restingScenes(try StackAnimation(program: program, options: o, labels: BSTBoard.labels).script)
            var model = ArrayModel(capacity: o.linked ? 64 : o.capacity, grows: o.linked || o.grows)
            #expect(scenes.count == program.count + 1, "seed \(seed)")
            for (k, (op, _)) in program.enumerated() where k < scenes.count {
                switch op {
                case .push(let v): model.add(v, queue: false)
                case .pop: model.removeLast()
                default: break
                }
                let d = Drawing(scenes[k])
                #expect(Self.arrowProblems(scenes[k]).isEmpty, "seed \(seed), after \(op.text): \(Self.arrowProblems(scenes[k]))")
                let values = (0..<model.count).map { model.cells[$0]!.text }
                if o.linked {
                    #expect(d.list(head: "top", circular: false, doubly: false) == values.reversed(), "seed \(seed), after \(op.text)")
                } else {
                    let drawn = d.array()
                    #expect(drawn == model.cells.map { $0?.text }, "seed \(seed), after \(op.text): \(drawn)")
                    let top = model.count - 1
                    #expect(d.target("ptr:top") == (top >= 0 ? "slot\(Self.generation(d))[\(top)]" : nil), "seed \(seed): top")
                }
            }
        }
    }

    static func generation(_ d: Drawing) -> Int {
        d.nodes.keys.filter { $0.hasPrefix("slot") }.compactMap { Int($0.dropFirst(4).prefix { $0.isNumber }) }.max() ?? 0
    }

    @Test(arguments: 0..<4)
    func everyQueueEqualsTheModelAfterEveryOperation(quarter: Int) throws {
        for seed in UInt64(quarter * 50)..<UInt64(quarter * 50 + 50) {
            let program = Self.queueProgram(seed: seed)
            let o = Self.options(seed)
            let scenes = try Self.restingScenes(try QueueAnimation(program: program, options: o, labels: BSTBoard.labels).script)
            var model = ArrayModel(capacity: o.linked ? 64 : o.capacity, grows: o.linked || o.grows)
            #expect(scenes.count == program.count + 1, "seed \(seed)")
            for (k, (op, _)) in program.enumerated() where k < scenes.count {
                switch op {
                case .enqueue(let v): model.add(v, queue: true)
                case .dequeue: model.removeFirst()
                case .peek: break
                }
                let d = Drawing(scenes[k])
                #expect(Self.arrowProblems(scenes[k]).isEmpty, "seed \(seed), after \(op.text): \(Self.arrowProblems(scenes[k]))")
                if o.linked {
                    let values = (0..<model.count).map { model.cells[(model.front + $0) % model.cells.count]!.text }
                    #expect(d.list(head: "front", circular: false, doubly: false) == values, "seed \(seed), after \(op.text)")
                } else {
                    #expect(d.array() == model.cells.map { $0?.text }, "seed \(seed), after \(op.text): \(d.array())")
                    let g = Self.generation(d)
                    #expect(d.target("ptr:front") == "slot\(g)[\(model.front)]", "seed \(seed): front")
                    #expect(d.target("ptr:rear") == "slot\(g)[\((model.front + model.count) % model.cells.count)]", "seed \(seed): rear")
                }
            }
        }
    }

    /// A random postfix expression or bracket string, with what a stack
    /// run apart here leaves: the final stack (bottom to top) and the
    /// verdict the last caption gives.
    static func application(seed: UInt64) -> (op: StackOperation, stack: [String], verdict: String) {
        var random = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 13)
        if seed % 2 == 0 {
            let pairs: [Character: Character] = [")": "(", "]": "[", "}": "{"]
            let text = String((0..<random.next(in: 1...8)).map { _ in Array("()[]{}x")[random.next(in: 0...6)] })
            var stack = [Character]()
            for ch in text {
                if "([{".contains(ch) {
                    stack.append(ch)
                } else if let partner = pairs[ch] {
                    guard let top = stack.popLast() else { return (.brackets(text), [], "\(ch) closes, but nothing is open: not balanced") }
                    if top != partner { return (.brackets(text), stack.map(String.init), "\(top) is closed by \(ch): they do not match, not balanced") }
                }
            }
            let verdict = stack.isEmpty ? "the stack is empty at the end: \(text) is balanced" : "\(String(stack)) never closed: not balanced"
            return (.brackets(text), stack.map(String.init), verdict)
        }
        let tokens = (0..<random.next(in: 1...7)).map { _ in random.next(in: 0...2) == 0 ? ["+", "-", "*", "/"][random.next(in: 0...3)] : String(random.next(in: 0...9)) }
        var stack = [Int]()
        let shown = { (t: String) in t == "*" ? "×" : t == "/" ? "÷" : t == "-" ? "−" : t }
        let expression = tokens.map(shown).joined(separator: " ")
        for t in tokens {
            if let n = Int(t) {
                stack.append(n)
                continue
            }
            guard stack.count >= 2 else {
                return (.postfix(tokens), stack.map(KeyLabel.text), "\(shown(t)) needs two values, and the expression has left \(stack.count) on the stack: it is malformed")
            }
            let b = stack.removeLast(), a = stack.removeLast()
            if t == "/", b == 0 {
                return (.postfix(tokens), stack.map(KeyLabel.text), "\(KeyLabel.text(a)) ÷ \(KeyLabel.text(b)): division by zero, and the evaluation stops")
            }
            stack.append(t == "+" ? a + b : t == "-" ? a - b : t == "*" ? a * b : a / b)
        }
        let verdict = stack.count == 1 ? "the one value left is the result: \(expression) = \(KeyLabel.text(stack[0]))"
            : "\(stack.count) values are left, not one: the expression is malformed"
        return (.postfix(tokens), stack.map(KeyLabel.text), verdict)
    }

    @Test func postfixAndBracketsEndAsAStackRunApartSays() throws {
        for seed in UInt64(0)..<60 {
            let (op, stack, verdict) = Self.application(seed: seed)
            var o = Self.options(seed)
            o.grows = true
            let steps = try Self.restingScenes(try StackAnimation(program: [(op, OperationSource(index: 1, text: op.text))], options: o, labels: BSTBoard.labels).script)
            // A bracket check pops what it left open after its verdict, one
            // step each; the verdict comes before those and the finished stack.
            let cleared = if case .brackets = op { stack.count } else { 0 }
            #expect(steps.count >= 2 + cleared, "seed \(seed)")
            guard steps.count >= 2 + cleared else { continue }
            #expect(steps[steps.count - 2 - cleared].caption == verdict, "seed \(seed), \(op.text)")
            let d = Drawing(steps[steps.count - 1])
            let drawn = o.linked ? Array(d.list(head: "top", circular: false, doubly: false).reversed()) : d.array().compactMap { $0 }
            #expect(drawn == (cleared > 0 ? [] : stack), "seed \(seed), \(op.text): \(drawn) ≠ \(stack)")
        }
    }

    /// Bracket checks one after another each start from the stack as it
    /// was: a failed check's openers do not carry over into the next
    /// verdict, which says what is on the stack truly.
    @Test func aFailedBracketCheckLeavesNothingForTheNext() throws {
        for seed: UInt64 in [0, 1] {
            var o = Self.options(seed)
            o.grows = true
            let program: [(StackOperation, OperationSource)] = [
                (.push(LinearValue(7)), OperationSource(index: 1, text: "push 7")),
                (.brackets("([)]"), OperationSource(index: 2, text: "brackets ([)]")),
                (.brackets("(()"), OperationSource(index: 3, text: "brackets (()")),
                (.brackets("()"), OperationSource(index: 4, text: "brackets ()")),
            ]
            let steps = try Self.restingScenes(try StackAnimation(program: program, options: o, labels: BSTBoard.labels).script)
            let captions = steps.compactMap(\.caption)
            #expect(captions.contains("( is closed by ): they do not match, not balanced") || captions.contains("[ is closed by ): they do not match, not balanced"), "\(captions)")
            #expect(captions.contains("( never closed: not balanced"), "\(captions)")
            #expect(captions.last { $0.hasSuffix("is balanced") } == "nothing the check pushed is left: () is balanced", "\(captions)")
            let d = Drawing(steps[steps.count - 1])
            let drawn = o.linked ? Array(d.list(head: "top", circular: false, doubly: false).reversed()) : d.array().compactMap { $0 }
            #expect(drawn == ["7"], "seed \(seed): \(drawn)")
        }
    }

    /// A postfix evaluation shows its expression under the stack: at each
    /// step the token being read is lit with the arrow under it, those
    /// before it are read, and an operator's operands stay in sight beside
    /// the row from the pop of the right one until the result is pushed;
    /// the strip leaves with the next operation. On an array and on linked
    /// nodes alike.
    @Test(arguments: [false, true])
    func aPostfixEvaluationShowsItsExpressionWithACursorAndTheOperands(linked: Bool) throws {
        var o = Self.options(0)
        o.linked = linked
        o.grows = true
        let program: [(StackOperation, OperationSource)] = [
            (.postfix(["3", "4", "+", "2", "*"]), OperationSource(index: 1, text: "postfix 3 4 + 2 *")),
            (.push(LinearValue(9)), OperationSource(index: 2, text: "push 9")),
        ]
        let steps = try Self.restingScenes(try StackAnimation(program: program, options: o, labels: BSTBoard.labels).script)
        func strip(_ scene: Scene) -> (tokens: [String], lit: [String], read: [String], arrow: Bool, working: String?) {
            let d = Drawing(scene)
            let row = (0..<10).compactMap { d.nodes["expr:\($0)"] }
            return (
                row.map(\.label), row.filter { $0.role == "new" }.map(\.label), row.filter { $0.role == "pointer" }.map(\.label),
                d.nodes["expr:arrow"] != nil, d.nodes["expr:working"]?.label)
        }
        // The steps from the evaluation's first: its announcement, then a
        // step a push or a pop, its verdict, and the push after it.
        let seen = Array(steps.map(strip).drop { $0.tokens.isEmpty })
        try #require(seen.count >= 12, "\(linked): \(seen)")
        let tokens = ["3", "4", "+", "2", "×"]
        for s in seen.prefix(11) { #expect(s.tokens == tokens, "\(linked): \(s)") }
        let lit = seen.prefix(11).map(\.lit), read = seen.prefix(11).map(\.read.count)
        #expect(lit == [[], ["3"], ["4"], ["+"], ["+"], ["+"], ["2"], ["×"], ["×"], ["×"], []], "\(linked): \(lit)")
        #expect(read == [0, 0, 1, 2, 2, 2, 3, 4, 4, 4, 5], "\(linked): \(read)")
        #expect(seen.prefix(11).map(\.arrow) == [false] + Array(repeating: true, count: 9) + [false])
        let working = seen.prefix(11).map(\.working)
        #expect(working == [nil, nil, nil, "? + 4", "3 + 4", "3 + 4 = 7", nil, "? × 2", "7 × 2", "7 × 2 = 14", nil], "\(linked): \(working)")
        // The next operation's step: the strip has gone.
        #expect(seen[11].tokens.isEmpty && seen[11].working == nil && !seen[11].arrow, "\(linked): \(seen[11])")
    }

    /// Every frame of a few runs of each, at 30 fps.
    @Test(arguments: 0..<3)
    func everyFrameKeepsTheRules(kind: Int) throws {
        for seed: UInt64 in [1, 2, 3, 6, 7, 9, 14, 15, 22, 27] {
            let o = Self.options(seed)
            let script = switch kind {
            case 0: try ListAnimation(program: Self.listProgram(seed: seed), options: o, labels: BSTBoard.labels).script
            case 1: try StackAnimation(program: Self.stackProgram(seed: seed), options: o, labels: BSTBoard.labels).script
            default: try QueueAnimation(program: Self.queueProgram(seed: seed), options: o, labels: BSTBoard.labels).script
            }
            let problems = try Self.frameProblems(script)
            #expect(problems.isEmpty, "kind \(kind), seed \(seed): \(problems.prefix(5))")
        }
    }
}
