import Geometry
import Tween

/// A script compiled into tracks by element id: the animation as a pure
/// function of time, from which ``scene(at:)`` computes any frame alone.
///
/// An element with the same id before and after a beat tweens its
/// animatable data (position, size, colours, opacity); a new id enters with
/// its transition; an id that is gone exits with it. Edges are attached to
/// their nodes: their ends are the nodes' positions at each frame, and an
/// edge whose `from` changes swings its start over. The camera fits each
/// step and tweens between fits.
///
///     let timeline = try Timeline(script: builder.script, settings: FrameSettings())
///     let scene = timeline.scene(at: 42)
public struct Timeline: FrameSource {
    public let settings: FrameSettings
    /// Seconds from the first frame to the end of the last beat.
    public let duration: Double
    public let steps: [StepSpan]

    var nodes: [NodeRecord] = []
    var edges: [EdgeRecord] = []
    var marks: [PlacedRecord] = []
    var texts: [PlacedRecord] = []
    var bars: [PlacedRecord] = []
    var camera: Track<AnimatablePair<Point, Double>>
    var captions: Discrete<String?>
    let geometry: FrameGeometry
    /// Each node id's index in `nodes`.
    let nodeIndices: [ElementID: Int]

    public var width: Int { settings.width }
    public var height: Int { settings.height }
    public var fps: Double { settings.fps }
    public var transparent: Bool { settings.transparent }
    /// Frames at `fps`, from t = 0 up to and including the first frame at or
    /// after `duration`.
    public var frameCount: Int { Int((duration * fps).rounded(.up)) + 1 }

    /// Compiles `script`.
    /// - Throws: ``ScriptError`` when the script refers to a node it never
    ///   added, reuses an id for another kind, or has a negative duration.
    public init(script: Script, settings: FrameSettings) throws(ScriptError) {
        var compiler = Compiler(settings: settings, camera: script.camera)
        try compiler.compile(script)
        self.settings = settings
        geometry = compiler.geometry
        duration = compiler.time
        nodes = compiler.nodes
        edges = compiler.edges
        marks = compiler.marks
        texts = compiler.texts
        bars = compiler.bars
        camera = compiler.camera ?? Track(AnimatablePair(.zero, geometry.maxZoom))
        captions = compiler.captions
        nodeIndices = compiler.index.compactMapValues { $0.kind == .node ? $0.index : nil }
        let fps = settings.fps
        let count = Int((duration * fps).rounded(.up)) + 1
        steps = compiler.spans.enumerated().map { i, s in
            let last = i == compiler.spans.count - 1
            let first = Self.firstFrame(atOrAfter: s.start, fps: fps)
            let end = last ? count : Self.firstFrame(atOrAfter: s.end, fps: fps)
            return StepSpan(caption: s.caption, note: s.note, start: s.start, end: s.end, frames: first..<max(first, end))
        }
    }

    /// Seconds from the start at which frame `index` is shown.
    public func time(ofFrame index: Int) -> Double { Double(index) / settings.fps }

    /// The index of the step that holds time `t`.
    public func step(at t: Double) -> Int {
        var lo = 0, hi = steps.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if steps[mid].start <= t { lo = mid + 1 } else { hi = mid }
        }
        return max(lo - 1, 0)
    }

    /// The first frame whose time is not before `t`, computed as frame
    /// times are, so a frame belongs to exactly one step.
    static func firstFrame(atOrAfter t: Double, fps: Double) -> Int {
        var i = max(Int((t * fps).rounded(.up)), 0)
        while i > 0, Double(i - 1) / fps >= t { i -= 1 }
        while Double(i) / fps < t { i += 1 }
        return i
    }
}

/// The compiler's state while it walks the script in time order.
struct Compiler {
    let settings: FrameSettings
    let options: CameraOptions
    let geometry: FrameGeometry
    var time = 0.0
    var nodes: [NodeRecord] = []
    var edges: [EdgeRecord] = []
    var marks: [PlacedRecord] = []
    var texts: [PlacedRecord] = []
    var bars: [PlacedRecord] = []
    var camera: Track<AnimatablePair<Point, Double>>?
    var captions = Discrete<String?>(nil)
    var spans: [(caption: String?, note: String?, start: Double, end: Double)] = []
    /// The diagram as it stands after the beats so far: what the camera fits.
    var state = Diagram()
    var index: [ElementID: (kind: Kind, index: Int)] = [:]

    enum Kind { case node, edge, mark, text, bar }

    init(settings: FrameSettings, camera: CameraOptions) {
        self.settings = settings
        options = camera
        geometry = FrameGeometry(settings: settings, camera: camera)
    }

    var theme: Theme { settings.theme }

    mutating func compile(_ script: Script) throws(ScriptError) {
        let pace = 1 / settings.speed
        for step in script.steps {
            let start = time
            if settings.captions { captions.set(step.caption, at: time) }
            var region = state.bounds
            for beat in step.beats {
                if let c = beat.caption, settings.captions {
                    switch c {
                    case .show(let text): captions.set(text, at: time)
                    case .hide: captions.set(nil, at: time)
                    }
                }
                // Nodes first, so edges and marks of the same beat find them.
                let ordered = beat.changes.filter(\.isNodeChange) + beat.changes.filter { !$0.isNodeChange }
                for change in ordered {
                    let a = beat.animation(for: change.id)
                    guard a.duration >= 0, a.delaySeconds >= 0, a.totalDuration.isFinite else {
                        throw .badDuration(a.totalDuration)
                    }
                    try apply(change, with: a.speed(settings.speed), path: beat.paths[change.id] ?? .straight)
                }
                state.apply(beat.changes)
                let length = beat.length
                guard length >= 0, length.isFinite else { throw .badDuration(length) }
                time += length * pace
                region = Self.union(region, state.bounds)
            }
            fitCamera(step.camera, region: region, at: start)
            spans.append((step.caption, step.note, start, time))
        }
    }

    static func union(_ a: Rect?, _ b: Rect?) -> Rect? {
        switch (a, b) {
        case let (a?, b?): a.union(b)
        case (nil, let b): b
        case (let a, nil): a
        }
    }

    mutating func fitCamera(_ move: CameraMove, region: Rect?, at t: Double) {
        let target: Camera
        switch move {
        case .keep: return
        case .region(let r): target = geometry.camera(fitting: r)
        case .fit:
            guard let region else { return }
            target = geometry.camera(fitting: region)
        }
        guard var track = camera else {
            camera = Track(target.animatableData)
            return
        }
        let now = Camera(center: track.value(at: .infinity).first, zoom: track.value(at: .infinity).second)
        // The camera does not wander: it stays while everything the step
        // shows is in view and the view is not much looser than a fresh
        // fit would be, so a diagram that keeps its size keeps its place.
        if case .fit = move, let region, now.zoom <= target.zoom * 1.0001, now.zoom >= target.zoom / 1.15,
            geometry.visibleRegion(of: now).contains(region.insetBy(dx: -geometry.padding, dy: -geometry.padding))
        {
            return
        }
        let shift = (target.center - now.center).length * target.zoom
        guard abs(target.zoom / now.zoom - 1) > 1e-3 || shift > 0.5 else { return }
        track.animate(to: target.animatableData, with: options.animation.speed(settings.speed), at: t)
        camera = track
    }

    func kindCheck(_ id: ElementID, _ kind: Kind) throws(ScriptError) -> Int? {
        try Self.kindCheck(id, kind, in: index)
    }

    static func kindCheck(_ id: ElementID, _ kind: Kind, in index: [ElementID: (kind: Kind, index: Int)]) throws(ScriptError) -> Int? {
        guard let entry = index[id] else { return nil }
        guard entry.kind == kind else { throw .kindChanged(id) }
        return entry.index
    }

    func nodeIndex(_ id: ElementID, for user: ElementID) throws(ScriptError) -> Int {
        guard let entry = index[id], entry.kind == .node else { throw .unknownNode(id, referencedBy: user) }
        return entry.index
    }

    func checkPlacement(_ p: Placement, for user: ElementID) throws(ScriptError) {
        if let node = p.node { _ = try nodeIndex(node, for: user) }
    }

    mutating func apply(_ change: Change, with a: Animation, path: MotionPath) throws(ScriptError) {
        let t = time
        switch change {
        case .node(let n):
            if let i = try kindCheck(n.id, .node) {
                if nodes[i].presence.state(at: t).map({ $0.presence == 0 }) ?? true { nodes[i].reset(to: n, at: t, theme: theme) }
                nodes[i].change(to: n, at: t, with: a, path: path, theme: theme)
                if !nodes[i].presence.isPresent { nodes[i].presence.enter(at: t, with: a, transition: n.transition) }
            } else {
                var r = NodeRecord(index: nodes.count, node: n, theme: theme)
                r.presence.enter(at: t, with: a, transition: n.transition)
                index[n.id] = (.node, nodes.count)
                nodes.append(r)
            }
        case .edge(let e):
            let from = EndTrack.End(node: try nodeIndex(e.from, for: e.id), partner: try e.fromPartner.map { p throws(ScriptError) in try nodeIndex(p, for: e.id) })
            let to = EndTrack.End(node: try nodeIndex(e.to, for: e.id))
            if let i = try kindCheck(e.id, .edge) {
                let gone = edges[i].presence.state(at: t).map { $0.presence == 0 } ?? true
                let instant = Animation(curve: .linear, duration: 0)
                edges[i].change(to: e, from: from, to: to, at: t, with: gone ? instant : a, theme: theme)
                if !edges[i].presence.isPresent { edges[i].presence.enter(at: t, with: a, transition: e.transition) }
            } else {
                var r = EdgeRecord(index: edges.count, edge: e, from: from, to: to, theme: theme)
                r.presence.enter(at: t, with: a, transition: e.transition)
                index[e.id] = (.edge, edges.count)
                edges.append(r)
            }
        case .mark(let m):
            try checkPlacement(m.placement, for: m.id)
            try Self.place(&marks, .mark, m.id, m.placement, Look(mark: m, theme: theme), "", .center, m.transition, at: t, a, path, index: &index)
        case .text(let x):
            try checkPlacement(x.placement, for: x.id)
            try Self.place(&texts, .text, x.id, x.placement, Look(text: x, theme: theme), x.text, x.alignment, x.transition, at: t, a, path, index: &index)
        case .bar(let b):
            try Self.place(&bars, .bar, b.id, .world(b.frame.origin), Look(bar: b, theme: theme), b.label, .center, b.transition, at: t, a, path, index: &index)
        case .remove(let id):
            guard let entry = index[id] else { return }
            switch entry.kind {
            case .node: nodes[entry.index].presence.exit(at: t, with: a, transition: nodes[entry.index].current.transition)
            case .edge: edges[entry.index].presence.exit(at: t, with: a, transition: edges[entry.index].current.transition)
            case .mark: marks[entry.index].presence.exit(at: t, with: a, transition: marks[entry.index].transition)
            case .text: texts[entry.index].presence.exit(at: t, with: a, transition: texts[entry.index].transition)
            case .bar: bars[entry.index].presence.exit(at: t, with: a, transition: bars[entry.index].transition)
            }
        }
    }

    /// Adds or changes a placed element (mark, text or bar).
    static func place(
        _ records: inout [PlacedRecord], _ kind: Kind, _ id: ElementID, _ placement: Placement, _ look: Look,
        _ words: String, _ alignment: TextAlignment, _ transition: Transition, at t: Double, _ a: Animation,
        _ path: MotionPath, index: inout [ElementID: (kind: Kind, index: Int)]
    ) throws(ScriptError) {
        if let i = try kindCheck(id, kind, in: index) {
            let gone = records[i].presence.state(at: t).map { $0.presence == 0 } ?? true
            let move = gone ? Animation(curve: .linear, duration: 0) : a
            records[i].transition = transition
            records[i].change(placement: placement, look: look, words: words, alignment: alignment, at: t, with: move, path: path)
            if !records[i].presence.isPresent { records[i].presence.enter(at: t, with: a, transition: transition) }
        } else {
            var r = PlacedRecord(index: records.count, placement: placement, look: look, words: words, alignment: alignment, transition: transition)
            r.presence.enter(at: t, with: a, transition: transition)
            index[id] = (kind, records.count)
            records.append(r)
        }
    }
}

extension Change {
    var isNodeChange: Bool {
        if case .node = self { return true }
        return false
    }
}

extension Edge {
    /// The presence transition: edges that are drawn out have none of
    /// their own (the drawing is the transition); faded ones fade.
    var transition: Transition { entrance == .draw ? .identity : .opacity }
}
