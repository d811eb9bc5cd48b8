import Producers

/// `stack`: push, pop and peek, and a stack's classic uses.
public enum StackProducer: Producer {
    public static let name = "stack"

    public typealias Options = ArrayStructureOptions<StackOperation>

    public static func make(_ given: Options, in context: ProductionContext) throws(ProductionFailure) -> Production {
        var options = LinearOptions()
        given.array.apply(to: &options)
        options.finalHold = given.operations.hold
        return try given.operations.production(in: context, fit: given.fit, title: given.array.linked ? "Linked stack" : "Stack") {
            StackAnimation.estimate(program: $0, finalHold: options.finalHold)
        } build: { program, stage, labels throws(LinearOperationError) in
            options.stage = stage
            return try StackAnimation(program: program, options: options, labels: labels).script
        }
    }
}
