import Diagram
import Foundation
import InputText
import Output
import OutputFiles

/// Renders a range of an animation's frames on several threads and delivers
/// them, in frame order, to its sinks.
///
///     let frames = FrameFormat(source)
///     let job = RenderJob(
///         source: source, renderer: FrameRenderer(font: font),
///         sinks: [try OutputTarget.video("bst.gif", .gif).sink(frames: frames),
///                 try SceneDumpSink(path: "bst.jsonl")])
///     let summary = try job.run()
///
/// Memory is flat in the number of frames: frames are rendered in chunks of
/// a few per thread into two reused sets of canvases, one set being rendered
/// while the other is written out. The canvases keep within `memoryBudget`,
/// which lowers the thread count for large frames (see ``canvasPlan``).
/// Frames are the same bytes for any number of threads, since each is a
/// pure function of its index.
public struct RenderJob: Sendable {
    public var source: any FrameSource
    public var renderer: FrameRenderer
    public var sinks: [any FrameSink]
    /// The frames to render, numbered as in the full animation.
    public var frames: Range<Int>
    /// The render threads asked for; ``canvasPlan`` says how many run.
    public var threads: Int
    /// The bytes the canvases may take, whatever `threads` asks for.
    public var memoryBudget = CanvasPlan.defaultBudget
    /// The files the run that made this job read (its input, a font, a
    /// file of operations): no output may replace one of them. By default
    /// those of the ``InputLedger/current`` ledger when the job was made.
    public var inputs: [ReadFile]

    /// A job for all of `source`'s frames, one thread a core.
    public init(source: any FrameSource, renderer: FrameRenderer, sinks: [any FrameSink]) {
        self.source = source
        self.renderer = renderer
        self.sinks = sinks
        frames = 0..<source.frameCount
        threads = ProcessInfo.processInfo.activeProcessorCount
        inputs = InputLedger.current?.files ?? []
    }

    /// The canvases and threads the job will render with: fewer threads
    /// than `threads` when their canvases would pass `memoryBudget`.
    public var canvasPlan: CanvasPlan {
        CanvasPlan(width: source.width, height: source.height, threads: threads, budget: memoryBudget)
    }

    /// Runs the job. `progress` is called, on one thread at a time, with the
    /// frames delivered so far and the total, which counts every pass (a
    /// GIF's palette pass renders a sample of its frames, then every frame
    /// is rendered for the GIF itself); `isCancelled`
    /// is polled between chunks, while the job waits for its writer and
    /// while a sink waits, and stops the job with ``OutputError/interrupted``
    /// within a second or two, whatever ffmpeg does.
    ///
    /// Sinks that would write one file are refused before anything is made
    /// (``OutputError/outputsCollide(path:other:)``), and so is an output
    /// that is one of ``inputs`` (``OutputError/outputIsInput(path:input:role:)``),
    /// and so are outputs
    /// that another job is writing (``OutputError/outputInUse(path:)``): the
    /// job holds a lock beside each of its outputs while it runs. Holding
    /// them, it first tidies what runs killed before they could clean up
    /// left there (``Leftovers``). Every sink
    /// is finished before any is committed, and the outputs are kept all or
    /// none: the files they replace are kept in a ``CommitLog`` until every
    /// sink has committed, and a job that fails or is interrupted, before or
    /// between commits, puts them back and cancels every sink, which takes
    /// back what it made.
    public func run(
        progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void = { _, _ in },
        isCancelled: @escaping @Sendable () -> Bool = { false }
    ) throws(OutputError) -> RenderSummary {
        guard frames.lowerBound >= 0, frames.upperBound <= source.frameCount else {
            throw .frameRangeOutside(range: frames, frameCount: source.frameCount)
        }
        try Self.checkApart(sinks)
        try Self.checkInputs(sinks, against: inputs)
        // Parts of one animation may render into one folder at once.
        let part = frames != 0..<source.frameCount
        let destinations = sinks.flatMap(\.destinations)
        let locks = try OutputError.files { () throws(FileError) in try OutputLock.acquire(destinations, sharingFolders: part) }
        // Last of all, after every sink has committed or taken back what it made.
        defer { for lock in locks { lock.release() } }
        // What killed runs left where this one writes, now that no other
        // run writes there: not in a folder whose lock parts share.
        Leftovers.tidy(destinations.filter { destination in
            if case .folder = destination { !part } else { true }
        })
        let passes = sinks.map(\.passes).max() ?? 1
        // A sink takes part in the last `sink.passes` of the job's passes,
        // which it numbers from 0; a pass renders the frames some sink
        // taking part needs.
        let taking = (0..<passes).map { pass in
            sinks.map { (sink: $0, own: pass - passes + $0.passes) }.filter { $0.own >= 0 }
        }
        let frames = frames
        let lists: [[Int]] = taking.map { taking in
            frames.filter { index in taking.contains { $0.sink.takes(index, of: frames, pass: $0.own) } }
        }
        let total = lists.reduce(0) { $0 + $1.count }
        let plan = canvasPlan
        let slots = FrameSlot.sets(width: source.width, height: source.height, plan: plan)
        let log = CommitLog()
        do throws(OutputError) {
            var done = 0
            for pass in 0..<passes {
                let list = lists[pass]
                for (sink, own) in taking[pass] { try sink.begin(pass: own) }
                let lanes = taking[pass].map { (sink, own) in
                    Self.lane(for: sink, pass: own, slots: slots.count * slots[0].count, frames: frames, list: list)
                }
                let before = done
                try deliver(
                    list, to: lanes, slots: slots, workers: plan.threads, progress: { progress(before + $0, total) },
                    isCancelled: isCancelled)
                done += list.count
                for (sink, own) in taking[pass] { try sink.end(pass: own, isCancelled: isCancelled) }
            }
            for sink in sinks { try sink.finish() }
            var outputs = [WrittenOutput]()
            for sink in sinks {
                // Polled before every commit, not only the first: an
                // interruption between two commits takes back the first too.
                if isCancelled() { throw OutputError.interrupted }
                outputs.append(try sink.commit(into: log))
            }
            log.confirm()
            return RenderSummary(frames: frames.count, outputs: outputs)
        } catch {
            // Files in place go back first, so that a folder the job made is
            // empty when its sink removes it.
            log.rollback()
            for sink in sinks { sink.cancel() }
            throw error
        }
    }

    /// The lane of `sink` in its pass `pass`, whose frames are `list`, of
    /// the job's `frames`. A sink that needs only some of them is given
    /// only those, and every frame it is given drawn: a frame it is told
    /// repeats the one before would repeat a frame it may not have seen.
    private static func lane(
        for sink: some FrameSink, pass: Int, slots: Int, frames: Range<Int>, list: [Int]
    ) -> any SinkLane {
        let takes: @Sendable (Int) -> Bool = { sink.takes($0, of: frames, pass: pass) }
        return Lane(sink, pass: pass, slots: slots, takes: list.allSatisfy(takes) ? nil : takes)
    }
}
