import Foundation

/// What an animated WebP holds, read from its RIFF chunks: libwebp merges a
/// run of equal frames into one longer frame, so it stores fewer frames
/// than it was given, and the summary says so.
public enum WebPFrames {
    /// The frames stored in the animated WebP at `path` (its `ANMF`
    /// chunks), or nil when it is not one.
    public static func stored(atPath path: String) -> Int? {
        guard let data = FileManager.default.contents(atPath: path), data.count >= 12 else { return nil }
        let bytes = [UInt8](data)
        guard String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF",
            String(decoding: bytes[8..<12], as: UTF8.self) == "WEBP"
        else { return nil }
        var count = 0
        var i = 12
        while i + 8 <= bytes.count {
            let size = Int(bytes[i + 4]) | Int(bytes[i + 5]) << 8 | Int(bytes[i + 6]) << 16 | Int(bytes[i + 7]) << 24
            if String(decoding: bytes[i..<i + 4], as: UTF8.self) == "ANMF" { count += 1 }
            // Chunks are padded to an even size.
            i += 8 + size + (size & 1)
        }
        return count
    }
}
