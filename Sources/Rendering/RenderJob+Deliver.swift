import Dispatch
import Output

extension RenderJob {
    /// Renders `list` (frames of the job, in order) once, chunk by chunk,
    /// and passes each to `lanes`: prepared on the workers, written in
    /// order on one writer queue while the workers render the next chunk
    /// into the other set of slots. A frame repeats the one before it in
    /// `list`. `progress` gets the frames written so far.
    ///
    /// While it waits for the writer, the job's thread polls `isCancelled`
    /// and, once the job is to stop, interrupts the lanes: a write blocked
    /// on ffmpeg would otherwise keep an interrupted job waiting for ever.
    func deliver(
        _ list: [Int], to lanes: [any SinkLane], slots sets: [[FrameSlot]], workers: Int,
        progress: @escaping @Sendable (Int) -> Void, isCancelled: @escaping @Sendable () -> Bool
    ) throws(OutputError) {
        let chunk = sets[0].count
        let free = DispatchSemaphore(value: sets.count)
        let writer = DispatchQueue(label: "treeanim.writer")
        let written = DispatchGroup()
        let failure = FirstError()
        let source = source
        let renderer = renderer
        // A frame held still is drawn once when no sink needs its pixels.
        let skipRepeats = lanes.allSatisfy(\.takesRepeats)
        var delivered = 0
        var interrupted = false

        /// Whether the job is to stop: cancelled, or failed on any thread.
        func stopping() -> Bool {
            if isCancelled() { failure.record(.interrupted) }
            return failure.current != nil
        }
        /// Waits until `done` (a wait on the writer) is over.
        func waitForWriter(_ done: (DispatchTime) -> DispatchTimeoutResult) {
            while done(.now() + .milliseconds(50)) == .timedOut {
                guard !interrupted, stopping() else { continue }
                interrupted = true
                for lane in lanes { lane.interrupt() }
            }
        }

        for (k, start) in stride(from: 0, to: list.count, by: chunk).enumerated() {
            if stopping() { break }
            waitForWriter(free.wait(timeout:))
            let set = k % sets.count
            let slots = sets[set]
            let count = min(chunk, list.count - start)
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                for j in stride(from: w, to: count, by: workers) {
                    let slot = slots[j]
                    let index = list[start + j]
                    slot.index = index
                    slot.scene = source.scene(at: index)
                    // Scenes cost a hundredth of a drawing: the one before
                    // is made again here rather than shared between workers.
                    slot.repeats = start + j > 0 && slot.scene.drawsSame(as: source.scene(at: list[start + j - 1]))
                    if !(slot.repeats && skipRepeats) { renderer.render(slot.scene, into: &slot.canvas) }
                    do throws(OutputError) {
                        for lane in lanes { try lane.prepare(slot.frame, slot: set * chunk + j) }
                    } catch {
                        failure.record(error)
                    }
                }
            }
            delivered += count
            let done = delivered
            writer.async(group: written) {
                defer { free.signal() }
                guard failure.current == nil else { return }
                do throws(OutputError) {
                    for (j, slot) in slots.prefix(count).enumerated() {
                        for lane in lanes { try lane.write(slot.frame, slot: set * chunk + j) }
                    }
                    progress(done)
                } catch {
                    failure.record(error)
                }
            }
        }
        waitForWriter(written.wait(timeout:))
        if let error = failure.current { throw error }
    }
}
