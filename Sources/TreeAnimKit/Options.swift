import Tween

/// The curve of the settle stage, when every node moves to its new place.
public enum Easing: String, Sendable, CaseIterable {
    case linear
    case easeIn = "ease-in"
    case easeOut = "ease-out"
    case easeInOut = "ease-in-out"
    case spring

    /// The animation for a move of nominal length `duration` seconds.
    ///
    /// The spring is a gentle one (bounce 0.15): its overshoot is a few per
    /// cent of each move, far too little to swap two neighbours' order.
    public func animation(duration: Double) -> Animation {
        switch self {
        case .linear: .linear(duration: duration)
        case .easeIn: .easeIn(duration: duration)
        case .easeOut: .easeOut(duration: duration)
        case .easeInOut: .easeInOut(duration: duration)
        case .spring: .spring(duration: duration, bounce: 0.15)
        }
    }
}

/// Which layout places the nodes.
public enum LayoutKind: String, Sendable, CaseIterable {
    /// Reingold–Tilford tidy drawing: compact and symmetric.
    case tidy
    /// x is the key's rank: the sorted order reads left to right.
    case inorder
}

/// How an animation looks and moves, apart from its keys.
public struct StoryboardOptions: Sendable {
    public var width: Int = 1280
    public var height: Int = 720
    public var fps: Double = 30
    /// Multiplies the pace: 2 plays twice as fast.
    public var speed: Double = 1
    public var easing: Easing = .easeInOut
    public var layout: LayoutKind = .tidy
    public var theme: Theme = .light
    public var transparent = false
    public var captions = true

    // Stage lengths in seconds at speed 1.
    public var enterDuration = 0.3
    public var comparisonDuration = 0.35
    public var settleDuration = 0.6
    public var holdDuration = 0.25
    public var finalHoldDuration = 1.0

    public init() {}
}
