import Foundation
import OutputFiles

/// Encodes one clip per step with ffmpeg while the frames go by once, in
/// order: each frame goes to the clip or clips that hold it (a boundary
/// frame ends one clip and starts the next), and a clip's ffmpeg starts at
/// its first frame and is told to finish at its last, then finishes while
/// the next clips are encoded. A GIF's clips take two passes, each its own
/// palette.
///
/// Used by one thread at a time, inside its sink's lock.
final class StepClipEncoder {
    let plan: StepClipPlan
    let format: VideoFormat
    let frames: FrameFormat
    let executable: String
    let loop: LoopCount
    let keyframeInterval: Int?
    /// The whole animation's sound, when its clips carry their part of it
    /// (an MP4 or WebM clip), and the language of its words.
    let sound: Soundtrack?
    let language: Language
    /// Each clip's part of the sound, as WAV temporary files ffmpeg reads.
    private var sounds: [Int: AtomicFile] = [:]
    /// The temporary files the clips are written to, in step order.
    private(set) var files: [AtomicFile] = []
    private var palettes: [AtomicFile] = []
    private var open: [Int: FFmpegProcess] = [:]
    private var closing: [FFmpegProcess] = []
    /// Where clip k goes: its final name, and the role of its temporary
    /// name beside that.
    private let destination: (Int) -> (path: String, role: String)
    /// Whether a symbolic link at a clip's final name is followed (a clip
    /// beside a deck the user named) or replaced (a clip in a folder).
    private let followingLinks: Bool

    var passes: Int { FFmpegRecipe.passes(for: format, transparent: frames.transparent, palette: "").count }

    init(
        plan: StepClipPlan, format: VideoFormat, frames: FrameFormat, executable: String, loop: LoopCount = .forever,
        keyframeInterval: Int? = nil, followingLinks: Bool = true, sound: Soundtrack? = nil, language: Language = .english,
        destination: @escaping (Int) -> (path: String, role: String)
    ) {
        self.sound = format == .mp4 || format == .webm ? sound : nil
        self.language = language
        self.plan = plan
        self.format = format
        self.frames = frames
        self.executable = executable
        self.loop = loop
        self.keyframeInterval = keyframeInterval
        self.destination = destination
        self.followingLinks = followingLinks
    }

    /// Makes the clips' temporary files, on the first pass.
    func begin(pass: Int) throws(OutputError) {
        guard files.isEmpty else { return }
        for k in plan.clips.indices {
            let (path, role) = destination(k)
            let file = try OutputError.files { () throws(FileError) in try AtomicFile(replacing: path, role: role, followingLinks: followingLinks) }
            try OutputError.files { () throws(FileError) in try file.close() }
            files.append(file)
            if passes > 1 {
                let palette = try OutputError.files { () throws(FileError) in try AtomicFile(replacing: path, role: role + "-palette.png", followingLinks: followingLinks) }
                try OutputError.files { () throws(FileError) in try palette.close() }
                palettes.append(palette)
            }
        }
    }

    /// Sends frame `index`'s straight-alpha RGBA `pixels` to every clip
    /// that holds it.
    func write(_ pixels: [UInt8], frame index: Int, pass: Int, isCancelled: () -> Bool) throws(OutputError) {
        for k in plan.clips(containing: index) {
            let process: FFmpegProcess
            if let running = open[k] { process = running } else { process = try start(clip: k, pass: pass) }
            open[k] = process
            try process.write(pixels, isCancelled: isCancelled)
            if index == plan.clips[k].upperBound {
                process.closeInput()
                closing.append(open.removeValue(forKey: k) ?? process)
                try reapFinished()
            }
        }
    }

    /// Waits for every clip's ffmpeg of the pass to write its file.
    /// A process leaves the list only once it has finished, so that when
    /// the wait is interrupted, ``cancel()`` still stops every one left.
    func end(pass: Int, isCancelled: @Sendable () -> Bool) throws(OutputError) {
        for k in open.keys.sorted() {
            open[k]?.closeInput()
            if let process = open[k] { closing.append(process) }
        }
        open = [:]
        while let process = closing.first {
            try process.finish(isCancelled: isCancelled)
            closing.removeFirst()
        }
    }

    /// Checks the clips can take their final names.
    func finish() throws(OutputError) {
        for file in files { try OutputError.files { () throws(FileError) in try file.finish() } }
    }

    /// Stops every ffmpeg and removes the temporary files (committed clips stay).
    func cancel() {
        for process in closing + open.values { process.cancel() }
        open = [:]
        closing = []
        for file in files + palettes + sounds.values { file.discard() }
        files = []
        palettes = []
        sounds = [:]
    }

    /// Removes the palettes and sounds, once the clips are done.
    func discardPalettes() {
        for file in palettes + sounds.values { file.discard() }
        sounds = [:]
    }

    private func start(clip k: Int, pass: Int) throws(OutputError) -> FFmpegProcess {
        let palette = palettes.isEmpty ? "" : palettes[k].temporaryPath
        let arguments = FFmpegRecipe.passes(
            for: format, transparent: frames.transparent, palette: palette, loop: loop, keyframeInterval: keyframeInterval)
        let last = pass == arguments.count - 1
        var passArguments = arguments[pass]
        if last, let sound {
            let (path, role) = destination(k)
            let file = try OutputError.files { () throws(FileError) in
                try AtomicFile(replacing: path, role: role + "-sound.wav", followingLinks: followingLinks)
            }
            sounds[k] = file
            let clip = plan.clips[k]
            try OutputError.files { () throws(FileError) in
                try file.write(sound.slice(frames: clip.lowerBound..<(clip.upperBound + 1), fps: frames.fps).wav)
                try file.close()
            }
            passArguments = FFmpegRecipe.tracks(
                ExtraTracks(language: language), format: format, subtitles: nil, sound: file.temporaryPath, around: passArguments)
        }
        return try FFmpegProcess(
            executable: executable, frames: frames, arguments: passArguments,
            outputFile: last ? files[k].temporaryPath : palette, reportedPath: files[k].path)
    }

    /// Collects the clips whose ffmpeg has ended, so that finished
    /// processes do not pile up over a long animation.
    private func reapFinished() throws(OutputError) {
        var still = [FFmpegProcess]()
        for process in closing {
            if process.isRunning { still.append(process) } else { try process.finish(isCancelled: { false }) }
        }
        closing = still
    }
}
