/// A colour in sRGB with straight (not premultiplied) alpha, components in
/// 0…1.
///
///     let accent = Color(hex: 0xE8590C)
@frozen
public struct Color: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    @inlinable
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// A colour from `0xRRGGBB`.
    @inlinable
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
            blue: Double(hex & 0xFF) / 255, alpha: alpha)
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 1, green: 1, blue: 1)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// The colour with its alpha multiplied by `opacity`.
    @inlinable
    public func opacity(_ opacity: Double) -> Color {
        Color(red: red, green: green, blue: blue, alpha: alpha * opacity)
    }

    /// The colour `amount` of the way to `other` (0: this one, 1: `other`),
    /// channel by channel.
    public func mixed(with other: Color, _ amount: Double) -> Color {
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * amount }
        return Color(
            red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
            alpha: mix(alpha, other.alpha))
    }

    /// Premultiplied RGBA8, rounded to nearest: the canvas's pixel format.
    @inlinable
    public var premultipliedRGBA8: (UInt8, UInt8, UInt8, UInt8) {
        let a = min(max(alpha, 0), 1)
        @inline(__always) func q(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * a * 255).rounded()) }
        return (q(red), q(green), q(blue), UInt8((a * 255).rounded()))
    }
}
