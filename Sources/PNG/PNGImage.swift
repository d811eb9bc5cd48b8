/// A decoded PNG: `width * height` pixels of straight (not premultiplied)
/// RGBA8, row-major, top row first, no row padding.
public struct PNGImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    /// `width * height * 4` bytes, R, G, B, A per pixel.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
