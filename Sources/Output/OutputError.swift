/// What can stop an animation from being made, each with a one-line message
/// that names the value, file or tool at fault.
public enum TreeAnimError: Error, Equatable, CustomStringConvertible {
    case duplicateKeys([Int])
    case rangeTooSmall(count: Int, range: ClosedRange<Int>)
    case unknownExtension(String)
    case outputFolderMissing(String)
    case cannotWrite(path: String, reason: String)
    case transparentMP4
    case oddSizeForMP4(width: Int, height: Int)
    case ffmpegMissing
    case ffmpegFailed(status: Int32, output: String)
    case font(String)
    case png(String)
    case frameRangeOutside(range: Range<Int>, frameCount: Int)
    case tooManyFrames(Int, limit: Int)
    case interrupted

    public var description: String {
        switch self {
        case .duplicateKeys(let keys):
            let list = keys.map(String.init).joined(separator: ", ")
            return "duplicate keys in --values: \(list) (each key can be inserted once)"
        case .rangeTooSmall(let count, let range):
            return "--range \(range.lowerBound)...\(range.upperBound) holds \(range.count) keys, too few for \(count) distinct inserts"
        case .unknownExtension(let path):
            return "cannot tell the format of '\(path)': use .gif, .mp4, .webm, or a folder ending in / for PNG frames"
        case .outputFolderMissing(let path):
            return "output folder '\(path)' does not exist"
        case .cannotWrite(let path, let reason):
            return "cannot write '\(path)': \(reason)"
        case .transparentMP4:
            return "--transparent needs an output with alpha: MP4 has none; use .webm, .gif or a PNG folder"
        case .oddSizeForMP4(let w, let h):
            return "--size \(w)x\(h) is odd: MP4 (yuv420p) needs an even width and height"
        case .ffmpegMissing:
            return "ffmpeg not found on PATH: install it (sudo apt-get install ffmpeg, or scripts/setup.sh); PNG frames (-o DIR/) work without it"
        case .ffmpegFailed(let status, let output):
            let tail = output.split(separator: "\n").suffix(3).joined(separator: " | ")
            return "ffmpeg failed (exit \(status))" + (tail.isEmpty ? "" : ": \(tail)")
        case .font(let message):
            return message
        case .png(let message):
            return message
        case .frameRangeOutside(let range, let count):
            return "--frame-range \(range.lowerBound):\(range.upperBound) reaches past the animation's \(count) frames (0:\(count))"
        case .tooManyFrames(let count, let limit):
            return "the animation would have \(count) frames, over the limit of \(limit): use fewer keys, a higher --speed or a lower --fps"
        case .interrupted:
            return "interrupted; no partial output was left"
        }
    }
}
