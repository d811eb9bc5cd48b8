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

    mutating func validate() throws {
        let isFolder = FileManager.default.directoryExists(output.output)
        let target: OutputTarget
        do {
            target = try OutputTarget(path: output.output, isExistingFolder: isFolder)
        } catch {
            throw ValidationError(error.description)
        }
        if case .video(_, .mp4) = target {
            if look.transparent { throw ValidationError(TreeAnimError.transparentMP4.description) }
            if look.size.width % 2 != 0 || look.size.height % 2 != 0 {
                throw ValidationError(TreeAnimError.oddSizeForMP4(width: look.size.width, height: look.size.height).description)
            }
        }
        if output.framesDir != nil, case .pngFolder = target {
            throw ValidationError("--frames-dir goes with a video output; -o already names a PNG folder")
        }
    }

    func run() throws {
        let clock = ContinuousClock(), started = clock.now
        let keyList = chooseKeys()
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
        let board = try Storyboard(keys: keyList, options: options)
        let target = try OutputTarget(
            path: output.output, isExistingFolder: FileManager.default.directoryExists(output.output))
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
        let summary = try job.run(progress: progress.update, isCancelled: { Interruption.shared.happened })
        progress.finish()
        let elapsed = started.duration(to: clock.now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let length = Double(summary.frames) / options.fps
        let what = switch target {
        case .pngFolder(let dir): dir
        case .video(let path, _): path
        }
        FileHandle.standardError.write(
            "wrote \(what): \(summary.frames) frames, \(options.width)×\(options.height), \(Format.number(options.fps)) fps, "
                + "\(Format.fixed(length, 1)) s, \(Format.bytes(summary.bytes)) in \(Format.fixed(seconds, 1)) s\n")
    }

    /// The keys to insert: the given values, or random distinct keys from the
    /// seeded generator, whose seed is printed when it was not given.
    func chooseKeys() -> [Int] {
        if let values = keys.values { return values.keys }
        let seed = keys.seed ?? UInt64.random(in: 0...999_999)
        if keys.seed == nil {
            FileHandle.standardError.write("seed \(seed) (pass --seed \(seed) to get the same keys)\n")
        }
        var rng = SeededGenerator(seed: seed)
        return rng.distinctKeys(count: keys.inserts ?? 10, in: keys.range.range)
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
