import CPNG

/// PNG encoding and decoding through libpng, in memory or to and from files.
///
///     try PNGFile.write(premultipliedRGBA: canvas.pixels, width: 1280, height: 720,
///                       to: "frames/frame-0001.png")
///     let image = try PNGFile.read("frames/frame-0001.png")
///
/// The same pixels and options always give the same bytes.
public enum PNGFile {
    /// Encodes premultiplied RGBA8 pixels (the canvas layout) as an 8-bit
    /// straight-alpha RGBA PNG, or as RGB when every pixel is opaque.
    ///
    /// - Complexity: O(*n*) in the number of pixels.
    public static func encode(
        premultipliedRGBA pixels: [UInt8], width: Int, height: Int, options: PNGOptions = .default
    ) throws(PNGError) -> [UInt8] {
        try encode(pixels, alpha: CPNG_ALPHA_PREMULTIPLIED, width: width, height: height, options: options)
    }

    /// Encodes straight-alpha RGBA8 pixels (the layout of `PNGImage`) as an
    /// 8-bit RGBA PNG, or as RGB when every pixel is opaque.
    ///
    /// - Complexity: O(*n*) in the number of pixels.
    public static func encode(
        straightRGBA pixels: [UInt8], width: Int, height: Int, options: PNGOptions = .default
    ) throws(PNGError) -> [UInt8] {
        try encode(pixels, alpha: CPNG_ALPHA_STRAIGHT, width: width, height: height, options: options)
    }

    private static func encode(
        _ pixels: [UInt8], alpha: cpng_alpha, width: Int, height: Int, options: PNGOptions
    ) throws(PNGError) -> [UInt8] {
        try validate(pixels: pixels, width: width, height: height, options: options)
        var message = [CChar](repeating: 0, count: messageCapacity)
        var data: UnsafeMutablePointer<UInt8>?
        var size = 0
        let keys = options.text.map { latin1($0.keyword) }
        let values = options.text.map { latin1($0.text) }
        let status = pixels.withUnsafeBufferPointer { source in
            withCStrings(keys) { keyPointers in
                withCStrings(values) { valuePointers in
                    cpng_encode_rgba(
                        source.baseAddress, UInt32(width), UInt32(height), alpha, options.cValue,
                        keyPointers, valuePointers, keys.count, &data, &size, &message, messageCapacity)
                }
            }
        }
        guard status == CPNG_OK, let data else {
            throw PNGError(.encode, reason: string(message))
        }
        defer { cpng_free(data) }
        return [UInt8](UnsafeBufferPointer(start: data, count: size))
    }

    /// The most pixels ``decode(_:pixelLimit:)`` decodes by default:
    /// 8192 × 8192, treeanim's largest frame, 256 MiB as RGBA8.
    public static let defaultPixelLimit = 8192 * 8192

    /// Decodes a PNG of any colour type, bit depth and interlacing to
    /// straight RGBA8: palettes and grey expand to RGB, 16-bit samples round
    /// to 8 bits, and images without alpha get alpha 255.
    ///
    /// An image of more than `pixelLimit` pixels is refused from its header,
    /// before anything is allocated: a file of a few bytes can claim
    /// 100,000 × 100,000 pixels, 40 GB decoded.
    public static func decode(_ data: [UInt8], pixelLimit: Int = defaultPixelLimit) throws(PNGError) -> PNGImage {
        if let (width, height) = headerSize(data) {
            // Each side is at most 2^32 − 1, so the product may not fit.
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            if overflow || pixels > pixelLimit {
                throw PNGError(
                    .decode,
                    reason: "it is \(width)×\(height) pixels (\(size(Double(width) * Double(height) * 4)) decoded),"
                        + " over the limit of \(grouped(pixelLimit)) pixels")
            }
        }
        var message = [CChar](repeating: 0, count: messageCapacity)
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: UInt32 = 0
        var height: UInt32 = 0
        let status = data.withUnsafeBufferPointer { source in
            cpng_decode_rgba(source.baseAddress, source.count, &pixels, &width, &height, &message, messageCapacity)
        }
        guard status == CPNG_OK, let pixels else {
            throw PNGError(.decode, reason: string(message))
        }
        defer { cpng_free(pixels) }
        let count = Int(width) * Int(height) * 4
        return PNGImage(
            width: Int(width), height: Int(height),
            pixels: [UInt8](UnsafeBufferPointer(start: pixels, count: count)))
    }

    private static let messageCapacity = 256

    /// The width and height the IHDR chunk gives, which a PNG has first
    /// (ISO 15948, 5.6); nil when it does not start so, which the decoder
    /// then reports.
    private static func headerSize(_ data: [UInt8]) -> (width: Int, height: Int)? {
        func uint32(_ offset: Int) -> Int { data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        guard data.count >= 24, data[12..<16].elementsEqual("IHDR".utf8) else { return nil }
        return (uint32(16), uint32(20))
    }

    /// `bytes` in gigabytes, or megabytes under one.
    private static func size(_ bytes: Double) -> String {
        bytes >= 1e9 ? "\(Int((bytes / 1e9).rounded())) GB" : "\(max(1, Int((bytes / 1e6).rounded()))) MB"
    }

    /// `n` with commas between groups of three digits.
    private static func grouped(_ n: Int) -> String {
        var text = String(n)
        var index = text.count - 3
        while index > 0 {
            text.insert(",", at: text.index(text.startIndex, offsetBy: index))
            index -= 3
        }
        return text
    }

    private static func validate(
        pixels: [UInt8], width: Int, height: Int, options: PNGOptions
    ) throws(PNGError) {
        let side = 1...Int(Int32.max)
        guard side.contains(width), side.contains(height) else {
            throw PNGError(.encode, reason: "size \(width)×\(height) is not in 1...\(Int32.max) on each side")
        }
        let (expected, overflow) = width.multipliedReportingOverflow(by: height * 4)
        guard !overflow, pixels.count == expected else {
            throw PNGError(
                .encode, reason: "\(pixels.count) bytes do not make \(width)×\(height) RGBA8 pixels")
        }
        if let bad = options.text.first(where: { !$0.isValid }) {
            throw PNGError(.encode, reason: "text chunk '\(bad.keyword)' breaks PNG's rules for tEXt")
        }
        guard PNGOptions.levels.contains(options.level) else {
            throw PNGError(.encode, reason: "zlib level \(options.level) is not in \(PNGOptions.levels)")
        }
    }

    private static func string(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// `text` as NUL-terminated Latin-1 bytes (checked valid before).
private func latin1(_ text: String) -> [CChar] {
    text.unicodeScalars.map { CChar(bitPattern: UInt8(truncatingIfNeeded: $0.value)) } + [0]
}

/// Calls `body` with C pointers to each of `strings`, valid during the call.
private func withCStrings<R>(_ strings: [[CChar]], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R) -> R {
    var pointers = [UnsafePointer<CChar>?]()
    func nest(_ i: Int) -> R {
        guard i < strings.count else { return pointers.withUnsafeBufferPointer { body($0.baseAddress) } }
        return strings[i].withUnsafeBufferPointer { buffer in
            pointers.append(buffer.baseAddress)
            return nest(i + 1)
        }
    }
    return nest(0)
}
