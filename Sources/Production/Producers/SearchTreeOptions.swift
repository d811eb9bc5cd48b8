import Diagram
import Producers
import Trees

/// The options bst, avl and rb share: where the operations come from, how
/// the tree is laid out, which key takes a deleted node's place, the pace
/// and the pseudocode. `bst` and `avl` take these alone; `rb` adds
/// `show-nil`.
public struct SearchTreeOptions: ProducerOptions, CodeShowing, OperationDriven, Equatable {
    public var operations = OperationInput<BSTOperation>()
    /// Node placement; nil for the structure's own (bst: tidy; avl, rb: inorder).
    public var layout: TreeLayoutKind?
    /// Which key takes the place of a deleted node with two children.
    public var deleteWith: Replacement = .successor
    /// Fast play: this many operations a second.
    public var opsPerSecond: Double?
    /// Show each operation's pseudocode beside the tree.
    public var code = false

    public init() {}

    public static var keys: [OptionKey] {
        OperationInput<BSTOperation>.keys
            + [OptionKey("layout"), OptionKey("delete-with"), OptionKey("ops-per-second"), OptionKey("code", .flag)]
    }

    public func check(naming: OptionNaming) throws(ProductionFailure) {
        try operations.check(naming: naming)
        try FastPlay.check(opsPerSecond, naming: naming)
    }

    enum CodingKeys: String, CodingKey {
        case layout, code
        case deleteWith = "delete-with"
        case opsPerSecond = "ops-per-second"
    }

    public init(from decoder: any Decoder) throws {
        operations = try OperationInput(from: decoder)
        let c = try decoder.container(keyedBy: CodingKeys.self)
        layout = try c.decodeIfPresent(TreeLayoutKind.self, forKey: .layout)
        deleteWith = try c.decodeIfPresent(Replacement.self, forKey: .deleteWith) ?? .successor
        opsPerSecond = try c.decodeIfPresent(Double.self, forKey: .opsPerSecond)
        code = try c.decodeIfPresent(Bool.self, forKey: .code) ?? false
    }

    /// The animation of the operations on a search tree kept balanced by
    /// `balancing`, titled `title` in documents.
    func production(balancing: Balancing, showNil: Bool = false, title: String, in context: ProductionContext) throws(ProductionFailure) -> Production {
        let (program, source, randomSeed) = try operations.program(in: context)
        let hold = operations.hold
        var options = BSTOptions()
        // Rotations keep the keys' order: drawn in order, every node keeps
        // its column and a rotation is nodes sliding up and down, never
        // past one another. A tidy layout may put an inner grandchild past
        // its grandparent.
        options.layout = layout ?? (balancing == .none ? .tidy : .inorder)
        options.easing = context.options.easing
        options.replacement = deleteWith
        options.balancing = balancing
        options.showNil = showNil
        options.finalHold = hold
        options.stage = context.stage
        options.code = code
        let chosen = FastPlay.chosen(given: opsPerSecond, options: context.options) {
            BSTAnimation.fastPlay(for: program, balancing: balancing, finalHold: hold, speed: $0)
        }
        options.opsPerSecond = opsPerSecond ?? chosen
        let fewer = "use fewer keys or operations" + (options.opsPerSecond == nil ? "" : ", a higher \(context.name("ops-per-second"))")
        try context.session.check(
            BSTAnimation.estimate(program: program, balancing: balancing, finalHold: hold, opsPerSecond: options.opsPerSecond),
            fewer: fewer, status: 64)
        var script: Script
        do throws(BSTOperationError) {
            script = try BSTAnimation(program: program, options: options, labels: context.labels).script
        } catch {
            throw ProductionFailure("\(source): \(error)", status: 64)
        }
        if let chosen {
            script.notes.insert(FastPlay.note(operations: program.count, rate: chosen, naming: context.naming), at: 0)
        }
        return Production(
            script: script, title: title, fewer: fewer, afterword: OperationInput<BSTOperation>.seedLine(randomSeed, in: context))
    }
}

extension TreeLayoutKind: Decodable {}
extension Replacement: Decodable {}
