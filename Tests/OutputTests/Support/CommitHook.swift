import Output
import OutputFiles

/// A sink that writes nothing and runs `onCommit` when the job commits it:
/// to make a commit fail, to look at the outputs between two commits, or to
/// interrupt a job there.
final class CommitHook: FrameSink {
    private let onCommit: @Sendable () throws(OutputError) -> Void

    init(onCommit: @escaping @Sendable () throws(OutputError) -> Void) {
        self.onCommit = onCommit
    }

    /// A hook whose commit fails.
    static func failing() -> CommitHook {
        CommitHook { () throws(OutputError) in throw .cannotWrite(path: "hook", reason: "commit refused") }
    }

    func prepare(_ frame: RenderedFrame, pass: Int) throws(OutputError) {}

    func write(_ prepared: Void, of frame: RenderedFrame, pass: Int) throws(OutputError) {}

    func finish() throws(OutputError) {}

    var destinations: [OutputDestination] { [] }

    func commit(into log: CommitLog) throws(OutputError) -> WrittenOutput {
        try onCommit()
        return WrittenOutput(path: "hook", bytes: 0)
    }

    func cancel() {}
}
