import Diagram

/// What a stack's operations need, whether of a drawing (an array or
/// linked nodes, each call writing one step) or of a ``StackModel`` that
/// only counts: both play postfix and brackets by the same rules.
protocol StackMachine {
    /// The values, bottom to top.
    var values: [LinearValue] { get }
    /// The next step starts an operation of the list shown along the bottom.
    mutating func open()
    /// `caption` replaces the step's first caption. False when a full
    /// fixed array overflows (the step says so).
    mutating func push(_ v: LinearValue, title: String, caption: String?) -> Bool
    /// The top taken off; nil on an empty stack (the step says so).
    mutating func pop(title: String, caption: String?) -> LinearValue?
    mutating func peek(title: String)
    /// A step that only says `caption`.
    mutating func say(_ title: String, _ caption: String, note: String?)
    /// The postfix expression `tokens` is read from here on, at token
    /// `cursor` (nil: before the first; `tokens.count`: all read), with
    /// the operator's `working` beside it (see ``ExpressionStrip``); nil
    /// `tokens`: no expression is read, and the strip leaves.
    mutating func reading(_ tokens: [String]?, at cursor: Int?, working: String?)
}

extension StackMachine {
    mutating func reading(_ tokens: [String]?, at cursor: Int?, working: String?) {}
}


/// A stack drawn: a machine that writes a script.
protocol StackDrawing: StackMachine, StepPlayer {
    mutating func finish(hold: Double)
}

/// What a queue's operations need of a drawing.
protocol QueueDrawing: StepPlayer {
    var values: [LinearValue] { get }
    mutating func open()
    mutating func enqueue(_ v: LinearValue, title: String)
    mutating func dequeue(title: String)
    mutating func peek(title: String)
    mutating func finish(hold: Double)
}

extension StackMachine {
    mutating func play(_ op: StackOperation) {
        open()
        if case .postfix = op {} else { reading(nil, at: nil, working: nil) }
        switch op {
        case .push(let v): _ = push(v, title: op.text, caption: nil)
        case .pop: _ = pop(title: op.text, caption: nil)
        case .peek: peek(title: op.text)
        case .postfix(let tokens): postfix(tokens)
        case .brackets(let text): brackets(text)
        }
    }

    /// A postfix expression, token by token: a number is pushed; an
    /// operator pops its right operand, then its left, and pushes the
    /// result. What is left at the end is the value, if one is.
    mutating func postfix(_ tokens: [String]) {
        let shown = Postfix.written(tokens)
        let expression = shown.joined(separator: " ")
        let base = values.count
        reading(shown, at: nil, working: nil)
        say(
            "postfix \(expression)", "evaluate \(expression): push each number; an operator pops two and pushes the result",
            note: "Postfix (reverse Polish) needs no brackets: each operator applies to the two values under it on the stack.")
        for (k, token) in tokens.enumerated() {
            reading(shown, at: k, working: nil)
            let title = "postfix \(expression): \(Postfix.isOperator(token) ? Postfix.sign(token) : token)"
            guard Postfix.isOperator(token) else {
                let v = LinearValue(token: token) ?? LinearValue(0)
                guard push(v, title: title, caption: "\(v) is a number: push it") else { return overflow(title) }
                continue
            }
            let sign = Postfix.sign(token)
            let held = values.count - base
            guard held >= 2 else {
                say(title, "\(sign) needs two values, and the expression has left \(held) on the stack: it is malformed", note: nil)
                return
            }
            reading(shown, at: k, working: "? \(sign) \(values[values.count - 1])")
            guard let b = pop(title: title, caption: "\(sign) pops its right operand first: \(values[values.count - 1])") else { return }
            reading(shown, at: k, working: "\(values[values.count - 1]) \(sign) \(b)")
            guard let a = pop(title: title, caption: "then its left operand: \(values[values.count - 1])") else { return }
            switch Postfix.apply(token, a.key ?? 0, b.key ?? 0) {
            case .success(let r):
                reading(shown, at: k, working: "\(a) \(sign) \(b) = \(LinearValue(r))")
                guard push(LinearValue(r), title: title, caption: "push \(a) \(sign) \(b) = \(LinearValue(r))") else { return overflow(title) }
            case .failure(.divisionByZero):
                say(title, "\(a) \(sign) \(b): division by zero, and the evaluation stops", note: nil)
                return
            case .failure(.overflow):
                say(title, "\(a) \(sign) \(b) is too large for a whole number, and the evaluation stops", note: nil)
                return
            }
        }
        reading(shown, at: tokens.count, working: nil)
        let held = values.count - base
        if held == 1, let v = values.last {
            say("postfix \(expression) = \(v)", "the one value left is the result: \(expression) = \(v)", note: nil)
        } else {
            say("postfix \(expression): malformed", "\(held) values are left, not one: the expression is malformed", note: nil)
        }
    }

    /// A push overflowed a fixed array: the application stops there.
    mutating func overflow(_ title: String) {
        say(title, "the stack is full, and the work stops here", note: nil)
    }

    /// Brackets checked with a stack: an opener is pushed; a closer pops
    /// the top, which must be its partner. Other characters are passed
    /// over. A check that fails leaves no opener of its own behind: they
    /// are popped, so the next check starts from the stack as it was.
    mutating func brackets(_ text: String) {
        let partners: [Character: Character] = [")": "(", "]": "[", "}": "{", ">": "<"]
        let openers: Set<Character> = ["(", "[", "{", "<"]
        let base = values.count
        say(
            "brackets \(text)", "check \(text): push each opener; each closer must meet its partner on top",
            note: "Each closing bracket must close the most recent bracket still open: the top of the stack.")
        for ch in text {
            let title = "brackets \(text): \(ch)"
            if openers.contains(ch) {
                guard push(LinearValue(token: String(ch)) ?? LinearValue(0), title: title, caption: "\(ch) opens: push it") else {
                    return overflow(title)
                }
            } else if let partner = partners[ch] {
                guard values.count > base, let top = values.last else {
                    say(title, "\(ch) closes, but nothing is open: not balanced", note: nil)
                    return
                }
                let matches = top.text == String(partner)
                _ = pop(title: title, caption: matches ? "\(ch) closes: pop \(top), its partner" : "\(ch) closes: pop \(top)")
                if !matches {
                    say(title, "\(top) is closed by \(ch): they do not match, not balanced", note: nil)
                    return clear(above: base, check: text)
                }
            }
        }
        let open = values[base...].map(\.text).joined()
        let empty = base == 0 ? "the stack is empty at the end" : "nothing the check pushed is left"
        say(
            "brackets \(text): \(open.isEmpty ? "balanced" : "not balanced")",
            open.isEmpty ? "\(empty): \(text) is balanced" : "\(open) never closed: not balanced", note: nil)
        clear(above: base, check: text)
    }

    /// Pops what a failed bracket check pushed, down to `base` values.
    private mutating func clear(above base: Int, check text: String) {
        while values.count > base, let top = values.last {
            guard pop(title: "brackets \(text): clear", caption: "the check is over: pop \(top), left open") != nil else { return }
        }
    }
}

extension QueueDrawing {
    mutating func play(_ op: QueueOperation) {
        open()
        switch op {
        case .enqueue(let v): enqueue(v, title: op.text)
        case .dequeue: dequeue(title: op.text)
        case .peek: peek(title: op.text)
        }
    }
}

// MARK: - An array

extension ArrayPlayer: StackDrawing, QueueDrawing {
    mutating func reading(_ tokens: [String]?, at cursor: Int?, working: String?) {
        strip = tokens.map { ExpressionStrip(tokens: $0, cursor: cursor, working: working) }
    }

    var values: [LinearValue] { (0..<count).compactMap { slots[kind == .queue ? wrap(front + $0) : $0]?.value } }

    mutating func open() { opens = true }

    mutating func push(_ v: LinearValue, title: String, caption: String?) -> Bool {
        let full = count == slots.count
        let i = full ? count : count
        let note = full && grows ? "The array is full: a new one twice as long takes every value, then \(v) goes on top. Doubling keeps a push O(1) amortised."
            : full ? "The array is full and does not grow: the push overflows." : "\(v) goes in the first free cell, index \(i); top moves up to it. O(1)."
        step(title, note: note) { p, s in
            p.begin(&s, caption: caption ?? "push \(v)")
            guard p.room(&s) else {
                s.hold(Self.rest * 2, caption: "overflow: the array is full (capacity \(p.slots.count)), and \(v) is not pushed")
                p.end(&s)
                return
            }
            p.put(v, at: i, &s, caption: "S[\(i)] = \(v)")
            p.count += 1
            let q = p
            s.beat(.easeInOut(duration: Self.move), caption: "top = \(i)") { d in
                q.layMarkers(&d)
                q.counter(&d)
            }
            s.hold(Self.rest)
            p.end(&s)
        }
        return !full || grows
    }

    mutating func pop(title: String, caption: String?) -> LinearValue? {
        guard count > 0, let top = slots[count - 1] else {
            say(title, "the stack is empty: nothing to pop (underflow)", note: nil)
            return nil
        }
        let i = count - 1
        step(title, note: "The top, \(top.value), is taken from index \(i); top moves down. O(1).") { p, s in
            p.begin(&s, caption: caption ?? "pop the top, \(top.value)")
            p.take(at: i, &s, caption: "return S[\(i)] = \(top.value)")
            p.count -= 1
            let q = p
            s.beat(.easeInOut(duration: Self.move), caption: "top = \(i - 1)\(i == 0 ? ": the stack is empty" : "")") { d in
                q.layMarkers(&d)
                q.counter(&d)
            }
            s.hold(Self.rest)
            p.end(&s)
        }
        return top.value
    }

    mutating func peek(title: String) {
        let word = kind == .stack ? "stack" : "queue"
        let at = kind == .stack ? count - 1 : front
        guard count > 0, let item = slots[at] else { return say(title, "the \(word) is empty: nothing to peek at", note: nil) }
        let place = kind == .stack ? "the top, S[\(at)]" : "the front, Q[\(at)]"
        step(title, note: "Peek reads \(place) without taking it: O(1).") { p, s in
            p.begin(&s, caption: "peek")
            s.beat(.easeInOut(duration: 0.4), caption: "\(place) is \(item.value); it stays") { d in d.nodes[Self.item(item.serial)]?.role = .found }
            s.hold(Self.rest * 1.5)
            p.end(&s)
        }
    }

    mutating func enqueue(_ v: LinearValue, title: String) {
        let full = count == slots.count
        let note = full && grows
            ? "The array is full: a new one twice as long takes every value from the front on, so the buffer starts at 0 again; then \(v) joins at the rear."
            : full ? "The array is full and does not grow: the enqueue overflows."
            : "\(v) goes in at rear, and rear moves on by one, round to 0 past the last cell. O(1)."
        step(title, note: note) { p, s in
            p.begin(&s, caption: "enqueue \(v)")
            guard p.room(&s) else {
                s.hold(Self.rest * 2, caption: "overflow: the array is full (capacity \(p.slots.count)), and \(v) is not enqueued")
                p.end(&s)
                return
            }
            let i = p.rear
            p.put(v, at: i, &s, caption: "Q[rear] = Q[\(i)] = \(v)")
            p.count += 1
            let q = p
            let wraps = q.rear == 0 && i == q.slots.count - 1
            s.beat(.easeInOut(duration: Self.move), caption: "rear = (\(i) + 1) mod \(q.slots.count) = \(q.rear)\(wraps ? ": it wraps round to 0" : "")") { d in
                q.layMarkers(&d)
                q.counter(&d)
            }
            s.hold(Self.rest)
            p.end(&s)
        }
    }

    mutating func dequeue(title: String) {
        guard count > 0, let first = slots[front] else { return say(title, "the queue is empty: nothing to dequeue (underflow)", note: nil) }
        let i = front
        step(title, note: "The front value, \(first.value), leaves from index \(i); front moves on by one, round to 0 past the last cell. O(1).") { p, s in
            p.begin(&s, caption: "dequeue the front, \(first.value)")
            p.take(at: i, &s, caption: "return Q[front] = Q[\(i)] = \(first.value)")
            p.count -= 1
            p.front = p.wrap(i + 1)
            let q = p
            let wraps = q.front == 0 && i == q.slots.count - 1
            s.beat(.easeInOut(duration: Self.move), caption: "front = (\(i) + 1) mod \(q.slots.count) = \(q.front)\(wraps ? ": it wraps round to 0" : "")") { d in
                q.layMarkers(&d)
                q.counter(&d)
            }
            s.hold(Self.rest)
            p.end(&s)
        }
    }

    mutating func finish(hold: Double) {
        let word = kind == .stack ? "stack" : "queue"
        let list = values.map(\.text).joined(separator: " ")
        let caption = values.isEmpty ? "the \(word) is empty" : kind == .stack ? "stack, bottom to top: \(list)" : "queue, front to rear: \(list)"
        step(caption, note: "The finished \(word).") { p, s in
            let q = p
            s.beat(.easeInOut(duration: 0.4)) { d in q.arrange(&d) }
            s.hold(hold)
        }
    }
}

// MARK: - Linked nodes

extension ListPlayer: StackDrawing, QueueDrawing {
    mutating func reading(_ tokens: [String]?, at cursor: Int?, working: String?) {
        strip = tokens.map { ExpressionStrip(tokens: $0, cursor: cursor, working: working) }
    }

    var values: [LinearValue] {
        // A linked stack's top is the list's head: bottom to top is the
        // list backwards.
        style.tail == nil ? nodes.map(\.value).reversed() : nodes.map(\.value)
    }

    mutating func open() { opens = true }

    mutating func push(_ v: LinearValue, title: String, caption: String?) -> Bool {
        insertHead(v, title: title, opening: caption ?? "push \(v): a new node")
        return true
    }

    mutating func pop(title: String, caption: String?) -> LinearValue? {
        let top = nodes.first?.value
        deleteAt(0, title: title, opening: caption ?? top.map { "pop the top, \($0)" }, empty: "the stack is empty: nothing to pop (underflow)")
        return top
    }

    mutating func peek(title: String) {
        let word = style.tail == nil ? "stack" : "queue"
        guard let first = nodes.first else { return refuse(title, "the \(word) is empty: nothing to peek at") }
        step(title, note: "Peek reads the node \(head) points to without taking it: O(1).") { p, s in
            p.begin(&s, caption: "peek")
            let q = p
            s.beat(.easeInOut(duration: 0.4), caption: "\(p.head) → \(first.value); it stays") { d in q.setRole(first.serial, .found, in: &d) }
            s.hold(Self.rest * 1.5)
            p.end(&s)
        }
    }

    mutating func say(_ title: String, _ caption: String, note: String?) {
        step(title, note: note ?? caption.prefix(1).uppercased() + caption.dropFirst() + ".") { p, s in
            p.begin(&s, caption: caption)
            s.hold(Self.rest * 2)
            p.end(&s)
        }
    }

    mutating func enqueue(_ v: LinearValue, title: String) {
        insertTail(v, title: title, opening: "enqueue \(v): a new node")
    }

    mutating func dequeue(title: String) {
        deleteAt(0, title: title, opening: nodes.first.map { "dequeue the front, \($0.value)" }, empty: "the queue is empty: nothing to dequeue (underflow)")
    }
}
