import ArgumentParser
import Foundation
import PNG
import Raster
import Trees
import TreeAnimKit

struct TreeAnimCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "treeanim",
        abstract: "Render an animation of a binary search tree being built by inserts.",
        discussion: """
            Each insert shows the new key entering, a ring walking the comparison path, \
            and every node easing into the new layout. Output is a GIF, MP4 or WebM \
            (through ffmpeg) or a folder of PNG frames.

            Examples:
              treeanim --inserts 10 --fps 30                 10 random keys → treeanim.gif
              treeanim --values 50,17,72,12,23,60 -o bst.mp4
              treeanim --inserts 15 --seed 7 --theme dark -o slides/bst.webm
              treeanim --inserts 31 --range 1...99 --transparent -o frames/
              treeanim --inserts 10 --seed 3 --frame-range 0:100 -o part1/
            """,
        version: "treeanim 0.1.0")

    @OptionGroup(title: "Keys") var keys: KeyOptions
    @OptionGroup(title: "Motion") var motion: MotionOptions
    @OptionGroup(title: "Look") var look: LookOptions
    @OptionGroup(title: "Output") var output: OutputOptions

    /// Where the frames go, as `-o` names it.
    var target: OutputTarget {
        get throws(TreeAnimError) {
            try OutputTarget(path: output.output, isExistingFolder: FileManager.default.directoryExists(output.output))
        }
    }

    mutating func validate() throws {
        let target: OutputTarget
        do { target = try self.target } catch { throw ValidationError(error.description) }
        if case .video(_, let format) = target {
            if format == .mp4, look.transparent { throw ValidationError(TreeAnimError.transparentMP4.description) }
            if format == .mp4, look.size.width % 2 != 0 || look.size.height % 2 != 0 {
                throw ValidationError(TreeAnimError.oddSizeForMP4(width: look.size.width, height: look.size.height).description)
            }
            // GIF frame delays are whole hundredths of a second, and browsers
            // slow anything under two of them down to ten.
            if format == .gif, motion.fps > 50 {
                throw ValidationError("--fps \(Format.number(motion.fps)) is too fast for a GIF (at most 50 plays right); use .mp4 or .webm for more")
            }
        } else if output.framesDir != nil {
            throw ValidationError("--frames-dir goes with a video output; -o already names a PNG folder")
        }
        let paths = [output.output, output.framesDir, output.dumpScene].compactMap { $0 }.map(Self.normalized)
        if Set(paths).count < paths.count {
            throw ValidationError("-o, --frames-dir and --dump-scene must name different paths")
        }
    }

    func run() throws {
        let clock = ContinuousClock(), started = clock.now
        var options = StoryboardOptions()
        options.width = look.size.width
        options.height = look.size.height
        options.fps = motion.fps
        options.speed = motion.speed
        options.easing = motion.easing
        options.layout = motion.layout
        options.theme = look.theme.theme
        options.transparent = look.transparent
        options.captions = !look.noCaptions

        let font: Font
        do throws(FontError) {
            if let path = look.font { font = try Font(path: path) } else { font = try Font.default() }
        } catch {
            throw TreeAnimError.font(error.description)
        }
        let (keyList, randomSeed) = chooseKeys()
        let board = try Storyboard(keys: keyList, options: options)
        guard board.frameCount <= Self.maxFrames else {
            throw TreeAnimError.tooManyFrames(board.frameCount, limit: Self.maxFrames)
        }
        let target = try self.target
        var job = RenderJob(storyboard: board, font: font, output: target)
        if let r = output.frameRange?.range {
            guard r.upperBound <= board.frameCount else {
                throw TreeAnimError.frameRangeOutside(range: r, frameCount: board.frameCount)
            }
            job.frames = r
        }
        if let threads = output.threads { job.threads = threads }
        if let level = output.pngLevel { job.pngOptions.level = level }
        job.framesDirectory = output.framesDir
        job.dumpPath = output.dumpScene

        let progress = Progress()
        defer { progress.finish() }
        let summary = try job.run(progress: progress.update, isCancelled: { Interruption.shared.happened })
        progress.finish()
        let seconds = Format.seconds(started.duration(to: clock.now))
        let length = Double(summary.frames) / options.fps
        FileHandle.standardError.write(
            "wrote \(target.path): \(summary.frames) frames, \(options.width)×\(options.height), \(Format.number(options.fps)) fps, "
                + "\(Format.fixed(length, 1)) s, \(Format.bytes(summary.bytes)) in \(Format.fixed(seconds, 1)) s\n")
        if let seed = randomSeed {
            FileHandle.standardError.write("seed \(seed) (pass --seed \(seed) to get the same keys)\n")
        }
    }

    /// Two hours at 30 fps: past that, a run is a mistake, not an animation.
    static let maxFrames = 216_000

    /// A path without a trailing slash, for comparing paths.
    static func normalized(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    /// The keys to insert: the given values, or random distinct keys from the
    /// seeded generator; and the seed when it was drawn here, to print.
    func chooseKeys() -> (keys: [Int], randomSeed: UInt64?) {
        if let values = keys.keyList { return (values, nil) }
        let seed = keys.seed ?? UInt64.random(in: 0...999_999)
        var rng = SeededGenerator(seed: seed)
        return (rng.distinctKeys(count: keys.inserts ?? 10, in: keys.keyRange), keys.seed == nil ? seed : nil)
    }
}

extension FileManager {
    func directoryExists(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }
}

extension FileHandle {
    func write(_ text: String) {
        write(Data(text.utf8))
    }
}
