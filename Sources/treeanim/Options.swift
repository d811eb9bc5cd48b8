import ArgumentParser
import TreeAnimKit

struct KeyOptions: ParsableArguments {
    @Option(help: "Insert this many random distinct keys.")
    var inserts: Int?

    @Option(help: ArgumentHelp("Draw random keys from this range.", valueName: "lo...hi"))
    var range = KeyRange(1...99)

    @Option(help: "Seed for the random keys (default: a random seed, printed so you can reproduce the run).")
    var seed: UInt64?

    @Option(help: ArgumentHelp("Insert exactly these keys, in order.", valueName: "k1,k2,..."))
    var values: KeyList?

    static let maxInserts = 1000

    mutating func validate() throws {
        if values != nil, inserts != nil { throw ValidationError("give --inserts or --values, not both") }
        if let values {
            var seen = Set<Int>(), dups = [Int]()
            for k in values.keys where !seen.insert(k).inserted && !dups.contains(k) { dups.append(k) }
            if !dups.isEmpty {
                throw ValidationError(TreeAnimError.duplicateKeys(dups).description)
            }
            if values.keys.count > Self.maxInserts {
                throw ValidationError("--values has \(values.keys.count) keys; at most \(Self.maxInserts) make a watchable animation")
            }
        }
        let n = inserts ?? 10
        guard n >= 1 else { throw ValidationError("--inserts must be at least 1 (got \(n))") }
        guard n <= Self.maxInserts else {
            throw ValidationError("--inserts \(n) is too many; at most \(Self.maxInserts) make a watchable animation")
        }
        if values == nil, range.range.count < n {
            throw ValidationError(TreeAnimError.rangeTooSmall(count: n, range: range.range).description)
        }
    }
}

struct MotionOptions: ParsableArguments {
    @Option(help: "Frames per second, up to 240.")
    var fps: Double = 30

    @Option(help: "Play faster (2) or slower (0.5).")
    var speed: Double = 1

    @Option(help: "Curve of the settle move: \(Easing.allCases.map(\.rawValue).joined(separator: ", ")).")
    var easing: Easing = .easeInOut

    @Option(help: "Node placement: tidy (compact) or inorder (x is the key's rank).")
    var layout: LayoutKind = .tidy

    mutating func validate() throws {
        guard fps > 0, fps <= 240, fps.isFinite else { throw ValidationError("--fps must be above 0 and at most 240 (got \(fps))") }
        guard speed >= 0.1, speed <= 10 else { throw ValidationError("--speed must be between 0.1 and 10 (got \(speed))") }
    }
}

struct LookOptions: ParsableArguments {
    @Option(help: "Colour theme: light or dark.")
    var theme: ThemeName = .light

    @Flag(help: "Transparent background (PNG frames, WebM, GIF).")
    var transparent = false

    @Option(help: ArgumentHelp("Frame size in pixels.", valueName: "WxH"))
    var size = FrameSize(width: 1280, height: 720)

    @Option(help: ArgumentHelp("A TTF or OTF font file for labels and captions (default: DejaVu Sans Bold).", valueName: "path"))
    var font: String?

    @Flag(help: "Leave out the captions.")
    var noCaptions = false

    mutating func validate() throws {
        for (side, v) in [("width", size.width), ("height", size.height)] {
            guard v >= 64 else { throw ValidationError("--size \(size.width)x\(size.height): the \(side) must be at least 64 px") }
            guard v <= 8192 else { throw ValidationError("--size \(size.width)x\(size.height): the \(side) must be at most 8192 px") }
        }
    }
}

struct OutputOptions: ParsableArguments {
    @Option(
        name: [.short, .long],
        help: ArgumentHelp("Output: a .gif, .mp4 or .webm file, or a folder (ending in /) for PNG frames.", valueName: "path"))
    var output = "treeanim.gif"

    @Option(help: ArgumentHelp("Also keep the PNG frames in this folder when writing a video.", valueName: "dir"))
    var framesDir: String?

    @Option(help: ArgumentHelp("Render only frames a up to b-1 of the full animation, numbered as in a full run.", valueName: "a:b"))
    var frameRange: FrameRange?

    @Option(help: ArgumentHelp("Write every rendered frame's geometry as JSON Lines to this file.", valueName: "file"))
    var dumpScene: String?

    @Option(help: "Render threads (default: one per core). Frames are identical for any count.")
    var threads: Int?

    @Option(help: "zlib level for PNG frames, 0 (fastest) to 9 (smallest).")
    var pngLevel: Int?

    mutating func validate() throws {
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be between 1 and 256 (got \(threads))") }
        if let pngLevel, !(0...9).contains(pngLevel) { throw ValidationError("--png-level must be between 0 and 9 (got \(pngLevel))") }
    }
}
