import Output
import OutputFiles
import Raster
import Synchronization

/// A sink that writes nothing and records what the job gave it: the frames
/// it prepared, with their pixels, and for each frame written the frame
/// whose prepared value came with it.
/// With `passes` above 1, it records the last pass, and takes in every
/// pass but the last only the frames `sample` keeps (by their index in the
/// job's frames and the frame count).
final class RecordingSink: FrameSink {
    let takesRepeats: Bool
    let passes: Int
    private let sample: @Sendable (Int, Int) -> Bool
    private let record = Mutex(Record())

    struct Record {
        var prepared: [Int: [UInt8]] = [:]
        /// Frame written → the frame its value was prepared for.
        var written: [(frame: Int, value: Int)] = []
        /// The frames written in each pass but the last, in order.
        var sampled: [[Int]] = []
    }

    init(takesRepeats: Bool, passes: Int = 1, sample: @escaping @Sendable (Int, Int) -> Bool = { _, _ in true }) {
        self.takesRepeats = takesRepeats
        self.passes = passes
        self.sample = sample
    }

    var recorded: Record { record.withLock { $0 } }

    func takes(_ index: Int, of frames: Range<Int>, pass: Int) -> Bool {
        pass == passes - 1 || sample(index - frames.lowerBound, frames.count)
    }

    func prepare(_ frame: RenderedFrame, pass: Int) throws(OutputError) -> Int {
        if pass == passes - 1 { record.withLock { $0.prepared[frame.index] = frame.canvas.pixels } }
        return frame.index
    }

    func write(_ prepared: Int, of frame: RenderedFrame, pass: Int) throws(OutputError) {
        record.withLock { record in
            if pass == passes - 1 {
                record.written.append((frame.index, prepared))
            } else {
                while record.sampled.count <= pass { record.sampled.append([]) }
                record.sampled[pass].append(frame.index)
            }
        }
    }

    func finish() throws(OutputError) {}

    var destinations: [OutputDestination] { [] }

    func commit(into log: CommitLog) throws(OutputError) -> WrittenOutput { WrittenOutput(path: "recording", bytes: 0) }

    func cancel() {}
}
