import Foundation
import InputText

/// A hash function as a teacher writes it: an expression in `k` (the key,
/// or a word's code) and `m` (the table's size) with `+ - *`, `mod` (or
/// `%`), whole numbers and brackets, such as `k mod 11` or `(3*k + 5) mod m`;
/// or a named one, `division` (`k mod m`) or `multiplication` (Knuth's
/// ⌊m · frac(k · 0.6180339887)⌋). The table index is the value mod `m`,
/// never negative.
///
///     let h = try HashFunction("(3*k + 5) mod m")
///     h.index(of: 42, size: 11)  // 131 mod 11 = 10
public struct HashFunction: Sendable, Equatable, CustomStringConvertible {
    indirect enum Term: Sendable, Equatable {
        case key, size
        case number(Int)
        case add(Term, Term), subtract(Term, Term), multiply(Term, Term), modulo(Term, Term)
    }

    enum Form: Sendable, Equatable {
        case expression(Term)
        case multiplication
    }

    let form: Form
    /// As written, for captions.
    public let description: String

    /// The default: `k mod m`.
    public static let division = HashFunction(form: .expression(.modulo(.key, .size)), description: "k mod m")

    init(form: Form, description: String) {
        self.form = form
        self.description = description
    }

    /// The longest expression, in characters: a hash a slide shows is a
    /// line, `(3*k + 5) mod m` fifteen of them.
    public static let longest = 200
    /// The deepest brackets nest: a slide's hash nests two or three. The
    /// parser descends once a bracket, and so does every walk of the
    /// expression, so the bound keeps the stack safe; it is checked, with
    /// the length, before the parser starts.
    public static let deepest = 20

    /// Parses `text`; a named function or an expression.
    /// - Throws: ``HashFunctionError`` naming the column at fault.
    public init(_ text: String) throws(HashFunctionError) {
        try Self.checkSize(text)
        let name = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch name {
        case "division", "mod", "modulo":
            self = .division
            return
        case "multiplication", "mult", "knuth":
            self.init(form: .multiplication, description: "⌊m · frac(k · 0.618)⌋")
            return
        default: break
        }
        var parser = Parser(Array(text))
        let term = try parser.expression()
        parser.skipSpaces()
        guard parser.at == parser.chars.count else { throw .unexpected(column: parser.at + 1, text: String(parser.chars[parser.at])) }
        guard term.mentionsKey else { throw .noKey }
        self.init(form: .expression(term), description: text.trimmingCharacters(in: .whitespaces))
    }

    /// Parses `text` as double hashing's step, h₂: as ``init(_:)``, but a
    /// step without `k` is refused for what it does to the probes.
    public static func step(_ text: String) throws(HashFunctionError) -> HashFunction {
        do throws(HashFunctionError) {
            return try HashFunction(text)
        } catch .noKey {
            var parser = Parser(Array(text))
            let never = (try? parser.expression()).map { !$0.mentionsSize && $0.value(k: 0, m: 1) == 0 } ?? false
            throw .constantStep(zero: never)
        }
    }

    /// Refuses brackets nested deeper than ``deepest`` and a text longer
    /// than ``longest``, counting in one pass that stops at the first over.
    static func checkSize(_ text: String) throws(HashFunctionError) {
        var depth = 0, length = 0
        for c in text.unicodeScalars {
            length += 1
            if c == "(" {
                depth += 1
                guard depth <= deepest else { throw .tooDeep(column: length, limit: deepest) }
            } else if c == ")" {
                depth -= 1
            }
        }
        // Scalars are at least as many as characters: most texts are
        // settled by them alone.
        guard length > longest else { return }
        if let (_, scalars) = TextLimits.longCharacter(in: text) { throw .longCharacter(scalars: scalars) }
        let characters = text.count
        guard characters <= longest else { throw .tooLong(characters: characters, limit: longest) }
    }

    /// h(k) for a table of `size`, before the final mod: nil when it
    /// divides by zero or overflows.
    public func value(of k: Int, size: Int) -> Int? {
        switch form {
        case .expression(let t): return t.value(k: k, m: size)
        case .multiplication:
            let product = Double(k) * 0.6180339887498949
            return Int((Double(size) * (product - product.rounded(.down))).rounded(.down))
        }
    }

    /// The working of h(k) in a table of `size`, for a caption: the
    /// expression with the key and the size written in, each part without
    /// the key worked out, as a teacher writes it on the board:
    /// `1 + (25 mod 10)` for `1 + (k mod (m − 1))`.
    public func working(of k: Int, size: Int) -> String {
        switch form {
        case .expression(let t): return t.written(k: k, m: size, parent: nil)
        case .multiplication: return "⌊\(size) · frac(\(k) · 0.618)⌋"
        }
    }

    /// The table index of `k`: h(k) mod `size`, from 0.
    public func index(of k: Int, size: Int) -> Int? {
        value(of: k, size: size).map { (($0 % size) + size) % size }
    }

    struct Parser {
        let chars: [Character]
        var at = 0

        init(_ chars: [Character]) { self.chars = chars }

        mutating func skipSpaces() { while at < chars.count, chars[at] == " " { at += 1 } }

        mutating func expression() throws(HashFunctionError) -> Term {
            var left = try term()
            while true {
                skipSpaces()
                guard at < chars.count, chars[at] == "+" || chars[at] == "-" || chars[at] == "−" else { return left }
                let op = chars[at]
                at += 1
                let right = try term()
                left = op == "+" ? .add(left, right) : .subtract(left, right)
            }
        }

        mutating func term() throws(HashFunctionError) -> Term {
            var left = try factor()
            while true {
                skipSpaces()
                if at < chars.count, chars[at] == "*" || chars[at] == "×" || chars[at] == "·" {
                    at += 1
                    left = .multiply(left, try factor())
                } else if at < chars.count, chars[at] == "%" {
                    at += 1
                    left = .modulo(left, try divisor())
                } else if chars[at...].starts(with: "mod".map { $0 }) {
                    at += 3
                    left = .modulo(left, try divisor())
                } else {
                    return left
                }
            }
        }

        /// The right of a `mod`: a constant one of 0 is refused here, as
        /// every key would divide by zero.
        mutating func divisor() throws(HashFunctionError) -> Term {
            skipSpaces()
            let column = at + 1
            let d = try factor()
            if !d.mentionsKey, !d.mentionsSize, d.value(k: 0, m: 1) == 0 { throw .zeroDivisor(column: column) }
            return d
        }

        mutating func factor() throws(HashFunctionError) -> Term {
            skipSpaces()
            guard at < chars.count else { throw .end }
            let c = chars[at]
            if c == "(" {
                at += 1
                let inner = try expression()
                skipSpaces()
                guard at < chars.count, chars[at] == ")" else { throw at < chars.count ? .unexpected(column: at + 1, text: String(chars[at])) : .end }
                at += 1
                return inner
            }
            if c == "k" || c == "K" {
                at += 1
                return .key
            }
            if c == "m" || c == "M", !chars[at...].starts(with: "mod".map { $0 }) {
                at += 1
                return .size
            }
            if c.isASCII, c.isNumber {
                var digits = ""
                while at < chars.count, chars[at].isASCII, chars[at].isNumber {
                    digits.append(chars[at])
                    at += 1
                }
                guard let n = Int(digits) else { throw .tooLarge(digits) }
                return .number(n)
            }
            throw .unexpected(column: at + 1, text: String(c))
        }
    }
}

extension HashFunction.Term {
    var mentionsKey: Bool {
        switch self {
        case .key: true
        case .size, .number: false
        case .add(let a, let b), .subtract(let a, let b), .multiply(let a, let b), .modulo(let a, let b): a.mentionsKey || b.mentionsKey
        }
    }

    var mentionsSize: Bool {
        switch self {
        case .size: true
        case .key, .number: false
        case .add(let a, let b), .subtract(let a, let b), .multiply(let a, let b), .modulo(let a, let b): a.mentionsSize || b.mentionsSize
        }
    }

    /// The term with `k` and `m` written in, a part without `k` as its
    /// value; bracketed where `parent` binds tighter, a `mod` inside a sum
    /// or a product always, as it is usually written.
    func written(k: Int, m: Int, parent: HashFunction.Term?, right: Bool = false) -> String {
        if !mentionsKey, let v = value(k: k, m: m) { return v < 0 ? "(\(v))" : "\(v)" }
        let text: String
        switch self {
        case .key: return k < 0 ? "(\(k))" : "\(k)"
        case .size: return "\(m)"
        case .number(let n): return "\(n)"
        case .add(let a, let b): text = "\(a.written(k: k, m: m, parent: self)) + \(b.written(k: k, m: m, parent: self, right: true))"
        case .subtract(let a, let b): text = "\(a.written(k: k, m: m, parent: self)) − \(b.written(k: k, m: m, parent: self, right: true))"
        case .multiply(let a, let b): text = "\(a.written(k: k, m: m, parent: self))·\(b.written(k: k, m: m, parent: self, right: true))"
        case .modulo(let a, let b): text = "\(a.written(k: k, m: m, parent: self)) mod \(b.written(k: k, m: m, parent: self, right: true))"
        }
        guard let parent else { return text }
        let bracket: Bool
        switch (parent, self) {
        case (.modulo, .multiply): bracket = right
        case (.modulo, _): bracket = true
        case (_, .modulo): bracket = true
        case (.multiply, _): bracket = !isProduct || right
        case (.subtract, _): bracket = right
        default: bracket = false
        }
        return bracket ? "(\(text))" : text
    }

    /// A product or a mod: binds tighter than a sum.
    private var isProduct: Bool {
        switch self {
        case .multiply, .modulo, .key, .size, .number: true
        case .add, .subtract: false
        }
    }

    func value(k: Int, m: Int) -> Int? {
        switch self {
        case .key: return k
        case .size: return m
        case .number(let n): return n
        case .add(let a, let b), .subtract(let a, let b), .multiply(let a, let b), .modulo(let a, let b):
            guard let x = a.value(k: k, m: m), let y = b.value(k: k, m: m) else { return nil }
            let (r, overflow): (Int, Bool)
            switch self {
            case .add: (r, overflow) = x.addingReportingOverflow(y)
            case .subtract: (r, overflow) = x.subtractingReportingOverflow(y)
            case .multiply: (r, overflow) = x.multipliedReportingOverflow(by: y)
            default:
                // Mathematical mod, never negative. (Int.min % -1 is 0,
                // though the machine reports an overflow; |Int.min| has no
                // Int.)
                guard y != 0, y != Int.min else { return nil }
                let (rem, o) = x.remainderReportingOverflow(dividingBy: y)
                (r, overflow) = (o ? 0 : rem < 0 ? rem + abs(y) : rem, false)
            }
            return overflow ? nil : r
        }
    }
}

/// Why a hash expression does not parse.
public enum HashFunctionError: Error, Equatable, CustomStringConvertible {
    case unexpected(column: Int, text: String)
    case end
    case tooLarge(String)
    case noKey
    /// A `mod` by a constant 0, the constant starting at `column`.
    case zeroDivisor(column: Int)
    /// A double-hashing step that does not use `k`; `zero`: it is 0.
    case constantStep(zero: Bool)
    /// Brackets nested past ``HashFunction/deepest``, the first over at
    /// `column` (in Unicode scalars).
    case tooDeep(column: Int, limit: Int)
    case tooLong(characters: Int, limit: Int)
    /// A character of more Unicode scalars than a label may hold.
    case longCharacter(scalars: Int)

    public var description: String {
        switch self {
        case .unexpected(let column, let text):
            // A line break or a tab quoted would break the message's one line.
            "\(text.first?.isNewline == true ? "a line break" : text == "\t" ? "a tab" : "'\(text)'") at column \(column) is not part of a hash expression (use k, m, whole numbers, + - * mod and brackets, or division or multiplication)"
        case .end: "the expression ends too early"
        case .tooLarge(let digits): "\(digits) is too large a number"
        case .noKey: "the expression does not use k, the key: every key would go to one cell"
        case .constantStep(true):
            "a step of 0 never moves: double hashing's step must never be 0 mod the table size, or every probe would stay in one cell; use k, as in 1 + k mod (m - 1)"
        case .constantStep(false):
            "the step does not use k, the key: every key would probe in the same steps (that is linear probing: --probing linear); use k, as in 1 + k mod (m - 1)"
        case .zeroDivisor(let column): "mod 0 at column \(column) divides by zero: every key would fail to hash (a modulus must not be 0)"
        case .tooDeep(let column, let limit): "brackets nest more than \(limit) deep (at column \(column)): the limit is \(limit) levels"
        case .tooLong(let characters, let limit): "the expression is \(grouped(characters)) characters long: the limit is \(limit) characters"
        case .longCharacter(let scalars):
            "a character of \(grouped(scalars)) Unicode scalars (a letter and its combining marks): the limit is \(TextLimits.characterScalars) scalars a character"
        }
    }
}

/// How a word becomes a number to hash.
public enum StringHash: String, Sendable, CaseIterable {
    /// The sum of its characters' codes: short to explain, and anagrams
    /// collide, which a lecture can show.
    case sum
    /// Java's `String.hashCode`: s₀·31ⁿ⁻¹ + … + sₙ₋₁ in 32 bits, made
    /// non-negative.
    case poly

    public func code(of word: String) -> Int {
        switch self {
        case .sum: return word.unicodeScalars.reduce(0) { $0 + Int($1.value) }
        case .poly:
            var h: Int32 = 0
            for u in word.utf16 { h = h &* 31 &+ Int32(u) }
            return Int(h) & 0x7FFF_FFFF
        }
    }

    /// How the code is worked out, for a caption: `c+a+t = 99+97+116`.
    public func working(of word: String) -> String {
        switch self {
        case .sum: word.unicodeScalars.map { String($0.value) }.joined(separator: "+")
        case .poly: "hashCode(\"\(word)\")"
        }
    }
}
