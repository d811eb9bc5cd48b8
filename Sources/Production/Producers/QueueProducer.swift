import Producers

/// `queue`: enqueue, dequeue and peek on a circular buffer or linked nodes.
public enum QueueProducer: Producer {
    public static let name = "queue"

    public typealias Options = ArrayStructureOptions<QueueOperation>

    public static func make(_ given: Options, in context: ProductionContext) throws(ProductionFailure) -> Production {
        var options = LinearOptions()
        given.array.apply(to: &options)
        options.finalHold = given.operations.hold
        return try given.operations.production(in: context, fit: given.fit, title: given.array.linked ? "Linked queue" : "Queue") {
            QueueAnimation.estimate(program: $0, finalHold: options.finalHold)
        } build: { program, stage, labels throws(LinearOperationError) in
            options.stage = stage
            return try QueueAnimation(program: program, options: options, labels: labels).script
        }
    }
}
