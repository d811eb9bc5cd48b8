import InputText
import Producers

/// `hash`: a hash table with separate chaining or open addressing, every
/// hash and probe captioned.
public enum HashProducer: Producer {
    public static let name = "hash"

    public struct Options: ProducerOptions, OperationDriven, Equatable {
        /// The table's size m, 1 to ``HashAnimation/sizeLimit``.
        public var tableSize = 11
        /// Separate chaining, said outright (it is the default).
        public var chaining = false
        /// Open addressing, probing so; nil for separate chaining.
        public var probing: Probing?
        /// The hash: an expression in k and m, division or multiplication.
        public var hash = "k mod m"
        /// Double hashing's step, as an expression in k and m.
        public var hash2: String?
        /// How a word becomes a number.
        public var stringHash = StringHash.sum
        /// Rehash when an insert takes keys/size past this.
        public var maxLoad: Double?
        /// Never rehash.
        public var noRehash = false
        public var operations = OperationInput<HashOperation>()
        public var fit = Fit.legible

        public init() {}

        /// The load past which an insert rehashes: as given, else 0.5 for
        /// quadratic probing (with a prime size it reaches at least half
        /// the cells) and 0.75 otherwise.
        public var loadLimit: Double { maxLoad ?? (probing == .quadratic ? 0.5 : 0.75) }

        public static var keys: [OptionKey] {
            [
                OptionKey("table-size"), OptionKey("chaining", .flag), OptionKey("probing"), OptionKey("hash"), OptionKey("hash2"),
                OptionKey("string-hash"), OptionKey("max-load"), OptionKey("no-rehash", .flag),
            ] + OperationInput<HashOperation>.keys + [OptionKey("fit")]
        }

        public func check(naming: OptionNaming) throws(ProductionFailure) {
            try operations.check(naming: naming)
            let name = naming.name
            func usage(_ message: String) -> ProductionFailure { ProductionFailure(message, status: 64) }
            guard (1...HashAnimation.sizeLimit).contains(tableSize) else {
                throw usage("\(name("table-size")) must be from 1 to \(HashAnimation.sizeLimit) (got \(tableSize))")
            }
            if chaining, probing != nil { throw usage("give \(name("chaining")) or \(name("probing")), not both") }
            if let maxLoad {
                guard maxLoad > 0, maxLoad <= 10 else {
                    throw usage("\(name("max-load")) must be over 0 and at most 10 (got \(Format.number(maxLoad)))")
                }
                if probing != nil, maxLoad > 1 {
                    throw usage("\(name("max-load")) \(Format.number(maxLoad)): open addressing holds at most one key a cell, so at most 1")
                }
                if noRehash { throw usage("\(name("max-load")) sets when to rehash: it does not go with \(name("no-rehash"))") }
            }
            if probing == .double, tableSize < 2 { throw usage("\(name("table-size")) 1: double hashing's step needs m ≥ 2") }
            _ = try functions(naming: naming)
        }

        /// The hash and double hashing's step, read from their expressions.
        func functions(naming: OptionNaming) throws(ProductionFailure) -> (hash: HashFunction, step: HashFunction?) {
            let name = naming.name
            let first: HashFunction
            do throws(HashFunctionError) { first = try HashFunction(hash) } catch {
                throw ProductionFailure("\(name("hash")) '\(TextLimits.shown(hash))': \(error)", status: 64)
            }
            guard let hash2 else { return (first, nil) }
            guard probing == .double else {
                throw ProductionFailure("\(name("hash2")) is double hashing's step: it goes with \(name("probing")) double", status: 64)
            }
            do throws(HashFunctionError) { return (first, try HashFunction.step(hash2)) } catch {
                throw ProductionFailure("\(name("hash2")) '\(TextLimits.shown(hash2))': \(error)", status: 64)
            }
        }

        enum CodingKeys: String, CodingKey {
            case chaining, probing, hash, hash2, fit
            case tableSize = "table-size"
            case stringHash = "string-hash"
            case maxLoad = "max-load"
            case noRehash = "no-rehash"
        }

        public init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            tableSize = try c.decodeIfPresent(Int.self, forKey: .tableSize) ?? 11
            chaining = try c.decodeIfPresent(Bool.self, forKey: .chaining) ?? false
            probing = try c.decodeIfPresent(Probing.self, forKey: .probing)
            hash = try c.decodeIfPresent(String.self, forKey: .hash) ?? "k mod m"
            hash2 = try c.decodeIfPresent(String.self, forKey: .hash2)
            stringHash = try c.decodeIfPresent(StringHash.self, forKey: .stringHash) ?? .sum
            maxLoad = try c.decodeIfPresent(Double.self, forKey: .maxLoad)
            noRehash = try c.decodeIfPresent(Bool.self, forKey: .noRehash) ?? false
            operations = try OperationInput(from: decoder)
            fit = try c.decodeIfPresent(Fit.self, forKey: .fit) ?? .legible
        }
    }

    public static func make(_ given: Options, in context: ProductionContext) throws(ProductionFailure) -> Production {
        var options = HashOptions()
        options.size = given.tableSize
        options.probing = given.probing
        let (hash, step) = try given.functions(naming: context.naming)
        options.hash = hash
        if let step { options.secondHash = step }
        options.stringHash = given.stringHash
        options.maxLoad = given.noRehash ? nil : given.loadLimit
        options.finalHold = given.operations.hold
        let kind = given.probing.map { "Hash table, \($0.rawValue) probing" } ?? "Hash table, separate chaining"
        return try given.operations.production(in: context, fit: given.fit, title: kind) {
            HashAnimation.estimate(program: $0, finalHold: options.finalHold)
        } keyTest: { stage, labels in
            var drawn = options
            drawn.stage = stage
            let range = given.operations.keyRange
            return HashAnimation.keyTest(
                options: drawn, count: given.operations.inserts ?? 10, widest: [range.lowerBound, range.upperBound], labels: labels)
        } build: { program, stage, labels throws(LinearOperationError) in
            options.stage = stage
            return try HashAnimation(program: program, options: options, labels: labels).script
        }
    }
}

extension Probing: Decodable {}
extension StringHash: Decodable {}
