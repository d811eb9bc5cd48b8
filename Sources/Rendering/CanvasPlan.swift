import Output
/// How many canvases a ``RenderJob`` renders into, and on how many threads,
/// so that they fit its memory budget whatever the machine's core count.
///
/// A job renders chunks of frames into two sets of canvases, one set being
/// rendered while the other is written out, so its canvases take
/// `sets × threads × framesPerThread × frameBytes`. Frames are
/// `width × height × 4` bytes, and many cores make that a lot: 64 threads
/// of 8192 × 8192 frames would want 32 GiB. The plan lowers the thread
/// count until the canvases fit the budget. One frame is always possible:
/// a frame too large for two canvases within the budget gets one thread and
/// one set, rendering and writing in turn.
///
///     let plan = CanvasPlan(width: 8192, height: 8192, threads: 64)
///     plan.threads    // 1: two 256 MiB canvases fill the 512 MiB
public struct CanvasPlan: Sendable, Equatable {
    /// The budget of a job unless told otherwise: two canvases of the
    /// largest frame the command line allows (8192 × 8192), so that one
    /// thread can still render while the other set is written.
    public static let defaultBudget = 512 << 20

    /// The render threads: those asked for, or fewer when their canvases
    /// would pass the budget.
    public let threads: Int
    /// The frames each thread renders in a chunk: two, which evens out
    /// threads whose frames take unequal times, while that takes at most
    /// half the budget; else one.
    public let framesPerThread: Int
    /// The sets of canvases: two, or one when two frames pass the budget.
    public let sets: Int
    /// The bytes of one canvas.
    public let frameBytes: Int

    /// The plan for frames of `width` × `height` on at most `threads`
    /// threads, within `budget` bytes.
    public init(width: Int, height: Int, threads: Int, budget: Int = defaultBudget) {
        frameBytes = width * height * 4
        sets = 2 * frameBytes <= budget ? 2 : 1
        // At least one byte a frame, so that an empty frame divides.
        self.threads = max(1, min(threads, budget / (sets * max(1, frameBytes))))
        framesPerThread = sets * self.threads * 2 * frameBytes <= budget / 2 ? 2 : 1
    }

    /// The frames of a chunk: rendered together, one set's worth.
    public var chunk: Int { threads * framesPerThread }

    /// The bytes of all the canvases.
    public var bytes: Int { sets * chunk * frameBytes }
}
