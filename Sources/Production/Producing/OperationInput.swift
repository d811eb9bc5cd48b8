import InputText
import Producers
import Trees

/// Where an operation-driven animation's operations come from (`ops`,
/// `ops-file`, or inserts of `inserts`/`values` drawn from `range` with
/// `seed`) and how long its last frame holds: the same options, checks and
/// messages for every structure that `Operation` names.
public struct OperationInput<Operation: OperationList>: Sendable, Equatable {
    /// Insert this many random distinct keys.
    public var inserts: Int?
    /// Draw random keys from this range.
    public var range: ClosedRange<Int>?
    /// Seed for the random keys (default: a random seed, said so the run can be repeated).
    public var seed: UInt64?
    /// Insert exactly these keys, in order.
    public var values: [Int]?
    /// Operations to play.
    public var ops: String?
    /// A file of operations, one per line ('#' comments), or `-`.
    public var opsFile: String?
    /// Seconds to hold the last frame, 0 to 60.
    public var hold: Double = 3

    public init() {}

    /// The most keys a run inserts: more make no watchable animation.
    public static var maxInserts: Int { 10_000 }

    /// The keys these options take.
    public static var keys: [OptionKey] {
        [OptionKey("inserts"), OptionKey("range"), OptionKey("seed"), OptionKey("values"), OptionKey("ops"), OptionKey("ops-file", .path), OptionKey("hold")]
    }

    /// The range random keys come from: as given, else 1...99, or
    /// 1...999 and so on, the first that holds at least twice the keys
    /// asked for (random keys of a range they nearly fill are nearly in
    /// order).
    public var keyRange: ClosedRange<Int> {
        if let range { return range }
        // Counts past the limit are refused by check(); clamped here so
        // that working the range out first cannot overflow.
        let count = min(max(inserts ?? 10, 0), Self.maxInserts)
        var top = 99
        while top < 2 * count { top = top * 10 + 9 }
        return 1...top
    }

    /// Checks that the operations come from one place and that the keys
    /// and the hold are sane.
    public func check(naming: OptionNaming) throws(ProductionFailure) {
        let name = naming.name
        func usage(_ message: String) -> ProductionFailure { ProductionFailure(message, status: 64) }
        if ops != nil || opsFile != nil {
            if ops != nil, opsFile != nil { throw usage("give \(name("ops")) or \(name("ops-file")), not both") }
            if inserts != nil || values != nil {
                throw usage("give \(name("ops")) (or \(name("ops-file"))) or \(name("inserts"))/\(name("values")), not both")
            }
            if seed != nil || range != nil {
                throw usage("\(name("seed")) and \(name("range")) choose random keys: they go with \(name("inserts")), not \(name("ops"))")
            }
        }
        try Numeral.checkHold(hold, naming: naming)
        if values != nil, inserts != nil { throw usage("give \(name("inserts")) or \(name("values")), not both") }
        if let keys = values, keys.count > Self.maxInserts {
            throw usage("\(name("values")) has \(keys.count) keys; at most \(Self.maxInserts) make a watchable animation")
        }
        let bounds = keyRange
        let n = inserts ?? 10
        // The range only matters for random keys: with values it is not
        // used (and with ops it is refused above).
        guard n >= 1 else { throw usage("\(name("inserts")) must be at least 1 (got \(n))") }
        guard n <= Self.maxInserts else {
            throw usage("\(name("inserts")) \(n) is too many; at most \(Self.maxInserts) make a watchable animation")
        }
        if values == nil, !Self.holds(bounds, atLeast: n) {
            throw usage(
                "\(name("range")) \(bounds.lowerBound)...\(bounds.upperBound) holds \(bounds.count) key\(bounds.count == 1 ? "" : "s"), too few for \(n) distinct inserts")
        }
        if Operation.distinctKeys, let values {
            let duplicates = BSTOperation.duplicates(in: values)
            if !duplicates.isEmpty {
                throw usage("duplicate keys in \(name("values")): \(duplicates.map(String.init).joined(separator: ", ")) (each key can be inserted once)")
            }
        }
        if let ops {
            do throws(Operation.Failure) { _ = try Operation.parse(ops, lines: false) } catch {
                throw usage("\(name("ops")): \(error)")
            }
        }
    }

    /// The operations to play, how messages about them name where they
    /// came from (`--ops`, `--ops-file PATH`), and the seed of random keys
    /// drawn here.
    /// - Parameter keeping: for random keys, a test each drawn key must
    ///   pass to be taken (see ``chooseKeys(keeping:)``).
    public func program(in context: ProductionContext, keeping: ((Int) -> Bool)? = nil) throws(ProductionFailure) -> (
        program: [(Operation, OperationSource)], source: String, randomSeed: UInt64?
    ) {
        let name = context.name
        if let ops {
            do throws(Operation.Failure) { return (try Operation.parse(ops, lines: false), name("ops"), nil) } catch {
                throw ProductionFailure("\(name("ops")): \(error)", status: 64)
            }
        }
        if let given = opsFile {
            let text = try OperationInput.read(given, in: context)
            do throws(Operation.Failure) { return (try Operation.parse(text, lines: true), "\(name("ops-file")) \(given)", nil) } catch {
                throw ProductionFailure("\(name("ops-file")) \(given): \(error)", status: 64)
            }
        }
        let (keyList, seed) = chooseKeys(keeping: keeping)
        return (Operation.inserts(keyList), values != nil ? name("values") : name("inserts"), seed)
    }

    /// The keys to insert: the given values, or random distinct keys from the
    /// seeded generator; and the seed when it was drawn here, to say.
    /// Random keys `keeping` refuses are passed over for the next drawn
    /// (a structure that cannot show some keys readably, as a hash chain
    /// too deep, draws others), still from the seed alone.
    public func chooseKeys(keeping: ((Int) -> Bool)? = nil) -> (keys: [Int], randomSeed: UInt64?) {
        if let values { return (values, nil) }
        let seed = self.seed ?? UInt64.random(in: 0...999_999)
        var rng = SeededGenerator(seed: seed)
        return (rng.distinctKeys(count: inserts ?? 10, in: keyRange, keeping: keeping), self.seed == nil ? seed : nil)
    }

    /// What to say of a seed drawn here, so the run can be repeated.
    public static func seedLine(_ seed: UInt64?, in context: ProductionContext) -> [String] {
        seed.map { ["seed \($0) (\(context.naming.giving("seed", "\($0)")) to get the same keys)"] } ?? []
    }

    /// Whether `range` has at least `n` keys, without overflowing on ranges
    /// wider than `Int.max`.
    public static func holds(_ range: ClosedRange<Int>, atLeast n: Int) -> Bool {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
        return span == UInt64.max || span + 1 >= UInt64(n)
    }
}

extension OperationInput {
    /// The largest file of operations read: 1,000,000 bytes. The most
    /// operations a run plays, 1,000, take some 20 kB written one a line;
    /// the rest is room for comments.
    public static var maxFileBytes: Int { 1_000_000 }

    /// The text of a file of operations (`given` as the options write it),
    /// or of standard input for `-`, so a list can be piped in.
    static func read(_ given: String, in context: ProductionContext) throws(ProductionFailure) -> String {
        let name = context.name("ops-file")
        let bytes: [UInt8]
        do throws(InputError) {
            bytes = try InputSource(argument: context.resolved(given)).read(limit: maxFileBytes, role: context.role("ops-file"))
        } catch {
            let reason = error == .directory ? "it is a folder" : error.description
            throw ProductionFailure("\(name): cannot read '\(given)': \(reason)", status: 64)
        }
        do throws(TextError) {
            return try DecodedText(decoding: bytes).string
        } catch {
            let line = error.position.map { "line \($0.line): " } ?? ""
            throw ProductionFailure("\(name) \(given): \(line)\(error)", status: 64)
        }
    }
}

extension OperationInput: Decodable {
    enum CodingKeys: String, CodingKey {
        case inserts, range, seed, values, ops, hold
        case opsFile = "ops-file"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        inserts = try c.decodeIfPresent(Int.self, forKey: .inserts)
        range = try c.decodeIfPresent(KeyRange.self, forKey: .range)?.range
        seed = try c.decodeIfPresent(UInt64.self, forKey: .seed)
        values = try c.decodeIfPresent(KeyList.self, forKey: .values)?.keys
        ops = try c.decodeIfPresent(OperationText.self, forKey: .ops)?.text
        opsFile = try c.decodeIfPresent(String.self, forKey: .opsFile)
        hold = try c.decodeIfPresent(Double.self, forKey: .hold) ?? 3
    }
}

/// `lo...hi` (or `lo..hi`) with lo ≤ hi: the range random keys come from.
public struct KeyRange: Sendable, Decodable, Equatable {
    public var range: ClosedRange<Int>

    public init(parsing text: String) throws(ValueProblem) {
        do { try Numeral.checkDigits(text) } catch let problem as ValueProblem { throw problem } catch { throw ValueProblem("\(error)") }
        for separator in ["...", ".."] {
            let parts = text.components(separatedBy: separator)
            if parts.count == 2, let lo = Int(parts[0]), let hi = Int(parts[1]), lo <= hi {
                range = lo...hi
                return
            }
        }
        throw ValueProblem("expected LO...HI with LO ≤ HI, such as 1...99")
    }

    public init(from decoder: any Decoder) throws {
        try self.init(parsing: decoder.singleValueContainer().decode(String.self))
    }
}

/// Keys separated by commas (`50,17,72`), or a list of them.
public struct KeyList: Sendable, Decodable, Equatable {
    public var keys: [Int]

    public init(parsing text: String) throws(ValueProblem) {
        var keys = [Int]()
        for token in text.split(separator: ",", omittingEmptySubsequences: false) {
            let t = token.trimmingCharacters(in: .whitespaces)
            if let k = Int(t) {
                keys.append(k)
                continue
            }
            do { try Numeral.checkDigits(t) } catch let problem as ValueProblem { throw problem } catch { throw ValueProblem("\(error)") }
            if !t.isEmpty, t.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "+" }) {
                throw ValueProblem("'\(t)' is out of range (keys are from \(Int.min) to \(Int.max))")
            }
            throw ValueProblem("'\(t)' is not a whole number (expected keys like 50,17,72)")
        }
        self.keys = keys
    }

    public init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var texts = [String]()
            while !list.isAtEnd { texts.append(try list.decode(String.self)) }
            try self.init(parsing: texts.joined(separator: ","))
        } else {
            try self.init(parsing: decoder.singleValueContainer().decode(String.self))
        }
    }
}

/// Operations as a lecture writes them: one text, or a list of lines.
struct OperationText: Decodable {
    var text: String

    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var lines = [String]()
            while !list.isAtEnd { lines.append(try list.decode(String.self)) }
            text = lines.joined(separator: "; ")
        } else {
            text = try decoder.singleValueContainer().decode(String.self)
        }
    }
}
