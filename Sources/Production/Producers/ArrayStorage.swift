import Producers

/// How a stack or a queue keeps its values: in an array (its first
/// capacity, doubling when full or fixed) or in linked nodes.
public struct ArrayStorage: Sendable, Equatable, Decodable {
    /// Linked nodes instead of an array.
    public var linked = false
    /// The array's first capacity, 1 to 32.
    public var capacity = 4
    /// A fixed array: a value that comes to a full one overflows.
    public var fixed = false

    public init() {}

    public static var keys: [OptionKey] {
        [OptionKey("linked", .flag), OptionKey("capacity"), OptionKey("fixed", .flag)]
    }

    public func check(naming: OptionNaming) throws(ProductionFailure) {
        let name = naming.name
        guard (1...32).contains(capacity) else { throw ProductionFailure("\(name("capacity")) must be from 1 to 32 (got \(capacity))", status: 64) }
        if linked, fixed { throw ProductionFailure("\(name("fixed")) sizes an array: it does not go with \(name("linked"))", status: 64) }
    }

    /// Sets these choices in the options of a stack or queue.
    func apply(to options: inout LinearOptions) {
        options.linked = linked
        options.capacity = capacity
        options.grows = !fixed
    }

    enum CodingKeys: String, CodingKey {
        case linked, capacity, fixed
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        linked = try c.decodeIfPresent(Bool.self, forKey: .linked) ?? false
        capacity = try c.decodeIfPresent(Int.self, forKey: .capacity) ?? 4
        fixed = try c.decodeIfPresent(Bool.self, forKey: .fixed) ?? false
    }
}

/// The options of a stack or a queue: how it keeps its values, its
/// operations, and how it fits the frame.
public struct ArrayStructureOptions<Operation: OperationList>: ProducerOptions, OperationDriven, Equatable {
    public var array = ArrayStorage()
    public var operations = OperationInput<Operation>()
    public var fit = Fit.legible

    public init() {}

    public static var keys: [OptionKey] {
        ArrayStorage.keys + OperationInput<Operation>.keys + [OptionKey("fit")]
    }

    public func check(naming: OptionNaming) throws(ProductionFailure) {
        try array.check(naming: naming)
        try operations.check(naming: naming)
    }

    enum CodingKeys: String, CodingKey {
        case fit
    }

    public init(from decoder: any Decoder) throws {
        array = try ArrayStorage(from: decoder)
        operations = try OperationInput(from: decoder)
        fit = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Fit.self, forKey: .fit) ?? .legible
    }
}
