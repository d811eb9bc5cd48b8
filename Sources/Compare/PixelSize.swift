/// An image's size in pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `width×height`, as in `1280×720`.
    public var description: String { "\(width)×\(height)" }
}
