import Output

/// A request that cannot be made: one line saying what is at fault and what
/// to do, and the exit status a command gives for it (64 for options, 65
/// for a file's content, 69 for a missing program, 1 otherwise).
public struct ProductionFailure: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var status: Int32

    public init(_ message: String, status: Int32 = 1) {
        self.message = message
        self.status = status
    }

    public var description: String { message }

    /// An output error, phrased with the option that named its path.
    public init(_ error: OutputError, options: RenderOptions) {
        if case .outputIsInput(let path, let input, let role) = error {
            let flag = options.flag(naming: path) ?? "an output"
            let both = switch input {
            case path?: "\(flag) and \(role) both name '\(path)'"
            case let input?: "\(flag) '\(path)' and \(role) '\(input)' are one file"
            case nil: "\(flag) '\(path)' is the file on standard input"
            }
            self.init("\(both): writing it would destroy the input; give \(flag) another path", status: 64)
            return
        }
        if case .companionIsInput(let path, _, _, _) = error {
            self.init("\(options.flag(naming: path) ?? "an output"): \(error)", status: 64)
            return
        }
        let line = OutputWording.describe(error)
        // Where the path itself is the trouble, say which flag gave it;
        // ffmpeg's own failures name the file already.
        var flag: String?
        switch error {
        case .ffmpegFailed: break
        case .outputFolderMissing(let path): flag = options.flag(naming: path, asFolder: true)
        default: flag = error.path.flatMap { options.flag(naming: $0) }
        }
        self.init(flag.map { "\($0): \(line)" } ?? line, status: error == .interrupted ? 130 : 1)
    }
}

/// How a message names an option: as a flag on the command line
/// (`--ops`), or as the key a lecture's section writes it under (`ops`).
public enum OptionNaming: Sendable, Equatable {
    case flags
    case lectureKeys

    /// `key` (a long flag's name without its dashes) as this naming says it.
    public func name(_ key: String) -> String {
        switch self {
        case .flags: "--" + key
        case .lectureKeys: key
        }
    }

    /// How to give `key` the value `value`, as this naming says it: "pass
    /// --seed 7", "write seed: 7 in the section".
    public func giving(_ key: String, _ value: String) -> String {
        switch self {
        case .flags: "pass --\(key) \(value)"
        case .lectureKeys: "write \(key): \(value) in the section"
        }
    }
}

/// Output errors in the words of the options that cause them.
public enum OutputWording {
    /// An output error's line.
    public static func describe(_ error: Error) -> String {
        switch error as? OutputError {
        case .ffmpegMissing?:
            "ffmpeg not found on PATH: install it (sudo apt-get install ffmpeg, or scripts/setup.sh); PNG frames (-o DIR/) work without it"
        case .frameRangeOutside(let range, let count)?:
            "--frame-range \(range.lowerBound):\(range.upperBound) reaches past the animation's \(count) frames (0:\(count))"
        case .transparentDeck?:
            "--transparent: \(error)"
        case .transparentMP4?:
            "--transparent needs an output with alpha: MP4 has none; use .webm, .gif or a PNG folder"
        case .oddSizeForMP4(let path, let w, let h)?:
            (try? OutputTarget(path: path, isExistingFolder: false))?.kind?.needsEveryFrame == true
                ? "--size \(w)x\(h) is odd: a .\(path.split(separator: ".").last.map { $0.lowercased() } ?? "") deck plays MP4 clips (yuv420p), which need an even width and height"
                : "--size \(w)x\(h) is odd: MP4 (yuv420p) needs an even width and height"
        case .gifTooFast(_, let fps)?:
            "--fps \(Format.number(fps)) is too fast for a GIF (at most \(Int(VideoFormat.gifMaxFPS)) plays right); use .mp4 or .webm for more"
        case .folderHoldsOtherFrames?, .folderHoldsOtherSteps?:
            "\(error): choose an empty folder, or pass --overwrite to replace them"
        case .fileNameIsAFolder?:
            "-o: \(error)"
        case .unknownExtension(let path)?:
            "-o: cannot tell the format of '\(path)': use \(OutputKinds.standard.extensionList.replacingOccurrences(of: " and ", with: ", ")), or a folder ending in / for PNG frames"
        default:
            String(describing: error)
        }
    }
}
