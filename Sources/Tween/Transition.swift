/// Whether a thing is appearing or disappearing.
public enum TransitionPhase: Sendable, Hashable {
    /// The thing is appearing.
    case insertion
    /// The thing is disappearing.
    case removal
}

/// What a transition does to a thing at one moment: multiply its opacity and
/// its size about its centre, then shift it.
public struct TransitionEffect: Sendable, Hashable {
    /// Multiplies the thing's opacity; within 0…1.
    public var opacity: Double
    /// Multiplies the thing's size about its centre.
    public var scale: Double
    /// Added to the thing's position.
    public var offsetX: Double
    /// Added to the thing's position.
    public var offsetY: Double

    /// Creates an effect; the defaults leave the thing unchanged.
    public init(opacity: Double = 1, scale: Double = 1, offsetX: Double = 0, offsetY: Double = 0) {
        self.opacity = opacity
        self.scale = scale
        self.offsetX = offsetX
        self.offsetY = offsetY
    }

    /// No change: the thing as it is when fully present.
    public static let identity = TransitionEffect()
}

/// How a thing appears and disappears, as SwiftUI's transitions: each
/// transition names the state the thing is in when it is out of view, and
/// the effect tweens between that and the identity.
///
///     let t = Transition.opacity.combined(with: .scale(from: 0.5))
///     t.effect(.insertion, progress: 0.5)   // opacity 0.5, scale 0.75
///
/// Combined effects compose as nested view modifiers do: opacities and
/// scales multiply, offsets add.
public struct Transition: Sendable, Hashable {
    /// A thing's state when it is out of view, for one phase.
    struct Absence: Sendable, Hashable {
        /// How many fades apply; each multiplies the opacity by the presence.
        var fades = 0
        /// The scale each scaling starts from, sorted so that equal
        /// combinations compare equal whatever their order.
        var scales: [Double] = []
        var offsetX = 0.0
        var offsetY = 0.0

        func combined(with other: Absence) -> Absence {
            Absence(
                fades: fades + other.fades, scales: (scales + other.scales).sorted(),
                offsetX: offsetX + other.offsetX, offsetY: offsetY + other.offsetY)
        }

        /// The effect when the thing is a fraction `presence` of the way from
        /// absent (0) to present (1).
        func effect(presence: Double) -> TransitionEffect {
            let visibility = min(max(presence, 0), 1)
            var opacity = 1.0
            for _ in 0..<fades { opacity *= visibility }
            var scale = 1.0
            for from in scales { scale *= from.interpolated(towards: 1, amount: presence) }
            return TransitionEffect(
                opacity: opacity, scale: scale,
                offsetX: offsetX.interpolated(towards: 0, amount: presence),
                offsetY: offsetY.interpolated(towards: 0, amount: presence))
        }
    }

    let insertion: Absence
    let removal: Absence

    private init(insertion: Absence, removal: Absence) {
        self.insertion = insertion
        self.removal = removal
    }

    private init(_ absence: Absence) {
        self.init(insertion: absence, removal: absence)
    }

    /// No visible change: the thing appears and disappears at once.
    public static let identity = Transition(Absence())

    /// Fades in from, and out to, transparent.
    public static let opacity = Transition(Absence(fades: 1))

    /// Grows from, and shrinks to, `from` times its size.
    ///
    /// - Precondition: `from` is finite.
    public static func scale(from: Double) -> Transition {
        precondition(from.isFinite, "transition scale must be finite, got \(from)")
        return Transition(Absence(scales: [from]))
    }

    /// Slides in from, and out to, an offset of (dx, dy) from its place.
    ///
    /// - Precondition: `dx` and `dy` are finite.
    public static func move(dx: Double, dy: Double) -> Transition {
        precondition(dx.isFinite && dy.isFinite, "transition offset must be finite, got (\(dx), \(dy))")
        return Transition(Absence(offsetX: dx, offsetY: dy))
    }

    /// The transition with its motion taken out, for viewers who ask for
    /// less motion: a phase that grows, shrinks, slides or fades only
    /// fades; a phase that does nothing (appears at once) still does.
    public var withoutMotion: Transition {
        func calm(_ a: Absence) -> Absence { a == Absence() ? a : Absence(fades: max(a.fades, 1)) }
        return Transition(insertion: calm(insertion), removal: calm(removal))
    }

    /// Both transitions at once.
    public func combined(with other: Transition) -> Transition {
        Transition(insertion: insertion.combined(with: other.insertion), removal: removal.combined(with: other.removal))
    }

    /// Appears as `insertion` does and disappears as `removal` does.
    public static func asymmetric(insertion: Transition, removal: Transition) -> Transition {
        Transition(insertion: insertion.insertion, removal: removal.removal)
    }

    /// The effect at `progress` of the insertion (0 = fully out, 1 = fully
    /// in) or removal (0 = fully in, 1 = gone).
    ///
    /// Exactly ``TransitionEffect/identity`` when the thing is fully in.
    /// Progress beyond 0…1, as a bouncing spring gives, extrapolates scale and
    /// offset; opacity stays within 0…1.
    public func effect(_ phase: TransitionPhase, progress: Double) -> TransitionEffect {
        switch phase {
        case .insertion: insertion.effect(presence: progress)
        case .removal: removal.effect(presence: 1 - progress)
        }
    }
}
