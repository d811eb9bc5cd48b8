import PNG
import Raster
import Synchronization

/// How a frame's pixels travel to ffmpeg: the raw pixel format of its
/// input, chosen per recipe so that ffmpeg converts nothing before its
/// encoder or filters.
///
/// Converting on our render threads, in parallel, is cheaper than ffmpeg
/// doing it on its one input thread, and the smaller formats put fewer
/// bytes through the pipe: `yuv420p` is 1.5 bytes a pixel against 4.
public enum PipePixels: String, Sendable, CaseIterable {
    /// Straight-alpha RGBA, 4 bytes a pixel.
    case rgba
    /// Straight-alpha BGRA, 4 bytes a pixel: what ffmpeg's palette filters
    /// and libwebp work in.
    case bgra
    /// RGB, 3 bytes a pixel: an opaque APNG's frames.
    case rgb24
    /// Planar Y′CbCr 4:2:0 as ffmpeg's own conversion from RGB makes it
    /// (see ``PipeFrame/yuv420p(_:width:height:into:)``): what H.264 and
    /// VP9 encode.
    case yuv420p

    /// The name ffmpeg's `-pix_fmt` takes.
    public var ffmpegName: String { rawValue }

    /// The bytes of one `width` × `height` frame.
    public func frameBytes(width: Int, height: Int) -> Int {
        switch self {
        case .rgba, .bgra: width * height * 4
        case .rgb24: width * height * 3
        case .yuv420p: width * height + 2 * ((width + 1) / 2) * ((height + 1) / 2)
        }
    }
}

/// Buffers for the ``PipeFrame``s of one format and size, given back when
/// a frame is done with and handed out again: a fresh buffer of a 720p
/// frame costs the system 900 page faults, which took more time than the
/// conversion.
public final class PipeFramePool: Sendable {
    public let pixels: PipePixels
    public let width: Int
    public let height: Int
    /// The bytes of each buffer.
    public let size: Int
    /// How many idle buffers are kept; more are freed.
    private let limit: Int
    private let idle = Mutex<[Buffer]>([])

    /// A buffer no frame holds.
    private struct Buffer: @unchecked Sendable {
        // @unchecked: only the pool, under its lock, holds an idle buffer.
        let start: UnsafeMutableRawPointer
    }

    public init(_ pixels: PipePixels, width: Int, height: Int, limit: Int = 16) {
        (self.pixels, self.width, self.height) = (pixels, width, height)
        size = pixels.frameBytes(width: width, height: height)
        self.limit = limit
    }

    deinit {
        idle.withLock { for buffer in $0 { buffer.start.deallocate() } }
    }

    /// An idle buffer, or a new one (page-aligned).
    func take() -> UnsafeMutableRawPointer {
        idle.withLock { $0.popLast()?.start } ?? .allocate(byteCount: max(size, 1), alignment: 4096)
    }

    /// Takes back a buffer made by ``take()``.
    func give(_ buffer: UnsafeMutableRawPointer) {
        let kept = idle.withLock { idle in
            guard idle.count < limit else { return false }
            idle.append(Buffer(start: buffer))
            return true
        }
        if !kept { buffer.deallocate() }
    }
}

/// One frame's bytes as ffmpeg reads them, in a page-aligned buffer of its
/// own that nothing writes once it is made: the pipe to ffmpeg may hold
/// references to its pages rather than a copy (``FFmpegProcess``). The
/// buffer goes back to its pool when the frame is released.
public final class PipeFrame: @unchecked Sendable {
    // @unchecked: the buffer is written only by the initialiser's `fill`,
    // before the frame is shared, and read afterwards.
    public let bytes: UnsafeRawBufferPointer
    private let pool: PipeFramePool

    /// A frame of `pool.size` bytes written by `fill`.
    init(pool: PipeFramePool, fill: (UnsafeMutableRawBufferPointer) -> Void) {
        self.pool = pool
        let buffer = UnsafeMutableRawBufferPointer(start: pool.take(), count: pool.size)
        fill(buffer)
        bytes = UnsafeRawBufferPointer(buffer)
    }

    deinit {
        // Not nil: made by the pool.
        pool.give(UnsafeMutableRawPointer(mutating: bytes.baseAddress.unsafelyUnwrapped))
    }

    /// `canvas`'s pixels in the pool's format, in one of its buffers.
    /// Premultiplied pixels are made straight when `transparent`; opaque
    /// frames are the same bytes either way.
    ///
    /// - Precondition: the canvas is the pool's size, and the pool's format
    ///   is `.rgba` or `.bgra` when `transparent`.
    public convenience init(_ canvas: Canvas, transparent: Bool, pool: PipeFramePool) {
        let (format, width, height) = (pool.pixels, pool.width, pool.height)
        precondition(!transparent || format == .rgba || format == .bgra, "\(format) has no alpha")
        precondition(canvas.width == width && canvas.height == height, "the pool's frames are another size")
        self.init(pool: pool) { out in
            canvas.pixels.withUnsafeBytes { source in
                switch format {
                case .rgba where transparent: unpremultiply(source, into: out)
                case .rgba: out.copyMemory(from: source)
                case .bgra:
                    // Straight first, in place, then reordered in place.
                    if transparent { unpremultiply(source, into: out) }
                    Self.swapRedAndBlue(transparent ? UnsafeRawBufferPointer(out) : source, into: out)
                case .rgb24: Self.dropAlpha(source, into: out)
                case .yuv420p: Self.yuv420p(source, width: width, height: height, into: out)
                }
            }
        }
    }

    /// RGBA to BGRA, a 32-bit word at a time.
    static func swapRedAndBlue(_ source: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) {
        let words = source.count / 4
        let s = source.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt32.self)
        let d = out.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt32.self)
        for i in 0..<words {
            let w = UInt32(littleEndian: s[i])
            d[i] = UInt32(littleEndian: (w & 0xFF00_FF00) | (w >> 16 & 0xFF) | (w & 0xFF) << 16)
        }
    }

    /// RGBA to RGB.
    static func dropAlpha(_ source: UnsafeRawBufferPointer, into out: UnsafeMutableRawBufferPointer) {
        let s = source.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self)
        let d = out.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self)
        for i in 0..<source.count / 4 {
            d[3 * i] = s[4 * i]
            d[3 * i + 1] = s[4 * i + 1]
            d[3 * i + 2] = s[4 * i + 2]
        }
    }

    // BT.601 in limited range, the matrix and range ffmpeg's swscale uses
    // for RGB to YUV when nothing is said: Y′ = 16 + 219·(0.299 R + 0.587 G
    // + 0.114 B)/255, and Cb, Cr = 128 + 224·(…)/255, in 15-bit fixed point
    // as swscale has them. Each chroma row's constants sum to zero, so a grey
    // has Cb = Cr = 128 exactly.
    private static let (yR, yG, yB): (Int32, Int32, Int32) = (8414, 16519, 3208)
    private static let (uR, uG, uB): (Int32, Int32, Int32) = (-4857, -9535, 14392)
    private static let (vR, vG, vB): (Int32, Int32, Int32) = (14392, -12051, -2341)

    /// RGBA (alpha ignored) to planar 4:2:0, as ffmpeg's own conversion
    /// (swscale with its default bicubic scaler) makes it: every pixel's
    /// luma; for chroma, the mean of each horizontal pair of pixels, then the
    /// rows filtered down to half by the bicubic kernel (a = −0.6) stretched
    /// over eight rows, which sites each sample at the centre of its 2×2
    /// block; rows past the edge repeat the edge.
    ///
    /// Measured against ffmpeg on the default animation's frames: luma and
    /// chroma equal but for a few pixels in a thousand, off by one
    /// (rounding); a 2×2 mean instead of the row filter was off by up to 5
    /// at colour edges, and by up to 18 on saturated ones.
    static func yuv420p(_ source: UnsafeRawBufferPointer, width: Int, height: Int, into out: UnsafeMutableRawBufferPointer) {
        let s = source.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt32.self)
        let planeY = out.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: UInt8.self)
        let (cw, ch) = ((width + 1) / 2, (height + 1) / 2)
        let planeU = planeY + width * height
        let planeV = planeU + cw * ch
        let (yR, yG, yB) = (Self.yR, Self.yG, Self.yB)
        let yOffset: Int32 = 16 << 15 + 1 << 14
        for row in 0..<height {
            let line = s + row * width
            let outLine = planeY + row * width
            for x in 0..<width {
                let p = Int32(bitPattern: UInt32(littleEndian: line[x]))
                let r = p & 0xFF, g = p >> 8 & 0xFF, b = p >> 16 & 0xFF
                outLine[x] = UInt8(truncatingIfNeeded: (yR &* r &+ yG &* g &+ yB &* b &+ yOffset) >> 15)
            }
        }
        // Each row's pair means as Cb and Cr − 128, in 1/1024 of a level,
        // kept for the eight rows the filter spans (row r in slot r mod 8).
        let ringU = UnsafeMutablePointer<Int32>.allocate(capacity: 8 * cw)
        let ringV = UnsafeMutablePointer<Int32>.allocate(capacity: 8 * cw)
        defer {
            ringU.deallocate()
            ringV.deallocate()
        }
        let (uR, uG, uB, vR, vG, vB) = (Self.uR, Self.uG, Self.uB, Self.vR, Self.vG, Self.vB)
        func pairMeans(of row: Int) {
            let line = s + row * width
            let (u, v) = (ringU + (row & 7) * cw, ringV + (row & 7) * cw)
            for i in 0..<cw {
                let a = UInt32(littleEndian: line[2 * i]), b = UInt32(littleEndian: line[min(2 * i + 1, width - 1)])
                // Red and blue sum in separate 16-bit halves.
                let rb = Int32(bitPattern: (a & 0xFF00FF) &+ (b & 0xFF00FF))
                let gs = Int32(bitPattern: (a >> 8 & 0xFF) &+ (b >> 8 & 0xFF))
                let rs = rb & 0xFFFF, bs = rb >> 16
                // Coefficients in 1/32768, a sum of two: 1/65536 of a level.
                u[i] = (uR &* rs &+ uG &* gs &+ uB &* bs) >> 6
                v[i] = (vR &* rs &+ vG &* gs &+ vB &* bs) >> 6
            }
        }
        // The kernel at the eight rows' distances from the block's centre,
        // in 1/8192 (they sum to 8192), outermost first.
        let (w0, w1, w2, w3): (Int32, Int32, Int32, Int32) = (-115, -346, 986, 3571)
        var made = -1
        for j in 0..<ch {
            // Row 2j − 3 + t of the image, the edge row past either end.
            func row(_ t: Int) -> Int { min(max(2 * j - 3 + t, 0), height - 1) }
            while made < row(7) {
                made += 1
                pairMeans(of: made)
            }
            let (outU, outV) = (planeU + j * cw, planeV + j * cw)
            func u(_ t: Int) -> UnsafeMutablePointer<Int32> { ringU + (row(t) & 7) * cw }
            func v(_ t: Int) -> UnsafeMutablePointer<Int32> { ringV + (row(t) & 7) * cw }
            let (u0, u1, u2, u3, u4, u5, u6, u7) = (u(0), u(1), u(2), u(3), u(4), u(5), u(6), u(7))
            let (v0, v1, v2, v3, v4, v5, v6, v7) = (v(0), v(1), v(2), v(3), v(4), v(5), v(6), v(7))
            // In 1/2²³ of a level; ± 1.3 · 2³⁰ at most, so no overflow.
            let half: Int32 = 1 << 22
            for i in 0..<cw {
                let su = w0 &* (u0[i] &+ u7[i]) &+ w1 &* (u1[i] &+ u6[i]) &+ w2 &* (u2[i] &+ u5[i]) &+ w3 &* (u3[i] &+ u4[i])
                let sv = w0 &* (v0[i] &+ v7[i]) &+ w1 &* (v1[i] &+ v6[i]) &+ w2 &* (v2[i] &+ v5[i]) &+ w3 &* (v3[i] &+ v4[i])
                outU[i] = UInt8(truncatingIfNeeded: min(max(((su &+ half) >> 23) &+ 128, 0), 255))
                outV[i] = UInt8(truncatingIfNeeded: min(max(((sv &+ half) >> 23) &+ 128, 0), 255))
            }
        }
    }
}
