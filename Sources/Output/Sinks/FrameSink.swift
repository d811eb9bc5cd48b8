/// Where rendered frames go: one small type per kind of output (a PNG
/// folder, ffmpeg, the scene dump), all driven the same way by a
/// ``RenderJob``.
///
/// For each frame, in each of the sink's passes, the job calls `prepare` on
/// a worker thread, in parallel with other frames, for the costly per-frame
/// work (encoding), then `write` on one writer thread, in frame order, for
/// what must be serial (appending to a stream). After a pass it calls `end`.
///
/// A job with several sinks finishes them all before it commits any, so an
/// output that fails never leaves another one replaced: `finish` brings the
/// sink's files to complete under temporary names and checks that they can
/// be renamed; `commit` renames them into place. `cancel` removes what the
/// sink made, in whatever state it is; the job calls it on every sink when
/// anything fails or the run is interrupted.
///
/// A sink is a class: the workers, the writer and the job share one, and it
/// keeps what it has made so far.
public protocol FrameSink: AnyObject, Sendable {
    /// What `prepare` makes of a frame for `write`.
    associatedtype Prepared: Sendable

    /// How many times the sink needs to see the frames: 1, or 2 for a GIF
    /// (a palette first). A job runs the frames as many times as its most
    /// demanding sink needs, and a sink takes part in the last `passes` of
    /// them, numbered from 0.
    var passes: Int { get }

    /// Called before the frames of `pass`, on the job's thread.
    func begin(pass: Int) throws(OutputError)

    /// The per-frame work that may run in parallel; called on a worker thread.
    func prepare(_ frame: RenderedFrame, pass: Int) throws(OutputError) -> Prepared

    /// Takes one frame, in frame order, on the job's writer thread.
    func write(_ prepared: Prepared, of frame: RenderedFrame, pass: Int) throws(OutputError)

    /// Called after every frame of `pass` is written, on the job's thread;
    /// a sink that waits here polls `isCancelled` and throws
    /// ``OutputError/interrupted`` when it says so.
    func end(pass: Int, isCancelled: @Sendable () -> Bool) throws(OutputError)

    /// Completes the output under temporary names and checks that the final
    /// names can take it; after the last pass.
    func finish() throws(OutputError)

    /// Renames the finished output into place and says what it is.
    func commit() throws(OutputError) -> WrittenOutput

    /// Removes what the sink made and stops what it started.
    func cancel()
}

extension FrameSink {
    public var passes: Int { 1 }

    public func begin(pass: Int) throws(OutputError) {}

    public func end(pass: Int, isCancelled: @Sendable () -> Bool) throws(OutputError) {}
}
