import Tween

/// Builds a script the way a producer thinks of it: change the diagram,
/// beat by beat, and let the builder record what changed.
///
///     var script = ScriptBuilder()
///     script.step("insert 42") { step in
///         step.beat(.easeOut(duration: 0.3)) { d in d.nodes.insert(newNode) }
///         step.hold(0.5)
///     }
///     let timeline = try Timeline(script: script.script, settings: settings)
public struct ScriptBuilder: Sendable {
    public private(set) var script: Script
    /// The diagram after the last beat so far.
    public private(set) var diagram: Diagram

    public init(camera: CameraOptions = CameraOptions()) {
        script = Script(camera: camera)
        diagram = Diagram()
    }

    /// Adds a step whose beats `body` makes.
    public mutating func step<E: Error>(
        _ caption: String?, note: String? = nil, camera: CameraMove = .fit,
        _ body: (inout StepBuilder) throws(E) -> Void
    ) throws(E) {
        var builder = StepBuilder(diagram: diagram, token: script.steps.count)
        try body(&builder)
        diagram = builder.diagram
        script.steps.append(
            Step(caption: caption, note: note, beats: builder.beats, camera: camera, conclusion: builder.conclusion))
    }
}

/// The beats of one step, made by changing its diagram.
public struct StepBuilder: Sendable {
    /// The diagram after the last beat so far.
    public private(set) var diagram: Diagram
    public private(set) var beats: [Beat] = []
    /// Set by ``conclude()``: see ``Step/conclusion``.
    public private(set) var conclusion: Int?
    private var token: Int

    init(diagram: Diagram, token: Int) {
        self.diagram = diagram
        self.token = token << 20
    }

    /// A beat: `change` edits the diagram, and every element it changes
    /// animates from its old state to its new one with `animation` (or its
    /// entry in `timing`). Elements it adds enter, elements it removes exit;
    /// removing a node removes the edges, marks and texts attached to it.
    public mutating func beat(
        _ animation: Animation = .easeInOut(duration: 0.5), duration: Double? = nil, caption: String? = nil,
        timing: [ElementID: Animation] = [:], paths: [ElementID: MotionPath] = [:],
        _ change: (inout Diagram) -> Void
    ) {
        token += 1
        let before = diagram
        diagram.startJournals(token)
        change(&diagram)
        diagram.removeDetached(
            from: before.nodes.ids.filter { !diagram.nodes.contains($0) } + before.bars.ids.filter { !diagram.bars.contains($0) })
        var changes = [Change]()
        diagram.nodes.collectChanges(from: before.nodes, token: token, into: &changes, as: Change.node)
        diagram.edges.collectChanges(from: before.edges, token: token, into: &changes, as: Change.edge)
        diagram.marks.collectChanges(from: before.marks, token: token, into: &changes, as: Change.mark)
        diagram.bars.collectChanges(from: before.bars, token: token, into: &changes, as: Change.bar)
        diagram.texts.collectChanges(from: before.texts, token: token, into: &changes, as: Change.text)
        beats.append(
            Beat(
                changes: changes, animation: animation, timing: timing, paths: paths, duration: duration,
                caption: caption.map(CaptionChange.show),
                reserved: diagram.reserved == before.reserved ? nil : diagram.reserved))
    }

    /// A pause of `seconds` in which nothing moves, optionally with a new
    /// caption from its start.
    public mutating func hold(_ seconds: Double, caption: String? = nil) {
        beats.append(Beat(changes: [], animation: .linear(duration: seconds), duration: seconds, caption: caption.map(CaptionChange.show)))
    }

    /// A ring walks `path`: it comes to each node in turn with `move` and
    /// rests there `rest` seconds, and `caption(i)` shows as it arrives on
    /// the `i`th node (a caption belongs to the node the ring rests on, not
    /// to the one it leaves). A ring not yet in the diagram fades in on the
    /// first node.
    public mutating func walk(
        _ ring: ElementID, along path: [ElementID], move: Animation = .easeInOut(duration: 0.5), rest: Double = 0.5,
        caption: (Int) -> String? = { _ in nil }
    ) {
        for (i, node) in path.enumerated() {
            if i == 0, diagram.marks[ring] == nil {
                beat(.easeOut(duration: min(0.2, move.totalDuration))) { d in d.marks.insert(.ring(ring, on: node)) }
            } else {
                beat(move) { d in d.marks[ring]?.placement = .on(node) }
            }
            hold(rest, caption: caption(i))
        }
    }

    /// Draws the eye to node `id`: it swells by `scale` and settles back
    /// over `duration` seconds.
    public mutating func emphasise(_ id: ElementID, scale: Double = 1.25, duration: Double = 0.5) {
        guard let base = diagram.nodes[id]?.scale else { return }
        beat(.easeOut(duration: duration / 2)) { d in d.nodes[id]?.scale = base * scale }
        beat(.easeIn(duration: duration / 2)) { d in d.nodes[id]?.scale = base }
    }

    /// Marks the step's conclusion here: what the beats so far show is the
    /// step's point, and the beats after only tidy up, so a deck pauses
    /// here and plays them at the start of the next step. The last call
    /// counts.
    public mutating func conclude() {
        conclusion = beats.count
    }

    /// Hides the caption from the next beat on.
    public mutating func hideCaption() {
        beats.append(Beat(changes: [], animation: .linear(duration: 0), duration: 0, caption: .hide))
    }
}

extension Diagram {
    /// Removes the edges, marks and texts attached to `removed` nodes (or,
    /// for marks and texts, bars). (An
    /// element attached to a node that never was is left for the timeline
    /// to refuse: that is a producer's mistake, not a removal.)
    mutating func removeDetached(from removed: [ElementID]) {
        guard !removed.isEmpty else { return }
        let gone = Set(removed)
        edges.removeAll { e in gone.contains(e.from) || gone.contains(e.to) || e.fromPartner.map(gone.contains) ?? false }
        marks.removeAll { m in m.placement.node.map(gone.contains) ?? false }
        texts.removeAll { t in t.placement.node.map(gone.contains) ?? false }
    }

    mutating func startJournals(_ token: Int) {
        nodes.journal = .init(token: token)
        edges.journal = .init(token: token)
        marks.journal = .init(token: token)
        bars.journal = .init(token: token)
        texts.journal = .init(token: token)
    }
}

extension ElementList {
    /// Appends to `changes` what turns `old` into this list: from the
    /// journal when this list was edited in place since `token`, else by
    /// comparing the two whole lists (the diagram was replaced).
    mutating func collectChanges(
        from old: ElementList, token: Int, into changes: inout [Change], as wrap: (Element) -> Change
    ) {
        let candidates: [ElementID]
        if let journal, journal.token == token {
            var seen = Set<ElementID>()
            candidates = journal.touched.filter { seen.insert($0).inserted }
        } else {
            candidates = old.ids.filter { !contains($0) } + ids
        }
        journal = nil
        for id in candidates {
            let now = self[id]
            guard now != old[id] else { continue }
            changes.append(now.map(wrap) ?? .remove(id))
        }
    }
}
