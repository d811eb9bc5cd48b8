import Geometry
import Tween

/// Builds a script the way a producer thinks of it: change the diagram,
/// beat by beat, and let the builder record what changed.
///
///     var script = ScriptBuilder()
///     script.step("insert 42") { step in
///         step.beat(.easeOut(duration: 0.3)) { d in d.nodes.insert(newNode) }
///         step.hold(0.5)
///     }
///     let timeline = try Timeline(script: script.script, settings: settings, labels: labels)
public struct ScriptBuilder: Sendable {
    public private(set) var script: Script
    /// The diagram after the last beat so far.
    public private(set) var diagram: Diagram
    /// The same elements as `diagram`, in storage of their own: what a beat
    /// compares the elements it touched with (see ``StepBuilder/beat(_:duration:caption:timing:paths:_:)``).
    private var shadow: Diagram

    /// The index of the operation the next step begins to play (see
    /// ``Step/operation``); a producer sets it as each operation starts,
    /// and the next step written takes it.
    public var operation: Int?
    /// Whether the steps written are phases of the operation the step
    /// before them began (see ``Step/phase``): a producer sets it once an
    /// operation's first step is written and clears it when the operation
    /// ends.
    public var phases = false

    public init(camera: CameraOptions = CameraOptions(), palette: Palette = Palette()) {
        script = Script(camera: camera, palette: palette)
        diagram = Diagram()
        shadow = Diagram()
    }

    /// Shows an overview of `region` in a corner while the camera closes
    /// in on part of it (see ``Script/overview``).
    public mutating func overview(_ region: Rect) {
        script.overview = region
    }

    /// Says what drawing the code panel stands beside, so that the panel
    /// goes where it costs the drawing least (``Script/codeDrawing``): the
    /// drawing of the stage's ``Stage/code``.
    public mutating func codeDrawing(_ drawing: CodeRoom.Drawing?) {
        script.codeDrawing = drawing
    }

    /// Adds a line for the script's ``Script/notes``: what the user should
    /// know of the animation before it is drawn.
    public mutating func note(_ line: String) {
        if !script.notes.contains(line) { script.notes.append(line) }
    }

    /// Adds a step whose beats `body` makes. If `body` throws, no step is
    /// added and the diagram is as the steps before left it.
    ///
    /// - Complexity: O(the elements the beats change), not of the diagram's
    ///   size: the step edits the builder's diagram in place.
    public mutating func step<E: Error>(
        _ caption: String?, note: String? = nil, camera: CameraMove = .fit,
        _ body: (inout StepBuilder) throws(E) -> Void
    ) throws(E) {
        // The step gets the only copy of the diagram and its shadow, so
        // that editing them copies nothing.
        var builder = StepBuilder(diagram: diagram, shadow: shadow, token: script.steps.count)
        diagram = Diagram()
        shadow = Diagram()
        do {
            try body(&builder)
        } catch {
            // Rare enough to replay the script rather than keep a copy of
            // every step's diagram.
            diagram = script.finalDiagram()
            shadow = diagram
            throw error
        }
        (diagram, shadow) = (builder.diagram, builder.shadow)
        var step = Step(caption: caption, note: note, beats: builder.beats, camera: camera, conclusion: builder.conclusion)
        step.tally = builder.tally
        step.operation = operation
        // A step that begins an operation is never a phase of the one before.
        step.phase = phases && operation == nil
        operation = nil
        script.steps.append(step)
    }
}

/// The beats of one step, made by changing its diagram.
public struct StepBuilder: Sendable {
    /// The diagram after the last beat so far.
    public private(set) var diagram: Diagram
    public private(set) var beats: [Beat] = []
    /// A line to highlight with the next caption (see ``line(_:withCaption:)``).
    private var lineForCaption: Int??
    /// Set by ``conclude()``: see ``Step/conclusion``.
    public private(set) var conclusion: Int?
    /// Whether the step's caption is a running count (``Step/tally``).
    public var tally = false
    /// `diagram` as it was before the current beat, kept in step with it
    /// change by change, in storage of its own so that neither copies the
    /// other when edited.
    fileprivate var shadow: Diagram
    private var token: Int

    init(diagram: Diagram, shadow: Diagram, token: Int) {
        self.diagram = diagram
        self.shadow = shadow
        self.token = token << 20
    }

    /// A beat: `change` edits the diagram, and every element it changes
    /// animates from its old state to its new one with `animation` (or its
    /// entry in `timing`). Elements it adds enter, elements it removes exit;
    /// removing a node removes the edges, marks and texts attached to it.
    ///
    /// - Complexity: O(the elements `change` touches), when it edits the
    ///   diagram's lists in place; O(the diagram) when it replaces a list
    ///   or the whole diagram.
    public mutating func beat(
        _ animation: Animation = .easeInOut(duration: 0.5), duration: Double? = nil, caption: String? = nil,
        timing: [ElementID: Animation] = [:], paths: [ElementID: MotionPath] = [:],
        _ change: (inout Diagram) -> Void
    ) {
        token += 1
        let reserved = diagram.reserved
        diagram.startJournals(token)
        change(&diagram)
        diagram.removeDetached(
            from: diagram.nodes.gone(since: shadow.nodes, token: token) + diagram.bars.gone(since: shadow.bars, token: token))
        var changes = [Change]()
        diagram.nodes.collectChanges(from: shadow.nodes, token: token, into: &changes, as: Change.node)
        diagram.edges.collectChanges(from: shadow.edges, token: token, into: &changes, as: Change.edge)
        diagram.marks.collectChanges(from: shadow.marks, token: token, into: &changes, as: Change.mark)
        diagram.bars.collectChanges(from: shadow.bars, token: token, into: &changes, as: Change.bar)
        diagram.texts.collectChanges(from: shadow.texts, token: token, into: &changes, as: Change.text)
        shadow.apply(changes)
        shadow.reserved = diagram.reserved
        beats.append(
            Beat(
                changes: changes, animation: animation, timing: timing, paths: paths, duration: duration,
                caption: caption.map(CaptionChange.show),
                reserved: diagram.reserved == reserved ? nil : diagram.reserved, code: takeLine(if: caption != nil)))
    }

    /// A pause of `seconds` in which nothing moves, optionally with a new
    /// caption from its start.
    public mutating func hold(_ seconds: Double, caption: String? = nil) {
        beats.append(
            Beat(
                changes: [], animation: .linear(duration: seconds), duration: seconds, caption: caption.map(CaptionChange.show),
                code: takeLine(if: caption != nil)))
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
                hold(rest, caption: caption(i))
            } else {
                moveRing(ring, to: node, move: move, caption: caption(i), rest: rest)
            }
        }
    }

    /// The ring `ring` moves onto `node` with `move`, then rests `rest`
    /// seconds. `caption` shows nine tenths of the way in: from the first
    /// frame the ring is at the node, the caption speaks of it, and until
    /// then `previous` (when given) stays, which a step's own caption would
    /// otherwise replace at its start.
    ///
    /// - Parameters:
    ///   - lighting: an edge that takes the ``Role/accent`` role as the
    ///     ring travels it.
    ///   - rider: a node carried with the ring, along `via` to its end (a
    ///     key riding down to its place); both arrive together.
    ///   - also: what else changes as the ring moves (the keys it compares
    ///     lit, or the ring itself put in at the first node).
    public mutating func moveRing(
        _ ring: ElementID, to node: ElementID, move: Animation, caption: String?, keeping previous: String? = nil,
        lighting: ElementID? = nil, rider: (id: ElementID, via: [Point])? = nil, rest: Double = 0,
        also: (inout Diagram) -> Void = { _ in }
    ) {
        let travel = move.totalDuration
        var paths = [ElementID: MotionPath]()
        if let rider, !rider.via.isEmpty { paths[rider.id] = .via(Array(rider.via.dropLast())) }
        beat(move, duration: travel * 0.9, caption: previous, paths: paths) { d in
            d.marks[ring]?.placement = .on(node)
            if let lighting { d.edges[lighting]?.role = .accent }
            if let rider, let end = rider.via.last { d.nodes[rider.id]?.position = end }
            also(&d)
        }
        hold(travel * 0.1 + rest, caption: caption)
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

    /// Shows the pseudocode `listing` in the code panel from here on, with
    /// the line at index `line` (from 0) highlighted, or none. The panel
    /// is furniture: nothing moves for it.
    public mutating func code(_ listing: CodeListing, line: Int? = nil) {
        beats.append(Beat(changes: [], animation: .linear(duration: 0), duration: 0, code: .show(listing, line: line)))
    }

    /// The line waiting for a caption, taken when `captioned`.
    private mutating func takeLine(if captioned: Bool) -> CodeChange? {
        guard captioned, let line = lineForCaption else { return nil }
        lineForCaption = nil
        return .line(line)
    }

    /// Highlights the line at index `line` (from 0) of the listing shown
    /// with the next beat that sets a caption: a walk's decision and its
    /// line arrive together, with the ring (see ``moveRing(_:to:move:caption:keeping:lighting:rider:rest:also:)``).
    public mutating func line(_ line: Int?, withCaption: Bool) {
        guard withCaption else { return self.line(line) }
        lineForCaption = .some(line)
    }

    /// Highlights the line at index `line` (from 0) of the listing shown
    /// from here on: the line the next beats execute. Nil highlights none.
    public mutating func line(_ line: Int?) {
        lineForCaption = nil
        if let last = beats.last, last.duration == 0, last.changes.isEmpty, last.caption == nil, conclusion != beats.count {
            // Two calls in a row: the later says where the beats start.
            switch last.code {
            case .show(let listing, _)?: beats[beats.count - 1].code = .show(listing, line: line)
            case .line?, nil: beats[beats.count - 1].code = .line(line)
            case .hide?: beats.append(Beat(changes: [], animation: .linear(duration: 0), duration: 0, code: .line(line)))
            }
            return
        }
        beats.append(Beat(changes: [], animation: .linear(duration: 0), duration: 0, code: .line(line)))
    }

    /// Takes the code panel away from here on.
    public mutating func hideCode() {
        beats.append(Beat(changes: [], animation: .linear(duration: 0), duration: 0, code: .hide))
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
        edges.removeAll { e in gone.contains(e.from) || gone.contains(e.to) || e.fromSecond.map(gone.contains) ?? false }
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
    /// The ids that `old` holds and this list no longer does: from the
    /// journal when this list was edited in place since `token`, else from
    /// the whole of `old`.
    func gone(since old: ElementList, token: Int) -> [ElementID] {
        if let journal, journal.token == token {
            return journal.touched.filter { old.contains($0) && !contains($0) }
        }
        return old.ids.filter { !contains($0) }
    }

    /// Appends to `changes` what turns `old` into this list: from the
    /// journal when this list was edited in place since `token`, else by
    /// comparing the two whole lists (the list or the diagram was replaced).
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
