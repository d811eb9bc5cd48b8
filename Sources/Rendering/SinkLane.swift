import Output
/// One sink during one pass of a job, as the job drives it without knowing
/// the sink's type: `prepare` keeps what the sink made of the frame in a
/// slot, `write` hands it back in frame order.
protocol SinkLane: Sendable {
    /// Whether a repeated frame needs neither pixels nor `prepare`.
    var takesRepeats: Bool { get }
    func prepare(_ frame: RenderedFrame, slot: Int) throws(OutputError)
    func write(_ frame: RenderedFrame, slot: Int) throws(OutputError)
    func interrupt()
}

/// A ``SinkLane`` of a sink of known type, holding its prepared values.
final class Lane<Sink: FrameSink>: SinkLane, @unchecked Sendable {
    // @unchecked: slot i's value is set by the worker that renders slot i
    // and taken by the writer; the job's semaphore orders the two, as it
    // does for the slot's canvas.
    private let sink: Sink
    private let pass: Int
    private let prepared: UnsafeMutableBufferPointer<Sink.Prepared?>
    let takesRepeats: Bool
    /// The value last written, when the sink takes repeats: written again
    /// for a frame that repeats it. Only the writer touches it.
    private var last: Sink.Prepared?

    /// The frames of the pass the sink takes, when not all of them.
    private let takes: (@Sendable (Int) -> Bool)?

    init(_ sink: Sink, pass: Int, slots: Int, takes: (@Sendable (Int) -> Bool)? = nil) {
        self.sink = sink
        self.pass = pass
        self.takes = takes
        takesRepeats = sink.takesRepeats && takes == nil
        prepared = .allocate(capacity: slots)
        prepared.initialize(repeating: nil)
    }

    deinit {
        prepared.deinitialize()
        prepared.deallocate()
    }

    func prepare(_ frame: RenderedFrame, slot: Int) throws(OutputError) {
        if frame.repeatsPrevious && takesRepeats { return }
        if let takes, !takes(frame.index) { return }
        prepared[slot] = try sink.prepare(frame, pass: pass)
    }

    /// Writes what `prepare` made of the slot's frame, and lets it go; a
    /// repeated frame, the value before it again.
    func write(_ frame: RenderedFrame, slot: Int) throws(OutputError) {
        if let takes, !takes(frame.index) { return }
        // The job never marks the first frame of a pass as repeated, so a
        // repeat always has a value before it.
        guard let value = frame.repeatsPrevious && takesRepeats ? last : prepared[slot].take() else { return }
        if takesRepeats { last = value }
        try sink.write(value, of: frame, pass: pass)
    }

    func interrupt() {
        sink.interrupt()
    }
}
