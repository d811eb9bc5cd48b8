import Output
import OutputFiles
import Raster
import Synchronization

/// A sink that writes nothing and records what the job gave it: the frames
/// it prepared, with their pixels, and for each frame written the frame
/// whose prepared value came with it.
final class RecordingSink: FrameSink {
    let takesRepeats: Bool
    private let record = Mutex(Record())

    struct Record {
        var prepared: [Int: [UInt8]] = [:]
        /// Frame written → the frame its value was prepared for.
        var written: [(frame: Int, value: Int)] = []
    }

    init(takesRepeats: Bool) {
        self.takesRepeats = takesRepeats
    }

    var recorded: Record { record.withLock { $0 } }

    func prepare(_ frame: RenderedFrame, pass: Int) throws(OutputError) -> Int {
        record.withLock { $0.prepared[frame.index] = frame.canvas.pixels }
        return frame.index
    }

    func write(_ prepared: Int, of frame: RenderedFrame, pass: Int) throws(OutputError) {
        record.withLock { $0.written.append((frame.index, prepared)) }
    }

    func finish() throws(OutputError) {}

    var destinations: [OutputDestination] { [] }

    func commit(into log: CommitLog) throws(OutputError) -> WrittenOutput { WrittenOutput(path: "recording", bytes: 0) }

    func cancel() {}
}
