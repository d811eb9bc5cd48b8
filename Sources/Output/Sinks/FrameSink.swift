import OutputFiles
/// Where rendered frames go: one small type per kind of output (a PNG
/// folder, ffmpeg, the scene dump), all driven the same way by a
/// ``RenderJob``.
///
/// For each frame, in each of the sink's passes, the job calls `prepare` on
/// a worker thread, in parallel with other frames, for the costly per-frame
/// work (encoding), then `write` on one writer thread, in frame order, for
/// what must be serial (appending to a stream). After a pass it calls `end`.
///
/// A job keeps all of its sinks' outputs or none, and never loses a file a
/// user had. It finishes every sink before it commits any: `finish` brings
/// the sink's files to complete under temporary names and checks that they
/// can be renamed. Then it commits them one by one into one ``CommitLog``:
/// `commit(into:)` renames each file into place through
/// ``CommitLog/place(_:at:)``, which keeps the file it replaces. When every
/// sink has committed, the log drops what it kept; when a commit fails or
/// the job is interrupted between two commits, the log takes back every
/// file placed so far, in every sink, and puts the replaced ones back. Then
/// the job calls `cancel` on every sink, which removes its temporary files
/// and what else it made, in whatever state it is.
///
/// Before anything is made, the job compares the sinks' `destinations` and
/// refuses two that would write one file
/// (``OutputError/outputsCollide(path:other:)``): a job that keeps all or
/// none cannot keep both.
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

    /// Whether the sink can take a frame that repeats the one before
    /// (``RenderedFrame/repeatsPrevious``) as the value it prepared for that
    /// one: the job then neither renders nor prepares the frame, and calls
    /// `write` with the previous frame's value and the repeated frame, whose
    /// canvas must not be read. When every sink takes repeats, a held frame
    /// costs nothing to draw.
    var takesRepeats: Bool { get }

    /// Whether the sink needs frame `index` in `pass`, of a job that renders
    /// `frames`: every frame, but for a GIF's palette pass, which takes a
    /// sample (``FFmpegRecipe/paletteSample(_:of:)``). A job renders in a
    /// pass only the frames some sink taking part needs, and a sink is
    /// given only those it needs. It depends on the index and the range
    /// alone, so that the output is the same on any number of threads.
    func takes(_ index: Int, of frames: Range<Int>, pass: Int) -> Bool

    /// Called before the frames of `pass`, on the job's thread.
    func begin(pass: Int) throws(OutputError)

    /// The per-frame work that may run in parallel; called on a worker thread.
    func prepare(_ frame: RenderedFrame, pass: Int) throws(OutputError) -> Prepared

    /// Takes one frame, in frame order, on the job's writer thread.
    func write(_ prepared: Prepared, of frame: RenderedFrame, pass: Int) throws(OutputError)

    /// Called on the job's thread when the job is to stop (interrupted, or
    /// failed elsewhere) while `write` may be waiting on another program,
    /// such as an ffmpeg that has stopped reading: makes such a write throw
    /// soon, so that the job can clean up. It must not wait for what `write`
    /// holds. Sinks whose writes end by themselves do nothing.
    func interrupt()

    /// Called after every frame of `pass` is written, on the job's thread;
    /// a sink that waits here polls `isCancelled` and throws
    /// ``OutputError/interrupted`` when it says so.
    func end(pass: Int, isCancelled: @Sendable () -> Bool) throws(OutputError)

    /// Completes the output under temporary names and checks that the final
    /// names can take it; after the last pass.
    func finish() throws(OutputError)

    /// The files or the folder the sink will write, as final names; known
    /// from when the sink is made.
    var destinations: [OutputDestination] { get }

    /// Renames the finished output into place, every file through `log`,
    /// and says what it is. The log, not the sink, takes the files back if
    /// the job fails after this.
    func commit(into log: CommitLog) throws(OutputError) -> WrittenOutput

    /// Removes the sink's temporary files and what else it made that is not
    /// in the log (a folder, once empty), and stops what it started.
    func cancel()
}

extension FrameSink {
    public var passes: Int { 1 }
    public var takesRepeats: Bool { false }

    public func takes(_ index: Int, of frames: Range<Int>, pass: Int) -> Bool { true }

    public func begin(pass: Int) throws(OutputError) {}

    public func interrupt() {}

    public func end(pass: Int, isCancelled: @Sendable () -> Bool) throws(OutputError) {}
}
