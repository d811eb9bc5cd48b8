/// A width × height image of premultiplied RGBA8 pixels, row-major, top row
/// first, 4 bytes a pixel in the order R, G, B, A with no row padding: the
/// byte at `(y * width + x) * 4 + c` is channel `c` of pixel (x, y).
///
/// That layout is what the PNG writer and ffmpeg's `rgba` raw input read, so
/// frames leave the canvas without a copy.
///
/// A canvas keeps scratch buffers for drawing, so one canvas reused across
/// frames scan-converts without allocating. Copies share nothing observable: a copy
/// that draws takes scratch of its own, as arrays copy on write.
public struct Canvas: Sendable {
    public let width: Int
    public let height: Int
    /// The pixels, `width * height * 4` bytes.
    public var pixels: [UInt8]
    private var scratch = RasterScratch()

    /// A canvas of transparent black.
    /// - Precondition: `width > 0 && height > 0`.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "canvas size must be positive")
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// Fills every pixel with `color`: a frame begins (see ``MaskCache``).
    public mutating func clear(to color: Color) {
        uniqueScratch().masks.startFrame()
        let (r, g, b, a) = color.premultipliedRGBA8
        let word = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
        pixels.withUnsafeMutableBytes { raw in
            raw.bindMemory(to: UInt32.self).update(repeating: UInt32(littleEndian: word))
        }
    }

    /// Fills every pixel of the rows above row `y` with `color`, whatever
    /// was drawn there: a band across the top cut out of what runs under
    /// it, as the frame's edge cuts a drawing off (a transparent colour
    /// leaves the band transparent).
    public mutating func clear(rowsAbove y: Int, to color: Color) {
        let rows = min(max(y, 0), height)
        guard rows > 0 else { return }
        let (r, g, b, a) = color.premultipliedRGBA8
        let word = UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
        pixels.withUnsafeMutableBytes { raw in
            let words = raw.bindMemory(to: UInt32.self)
            UnsafeMutableBufferPointer(rebasing: words[0..<(rows * width)]).update(repeating: UInt32(littleEndian: word))
        }
    }

    /// The premultiplied RGBA bytes of pixel (x, y).
    public subscript(x: Int, y: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }

    /// Whether this canvas composites in vectors (``RasterScratch/vectorised``).
    var vectorised: Bool {
        get { scratch.vectorised }
        set { uniqueScratch().vectorised = newValue }
    }

    /// The scratch buffers, made this canvas's own first if a copy of the
    /// canvas shares them.
    mutating func uniqueScratch() -> RasterScratch {
        if !isKnownUniquelyReferenced(&scratch) { scratch = RasterScratch() }
        return scratch
    }
}
