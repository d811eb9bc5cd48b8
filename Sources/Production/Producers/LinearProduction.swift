import Diagram
import Producers

extension OperationInput where Operation.Failure == LinearOperationError {
    /// The animation `build` makes of the operations on `stage`: the
    /// limits checked first, a bad program said with where it came from,
    /// the seed of random keys said after. What list, stack, queue, hash,
    /// btree and trie share.
    /// - Parameter keyTest: for random keys, the test each must pass on
    ///   the run's stage (``OperationInput/chooseKeys(keeping:)``).
    func production(
        in context: ProductionContext, fit: Fit, title: String, estimate: ([(Operation, OperationSource)]) -> ScriptEstimate,
        keyTest: ((Stage, LabelFit) -> ((Int) -> Bool)?)? = nil,
        build: ([(Operation, OperationSource)], Stage, LabelFit) throws(LinearOperationError) -> Script
    ) throws(ProductionFailure) -> Production {
        let stage = context.stage(fitting: fit)
        let (program, source, randomSeed) = try program(in: context, keeping: keyTest?(stage, context.labels))
        try context.session.check(estimate(program), fewer: "use fewer operations", status: 64)
        let script: Script
        do throws(LinearOperationError) {
            script = try build(program, stage, context.labels)
        } catch {
            // A size or load the options ask for is at fault, not the operations.
            switch error {
            case .tooWide, .loadOutOfReach: throw ProductionFailure("\(error)", status: 64)
            default: throw ProductionFailure("\(source): \(error)", status: 64)
            }
        }
        return Production(script: script, title: title, fewer: "use fewer operations", afterword: Self.seedLine(randomSeed, in: context))
    }
}
