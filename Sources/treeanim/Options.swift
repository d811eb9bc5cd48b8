import ArgumentParser
import Foundation
import TreeAnimKit

struct KeyOptions: ParsableArguments {
    @Option(help: "Insert this many random distinct keys.")
    var inserts: Int?

    // Unconditional parsing, so that negative bounds and keys are values, not flags.
    @Option(parsing: .unconditional, help: ArgumentHelp("Draw random keys from this range.", valueName: "lo...hi"))
    var range = "1...99"

    @Option(help: "Seed for the random keys (default: a random seed, printed so you can reproduce the run).")
    var seed: UInt64?

    @Option(parsing: .unconditional, help: ArgumentHelp("Insert exactly these keys, in order.", valueName: "k1,k2,..."))
    var values: String?

    static let maxInserts = 1000

    /// The `--range` bounds; valid after `validate()`.
    var keyRange: ClosedRange<Int> { KeyOptions.parseRange(range) ?? 1...99 }

    /// The `--values` keys; valid after `validate()`.
    var keyList: [Int]? { values.map { $0.split(separator: ",").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) } } }

    mutating func validate() throws {
        if values != nil, inserts != nil { throw ValidationError("give --inserts or --values, not both") }
        if let values {
            for token in values.split(separator: ",", omittingEmptySubsequences: false)
            where Int(token.trimmingCharacters(in: .whitespaces)) == nil {
                throw ValidationError("--values: '\(token)' is not a whole number (expected keys like 50,17,72)")
            }
            let keys = keyList ?? []
            let duplicates = Storyboard.duplicates(in: keys)
            if !duplicates.isEmpty { throw ValidationError(TreeAnimError.duplicateKeys(duplicates).description) }
            if keys.count > Self.maxInserts {
                throw ValidationError("--values has \(keys.count) keys; at most \(Self.maxInserts) make a watchable animation")
            }
        }
        guard let bounds = Self.parseRange(range) else {
            throw ValidationError("--range '\(range)' is not of the form LO...HI with LO ≤ HI (e.g. 1...99)")
        }
        let n = inserts ?? 10
        guard n >= 1 else { throw ValidationError("--inserts must be at least 1 (got \(n))") }
        guard n <= Self.maxInserts else {
            throw ValidationError("--inserts \(n) is too many; at most \(Self.maxInserts) make a watchable animation")
        }
        if values == nil, !Self.holds(bounds, atLeast: n) {
            throw ValidationError(TreeAnimError.rangeTooSmall(count: n, range: bounds).description)
        }
    }

    /// `LO...HI` (or `LO..HI`) with LO ≤ HI.
    static func parseRange(_ text: String) -> ClosedRange<Int>? {
        for separator in ["...", ".."] {
            let parts = text.components(separatedBy: separator)
            if parts.count == 2, let lo = Int(parts[0]), let hi = Int(parts[1]), lo <= hi { return lo...hi }
        }
        return nil
    }

    /// Whether `range` has at least `n` keys, without overflowing on ranges
    /// wider than `Int.max`.
    static func holds(_ range: ClosedRange<Int>, atLeast n: Int) -> Bool {
        let span = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
        return span == UInt64.max || span + 1 >= UInt64(n)
    }
}

struct MotionOptions: ParsableArguments {
    @Option(help: "Frames per second, 1 to 240 (50 at most for GIF).")
    var fps: Double = 30

    @Option(help: "Play faster (2) or slower (0.5), 0.1 to 10.")
    var speed: Double = 1

    @Option(help: "Curve of the settle move.")
    var easing: Easing = .easeInOut

    @Option(help: "Node placement: tidy is compact, inorder puts keys in sorted order left to right.")
    var layout: LayoutKind = .tidy

    mutating func validate() throws {
        guard fps >= 1, fps <= 240 else { throw ValidationError("--fps must be from 1 to 240 (got \(Format.number(fps)))") }
        guard speed >= 0.1, speed <= 10 else { throw ValidationError("--speed must be from 0.1 to 10 (got \(Format.number(speed)))") }
    }
}

struct LookOptions: ParsableArguments {
    @Option(help: "Colour theme.")
    var theme: ThemeName = .light

    @Flag(help: "Transparent background (PNG frames, WebM, GIF).")
    var transparent = false

    @Option(help: ArgumentHelp("Frame size in pixels, 64 to 8192 a side.", valueName: "WxH"))
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

    @Option(help: "Render threads, 1 to 64 (default: one per core). Frames are identical for any count.")
    var threads: Int?

    @Option(help: "zlib level for PNG frames, 0 (fastest) to 9 (smallest).")
    var pngLevel: Int?

    mutating func validate() throws {
        if let threads, !(1...64).contains(threads) { throw ValidationError("--threads must be from 1 to 64 (got \(threads))") }
        if let pngLevel, !(0...9).contains(pngLevel) { throw ValidationError("--png-level must be from 0 to 9 (got \(pngLevel))") }
    }
}
