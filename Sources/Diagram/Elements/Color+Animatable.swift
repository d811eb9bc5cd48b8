import Raster
import Tween

/// Colours animate in premultiplied sRGB.
///
/// Premultiplied, because that is how the canvas composites: a colour
/// fading in from `.clear` (transparent black) keeps its hue all the way
/// instead of passing through dark, half-transparent greys, and a tween
/// between two colours equals drawing one over the other with growing
/// opacity. sRGB rather than linear light, because that is the space the
/// theme's colours are chosen in and the one CSS, SwiftUI and Cairo blend
/// in, so a halfway colour looks like a designer's halfway colour.
///
/// Both ends are exact for opaque colours; a translucent end comes back
/// within an ulp, from dividing alpha out again; a fully transparent end
/// keeps the red, green and blue it started with, which no pixel can show.
extension Color: Animatable {
    public var animatableData: PremultipliedColor {
        get { PremultipliedColor(red: red * alpha, green: green * alpha, blue: blue * alpha, alpha: alpha) }
        set {
            alpha = newValue.alpha
            // A transparent colour has no hue left to recover: keep ours, so
            // that a fade-out ends on the same colour at alpha 0.
            guard newValue.alpha != 0 else { return }
            red = newValue.red / newValue.alpha
            green = newValue.green / newValue.alpha
            blue = newValue.blue / newValue.alpha
        }
    }
}

/// A colour's animatable data: premultiplied sRGB components.
@frozen
public struct PremultipliedColor: VectorArithmetic, Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    @inlinable
    public init(red: Double, green: Double, blue: Double, alpha: Double) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    @inlinable public static var zero: Self { Self(red: 0, green: 0, blue: 0, alpha: 0) }

    @inlinable
    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(red: lhs.red + rhs.red, green: lhs.green + rhs.green, blue: lhs.blue + rhs.blue, alpha: lhs.alpha + rhs.alpha)
    }

    @inlinable
    public static func - (lhs: Self, rhs: Self) -> Self {
        Self(red: lhs.red - rhs.red, green: lhs.green - rhs.green, blue: lhs.blue - rhs.blue, alpha: lhs.alpha - rhs.alpha)
    }

    @inlinable
    public mutating func scale(by rhs: Double) {
        red *= rhs; green *= rhs; blue *= rhs; alpha *= rhs
    }

    @inlinable
    public var magnitudeSquared: Double { red * red + green * green + blue * blue + alpha * alpha }
}

extension Color {
    /// The colour whose animatable data is `data`.
    public init(animatableData data: PremultipliedColor) {
        self = .clear
        animatableData = data
    }
}
