import CPNG

/// Converts premultiplied RGBA8 to straight RGBA8, rounding to nearest:
/// each colour channel becomes `(c * 255 + a / 2) / a` (clamped to 255 when
/// `c > a`), alpha is kept, and a pixel with alpha 0 becomes 0, 0, 0, 0.
///
/// Exact, so `premultiply(unpremultiply(p)) == p` for every valid
/// premultiplied `p` (each colour channel at most its alpha).
///
/// - Precondition: `premultipliedRGBA.count` is a multiple of 4.
/// - Complexity: O(*n*) in the number of pixels.
public func unpremultiply(_ premultipliedRGBA: [UInt8]) -> [UInt8] {
    precondition(premultipliedRGBA.count % 4 == 0, "RGBA8 pixels come in groups of 4 bytes")
    let count = premultipliedRGBA.count
    return premultipliedRGBA.withUnsafeBytes { source in
        [UInt8](unsafeUninitializedCapacity: count) { destination, initialized in
            unpremultiply(source, into: UnsafeMutableRawBufferPointer(destination))
            initialized = count
        }
    }
}

/// ``unpremultiply(_:)`` into `destination`, of at least as many bytes.
public func unpremultiply(_ premultipliedRGBA: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer) {
    precondition(premultipliedRGBA.count % 4 == 0, "RGBA8 pixels come in groups of 4 bytes")
    precondition(destination.count >= premultipliedRGBA.count, "the destination is too small")
    cpng_unpremultiply(
        premultipliedRGBA.baseAddress?.assumingMemoryBound(to: UInt8.self),
        destination.baseAddress?.assumingMemoryBound(to: UInt8.self), premultipliedRGBA.count / 4)
}

/// Converts straight RGBA8 to premultiplied RGBA8, rounding to nearest: each
/// colour channel becomes `(c * a + 127) / 255`, the canvas's convention.
///
/// - Precondition: `straightRGBA.count` is a multiple of 4.
/// - Complexity: O(*n*) in the number of pixels.
public func premultiply(_ straightRGBA: [UInt8]) -> [UInt8] {
    precondition(straightRGBA.count % 4 == 0, "RGBA8 pixels come in groups of 4 bytes")
    var result = straightRGBA
    for i in stride(from: 0, to: result.count, by: 4) {
        let a = UInt32(result[i + 3])
        for c in i..<i + 3 {
            result[c] = UInt8((UInt32(result[c]) * a + 127) / 255)
        }
    }
    return result
}
