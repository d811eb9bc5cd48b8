/// One operation on a linked list, as `--ops` names it.
public enum ListOperation: OperationList, Equatable {
    public static let example = "append 3 5 8; prepend 1; insert-at 2 4; delete 5; search 8; reverse"

    /// A new first node.
    case insertHead(LinearValue)
    /// A new last node.
    case insertTail(LinearValue)
    /// A new node at `index` (0 is the head; the length appends).
    case insertAt(Int, LinearValue)
    /// The first node holding the value goes.
    case delete(LinearValue)
    /// The node at `index` goes.
    case deleteAt(Int)
    case deleteHead
    case deleteTail
    case search(LinearValue)
    /// Every pointer turned round, one node at a time.
    case reverse

    public var text: String {
        switch self {
        case .insertHead(let v): "prepend \(v)"
        case .insertTail(let v): "append \(v)"
        case .insertAt(let i, let v): "insert-at \(i) \(v)"
        case .delete(let v): "delete \(v)"
        case .deleteAt(let i): "delete-at \(i)"
        case .deleteHead: "delete-head"
        case .deleteTail: "delete-tail"
        case .search(let v): "search \(v)"
        case .reverse: "reverse"
        }
    }

    public static func insert(_ key: Int) -> ListOperation { .insertTail(LinearValue(key)) }

    static let words = "append, prepend, insert-at, delete, delete-at, delete-head, delete-tail, search or reverse"

    /// The operations of `text`: `append V…` (also `insert`, `push-back`),
    /// `prepend V…` (`push-front`), `insert-at I V`, `delete V` (the first
    /// holding it), `delete-at I`, `delete-head`, `delete-tail`,
    /// `search V`, `reverse`; values are numbers or words.
    public static func parse(_ text: String, lines: Bool = false) throws(LinearOperationError) -> [(ListOperation, OperationSource)] {
        var ops = [(ListOperation, OperationSource)]()
        for (words, source) in try OperationWords.split(text, lines: lines, refusing: LinearOperationError.longCharacter) {
            let rest = words.dropFirst()
            switch words[0].lowercased() {
            case "append", "insert", "add", "push-back", "insert-tail", "tail":
                ops += try LinearWords.values(rest, source).map { (.insertTail($0), source) }
            case "prepend", "push-front", "insert-head", "head":
                ops += try LinearWords.values(rest, source).map { (.insertHead($0), source) }
            case "insert-at", "at":
                guard words.count == 3 else { throw words.count < 3 ? .missingValue(source) : .extraWords(source) }
                let i = try LinearWords.index(words[1], source)
                ops.append((.insertAt(i, try LinearWords.values(rest.dropFirst(), source)[0]), source))
            case "delete", "remove":
                ops += try LinearWords.values(rest, source).map { (.delete($0), source) }
            case "delete-at", "remove-at":
                guard words.count == 2 else { throw words.count < 2 ? .missingValue(source) : .extraWords(source) }
                ops.append((.deleteAt(try LinearWords.index(words[1], source)), source))
            case "delete-head", "pop-front", "remove-head":
                try LinearWords.none(words, source)
                ops.append((.deleteHead, source))
            case "delete-tail", "pop-back", "remove-tail":
                try LinearWords.none(words, source)
                ops.append((.deleteTail, source))
            case "search", "find", "contains":
                ops += try LinearWords.values(rest, source).map { (.search($0), source) }
            case "reverse":
                try LinearWords.none(words, source)
                ops.append((.reverse, source))
            case let word:
                throw .unknown(source, word: word, expected: Self.words)
            }
            if ops.count > LinearWords.limit { throw .tooMany(count: ops.count, limit: LinearWords.limit) }
        }
        guard !ops.isEmpty else { throw .empty }
        return ops
    }
}

/// One operation on a stack, as `--ops` names it.
public enum StackOperation: OperationList, Equatable {
    public static let example = "push 3 5 8; pop; peek; postfix 3 4 + 2 *; brackets ([]{})"

    case push(LinearValue)
    /// The top comes off; on an empty stack the step says so.
    case pop
    case peek
    /// A postfix expression evaluated on the stack: numbers pushed, each
    /// operator (`+ - * / %`) popping two and pushing the result.
    case postfix([String])
    /// Brackets checked for balance: each opener pushed, each closer
    /// popping its partner.
    case brackets(String)

    public var text: String {
        switch self {
        case .push(let v): "push \(v)"
        case .pop: "pop"
        case .peek: "peek"
        case .postfix(let tokens): "postfix " + tokens.joined(separator: " ")
        case .brackets(let text): "brackets \(text)"
        }
    }

    public static func insert(_ key: Int) -> StackOperation { .push(LinearValue(key)) }

    /// The operations of `text`: `push V…`, `pop`, `peek` (`top`),
    /// `postfix TOKENS…`, `brackets TEXT`.
    public static func parse(_ text: String, lines: Bool = false) throws(LinearOperationError) -> [(StackOperation, OperationSource)] {
        var ops = [(StackOperation, OperationSource)]()
        for (words, source) in try OperationWords.split(text, lines: lines, refusing: LinearOperationError.longCharacter) {
            let rest = words.dropFirst()
            switch words[0].lowercased() {
            case "push", "insert", "add":
                ops += try LinearWords.values(rest, source).map { (.push($0), source) }
            case "pop":
                try LinearWords.none(words, source)
                ops.append((.pop, source))
            case "peek", "top":
                try LinearWords.none(words, source)
                ops.append((.peek, source))
            case "postfix", "rpn", "eval":
                guard !rest.isEmpty else { throw .missingValue(source) }
                let tokens = try rest.map { token throws(LinearOperationError) -> String in
                    guard Postfix.isOperator(token) || OperationWords.key(token) != nil else {
                        throw .badToken(source, token: token)
                    }
                    return token
                }
                ops.append((.postfix(tokens), source))
            case "brackets", "balanced", "parens":
                guard !rest.isEmpty else { throw .missingValue(source) }
                ops.append((.brackets(rest.joined()), source))
            case let word:
                throw .unknown(source, word: word, expected: "push, pop, peek, postfix or brackets")
            }
            if ops.count > LinearWords.limit { throw .tooMany(count: ops.count, limit: LinearWords.limit) }
        }
        guard !ops.isEmpty else { throw .empty }
        return ops
    }
}

/// One operation on a queue, as `--ops` names it.
public enum QueueOperation: OperationList, Equatable {
    public static let example = "enqueue 3 5 8; dequeue; peek; enqueue 13"

    case enqueue(LinearValue)
    /// The front comes off; on an empty queue the step says so.
    case dequeue
    case peek

    public var text: String {
        switch self {
        case .enqueue(let v): "enqueue \(v)"
        case .dequeue: "dequeue"
        case .peek: "peek"
        }
    }

    public static func insert(_ key: Int) -> QueueOperation { .enqueue(LinearValue(key)) }

    /// The operations of `text`: `enqueue V…` (`push`, `add`, `offer`),
    /// `dequeue` (`pop`, `poll`), `peek` (`front`).
    public static func parse(_ text: String, lines: Bool = false) throws(LinearOperationError) -> [(QueueOperation, OperationSource)] {
        var ops = [(QueueOperation, OperationSource)]()
        for (words, source) in try OperationWords.split(text, lines: lines, refusing: LinearOperationError.longCharacter) {
            switch words[0].lowercased() {
            case "enqueue", "push", "add", "offer", "insert", "enq":
                ops += try LinearWords.values(words.dropFirst(), source).map { (.enqueue($0), source) }
            case "dequeue", "pop", "poll", "remove", "deq":
                try LinearWords.none(words, source)
                ops.append((.dequeue, source))
            case "peek", "front":
                try LinearWords.none(words, source)
                ops.append((.peek, source))
            case let word:
                throw .unknown(source, word: word, expected: "enqueue, dequeue or peek")
            }
            if ops.count > LinearWords.limit { throw .tooMany(count: ops.count, limit: LinearWords.limit) }
        }
        guard !ops.isEmpty else { throw .empty }
        return ops
    }
}

/// The arithmetic of a postfix expression.
enum Postfix {
    static func isOperator(_ token: String) -> Bool { ["+", "-", "*", "/", "%", "×", "÷", "−"].contains(token) }

    /// `tokens` as captions and the expression strip write them: an
    /// operator by its sign (`×` for `*`), a number as a value prints.
    static func written(_ tokens: [String]) -> [String] {
        tokens.map { isOperator($0) ? sign($0) : LinearValue(token: $0)?.text ?? $0 }
    }

    /// `a op b`, or why not: a division by zero, or a result past `Int`.
    static func apply(_ op: String, _ a: Int, _ b: Int) -> Result<Int, PostfixFailure> {
        let (value, overflow): (Int, Bool)
        switch op {
        case "+": (value, overflow) = a.addingReportingOverflow(b)
        case "-", "−": (value, overflow) = a.subtractingReportingOverflow(b)
        case "*", "×": (value, overflow) = a.multipliedReportingOverflow(by: b)
        default:
            guard b != 0 else { return .failure(.divisionByZero) }
            (value, overflow) = op == "%" ? a.remainderReportingOverflow(dividingBy: b) : a.dividedReportingOverflow(by: b)
        }
        return overflow ? .failure(.overflow) : .success(value)
    }

    /// The operator as a caption writes it.
    static func sign(_ op: String) -> String {
        switch op {
        case "*", "×": "×"
        case "/", "÷": "÷"
        case "-", "−": "−"
        default: op
        }
    }
}

enum PostfixFailure: Error {
    case divisionByZero, overflow
}
