import Geometry
import Tween

/// Everything a timeline knows of one node over the whole animation.
struct NodeRecord: Sendable {
    let index: Int
    var current: Node
    var presence = Presence()
    var position: MotionTrack
    var look: Track<Look>
    var extra: Track<Look>
    var label: FadingText
    var role: Switch<String>
    var key: Switch<Int?>
    var layer: Discrete<Int>
    /// Its fades out and back in where it changes place (reduced motion).
    var dips = Dips()

    init(index: Int, node n: Node, theme: Theme) {
        self.index = index
        current = n
        position = MotionTrack(n.position)
        look = Track(Look(node: n, theme: theme))
        extra = Track(Look(nodeExtra: n))
        label = FadingText(n.label)
        role = Switch(n.role.name)
        key = Switch(n.key)
        layer = Discrete(n.layer)
    }

    /// Moves every property that differs from `n` to its new value; the
    /// label cross-fades with `words` when given.
    mutating func change(to n: Node, at t: Double, with a: Animation, path: MotionPath, theme: Theme, words: Animation? = nil) {
        if n.position != current.position { position.move(to: n.position, at: t, with: a, path: path) }
        let newLook = Look(node: n, theme: theme)
        if newLook != look.value(at: .infinity) { look.animate(to: newLook, with: a, at: t) }
        let newExtra = Look(nodeExtra: n)
        if newExtra != extra.value(at: .infinity) { extra.animate(to: newExtra, with: a, at: t) }
        label.change(to: n.label, at: t, with: words ?? a)
        role.change(to: n.role.name, at: t, with: a)
        key.change(to: n.key, at: t, with: a)
        if n.layer != current.layer { layer.set(n.layer, at: t) }
        current = n
    }

    /// Whether going to `n` moves the node on screen: to another place, or
    /// to another scale (its size otherwise is its shape, which may tween).
    func moves(to n: Node) -> Bool { n.position != current.position || n.scale != current.scale }

    /// Fades the node out as it is and back in as `n` is, over `a`'s
    /// motion: everything changes at once where it is gone, but the label,
    /// which cross-fades in place. Not `fading`, it only cuts (a hop).
    mutating func dissolve(to n: Node, at t: Double, with a: Animation, theme: Theme, fading: Bool = true) {
        if fading { dips.add(at: t, for: a) }
        change(to: n, at: t, with: Dips.cut(a), path: .straight, theme: theme, words: a)
    }

    /// Puts the node where `n` is at once: it comes back after it had gone.
    mutating func reset(to n: Node, at t: Double, theme: Theme) {
        change(to: n, at: t, with: .instant, path: .straight, theme: theme)
    }
}

/// Everything a timeline knows of one edge.
struct EdgeRecord: Sendable {
    let index: Int
    var current: Edge
    var presence = Presence()
    var from: EndTrack
    var to: EndTrack
    var look: Track<Look>
    /// Its shape and kind switch at once (under reduced motion, where an
    /// end goes over, at the bottom of its fade).
    var route: Switch<EdgeRoute>
    var kind: Switch<String>
    var entrance: Discrete<EdgeEntrance>
    var arrows: Switch<EdgeArrows>
    var dashed: Switch<Bool>
    /// Its words cross-fade when they change, as a node's label does.
    var label: FadingText
    var labelSize: Switch<Double>
    var labelAt: Switch<Double>
    /// Its fades out and back in where an end goes over to another node
    /// (reduced motion).
    var dips = Dips()

    init(index: Int, edge e: Edge, from: EndTrack.End, to: EndTrack.End, theme: Theme) {
        self.index = index
        current = e
        self.from = EndTrack(from)
        self.to = EndTrack(to)
        look = Track(Look(edge: e, theme: theme))
        route = Switch(e.route)
        kind = Switch(e.kind)
        entrance = Discrete(e.entrance)
        arrows = Switch(e.arrows)
        dashed = Switch(e.dashed)
        label = FadingText(e.label)
        labelSize = Switch(e.labelSize)
        labelAt = Switch(e.labelAt)
    }

    /// Changes the edge to `e`; its ends swing over with `swing` when
    /// given (a cut, under reduced motion), else with `a`.
    mutating func change(
        to e: Edge, from f: EndTrack.End, to t2: EndTrack.End, at t: Double, with a: Animation, theme: Theme, swing: Animation? = nil
    ) {
        from.swing(to: f, at: t, with: swing ?? a, style: e.swing, cut: swing != nil)
        to.swing(to: t2, at: t, with: swing ?? a, style: e.swing, cut: swing != nil)
        let newLook = Look(edge: e, theme: theme)
        if newLook != look.value(at: .infinity) { look.animate(to: newLook, with: a, at: t) }
        // At once, or with the ends' cut.
        let now = swing ?? .instant
        if e.route != current.route { route.change(to: e.route, at: t, with: now) }
        if e.kind != current.kind { kind.change(to: e.kind, at: t, with: now) }
        if e.entrance != current.entrance { entrance.set(e.entrance, at: t) }
        if e.arrows != current.arrows { arrows.change(to: e.arrows, at: t, with: now) }
        if e.dashed != current.dashed { dashed.change(to: e.dashed, at: t, with: now) }
        label.change(to: e.label, at: t, with: a)
        if e.labelSize != current.labelSize { labelSize.change(to: e.labelSize, at: t, with: now) }
        if e.labelAt != current.labelAt { labelAt.change(to: e.labelAt, at: t, with: now) }
        current = e
    }
}

/// Everything a timeline knows of one mark, text or bar: a placed element
/// with a look, and (for texts and bars) words.
struct PlacedRecord: Sendable {
    let index: Int
    /// The id the producer gave it, for the scene.
    var name = ""
    var presence = Presence()
    var placement: PlacementTrack
    var look: Track<Look>
    var words: FadingText
    var style: Discrete<TextStyle>
    var transition: Transition
    /// Its fades out and back in where it changes place (reduced motion).
    var dips = Dips()

    init(index: Int, placement: Placement, look: Look, words: String, style: TextStyle, transition: Transition) {
        self.index = index
        self.placement = PlacementTrack(placement)
        self.look = Track(look)
        self.words = FadingText(words)
        self.style = Discrete(style)
        self.transition = transition
    }

    mutating func change(
        placement p: Placement, look l: Look, words w: String, style st: TextStyle, at t: Double,
        with a: Animation, path: MotionPath, fading: Animation? = nil
    ) {
        if p != placement.last { placement.move(to: p, at: t, with: a, path: path) }
        if l != look.value(at: .infinity) { look.animate(to: l, with: a, at: t) }
        words.change(to: w, at: t, with: fading ?? a)
        if st != style.last { style.set(st, at: t) }
    }
}

/// The parts of a text that switch rather than tween: which point of it
/// its placement names, whether it counts, and its layer.
struct TextStyle: Sendable, Equatable {
    var alignment: TextAlignment
    var counting: ValueFormat?
    var layer: TextLayer
    var face: TextFace

    init(alignment: TextAlignment = .center, counting: ValueFormat? = nil, layer: TextLayer = .top, face: TextFace = .main) {
        self.alignment = alignment
        self.counting = counting
        self.layer = layer
        self.face = face
    }
}

/// Everything a timeline knows of one bar: its corner moves like a node's
/// centre (along arcs too, when bars trade places), its size, value and
/// colour tween together.
struct BarRecord: Sendable {
    let index: Int
    var current: Bar
    var presence = Presence()
    var origin: MotionTrack
    var look: Track<Look>
    var label: FadingText
    var role: Switch<String>
    /// Which way it grows and where it is drawn: direction, kind and layer
    /// change at once.
    var style: Discrete<BarStyle>
    /// Its fades out and back in where it changes place (reduced motion).
    var dips = Dips()

    init(index: Int, bar b: Bar, theme: Theme) {
        self.index = index
        current = b
        origin = MotionTrack(b.frame.origin)
        look = Track(Look(bar: b, theme: theme))
        label = FadingText(b.label)
        role = Switch(b.role.name)
        style = Discrete(BarStyle(b))
    }

    mutating func change(to b: Bar, at t: Double, with a: Animation, path: MotionPath, theme: Theme, words: Animation? = nil) {
        if b.frame.origin != current.frame.origin { origin.move(to: b.frame.origin, at: t, with: a, path: path) }
        let newLook = Look(bar: b, theme: theme)
        if newLook != look.value(at: .infinity) { look.animate(to: newLook, with: a, at: t) }
        label.change(to: b.label, at: t, with: words ?? a)
        role.change(to: b.role.name, at: t, with: a)
        if BarStyle(b) != style.last { style.set(BarStyle(b), at: t) }
        current = b
    }
}

extension BarRecord {
    /// Whether going to `b` moves the bar rather than grows it: it goes
    /// across (another column or row), or both of its ends along the way it
    /// grows change. A bar that keeps one end and changes its length grows,
    /// and that tweens even under reduced motion: it is the data changing.
    func moves(to b: Bar) -> Bool {
        let (a, c) = (current.frame, b.frame)
        func same(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) }
        switch b.direction {
        case .up: return !same(a.center.x, c.center.x) || (!same(a.minY, c.minY) && !same(a.maxY, c.maxY))
        case .right: return !same(a.center.y, c.center.y) || (!same(a.minX, c.minX) && !same(a.maxX, c.maxX))
        }
    }

    /// Fades the bar out as it is and back in as `b` is, over `a`'s motion;
    /// its label cross-fades in place. Not `fading`, it only cuts (a hop).
    mutating func dissolve(to b: Bar, at t: Double, with a: Animation, theme: Theme, fading: Bool = true) {
        if fading { dips.add(at: t, for: a) }
        change(to: b, at: t, with: Dips.cut(a), path: .straight, theme: theme, words: a)
    }
}

/// The parts of a bar that switch rather than tween.
struct BarStyle: Sendable, Equatable {
    var direction: BarDirection
    var kind: String
    var layer: Int

    init(_ b: Bar) {
        direction = b.direction
        kind = b.kind
        layer = b.layer
    }
}
