import Foundation
import Synchronization

/// The ffmpeg recipe for each format, shared by the in-process encoder and
/// `scripts/stitch.sh` (which spells out the same arguments).
public enum FFmpegRecipe {
    /// The encoding passes for `format`: the arguments that follow the frame
    /// input, before the output path, one array a pass.
    ///
    /// GIF takes two passes over the same frames: the first builds a palette
    /// from the pixels that change (`palettegen=stats_mode=diff`) into
    /// `palette`, the second maps the frames onto it with an ordered Bayer
    /// dither, which is deterministic and does not crawl between frames the
    /// way error diffusion does. ffmpeg's one-pass `split` form of the same
    /// filters gives the same file but holds every frame in memory until the
    /// palette is done (4.6 GB for ten inserts at 720p); rendering twice
    /// costs about a millisecond a frame. MP4: H.264 at CRF 18 in yuv420p,
    /// tuned for flat animation, with the index up front so a browser starts
    /// playing at once. WebM: VP9, with alpha when the frames are transparent.
    public static func passes(for format: VideoFormat, transparent: Bool, palette: String) -> [[String]] {
        switch format {
        case .gif:
            [
                ["-vf", "palettegen=stats_mode=diff", "-update", "1", "-f", "image2", "-c:v", "png"],
                [
                    "-i", palette, "-lavfi", "[0:v][1:v]paletteuse=dither=bayer:bayer_scale=4:diff_mode=rectangle",
                    "-loop", "0", "-f", "gif",
                ],
            ]
        case .mp4:
            [[
                "-c:v", "libx264", "-preset", "medium", "-tune", "animation", "-crf", "18",
                "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4",
            ]]
        case .webm:
            [[
                "-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0", "-row-mt", "1", "-deadline", "good",
                "-cpu-used", "4", "-pix_fmt", transparent ? "yuva420p" : "yuv420p", "-f", "webm",
            ]]
        }
    }

    /// The first `ffmpeg` on `PATH`, if any.
    public static func locate(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/ffmpeg"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// A running ffmpeg that reads raw straight-alpha RGBA frames on its standard
/// input and encodes them to a temporary file beside the output, renamed into
/// place only when ffmpeg succeeds.
final class FFmpegEncoder: @unchecked Sendable {
    // @unchecked: used by one writer thread at a time; the stderr text is
    // behind its own lock.
    let outputPath: String
    private let temporaryPath: String
    private let process = Process()
    private let input = Pipe()
    private let errors = Pipe()
    private let errorText = Mutex("")
    private let drained = DispatchGroup()
    private var finished = false

    init(
        executable: String, width: Int, height: Int, fps: Double, arguments: [String], outputPath: String
    ) throws(TreeAnimError) {
        self.outputPath = outputPath
        temporaryPath = TemporaryFile.path(beside: outputPath, role: "video")
        // A closed pipe must come back as an error we can report, not kill us.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments =
            ["-hide_banner", "-loglevel", "error", "-y",
             "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(width)x\(height)", "-framerate", FFmpegEncoder.rate(fps),
             // Whole frames per read: ffmpeg's 32 kB default costs a
             // hundred system calls a frame.
             "-blocksize", String(width * height * 4), "-i", "pipe:0"]
            + arguments + [temporaryPath]
        process.standardInput = input
        // A pipe holds 64 kB by default, a sixtieth of a 720p frame: ffmpeg
        // and we would take turns thousands of times a second. A larger one
        // (best effort: the system may cap it) lets each side run on.
        #if os(Linux)
        // F_SETPIPE_SZ, which Glibc exports only under _GNU_SOURCE.
        let setPipeSize: Int32 = 1031
        _ = fcntl(input.fileHandleForWriting.fileDescriptor, setPipeSize, Int32(1 << 20))
        #endif
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .ffmpegFailed(status: -1, output: "could not start \(executable): \(error.localizedDescription)")
        }
        DispatchQueue.global().async(group: drained) { [self] in
            let data = (try? errors.fileHandleForReading.readToEnd()) ?? Data()
            errorText.withLock { $0 = String(decoding: data, as: UTF8.self) }
        }
    }

    /// The frame rate as ffmpeg reads it: whole numbers plainly, others as a
    /// fraction over 1000.
    static func rate(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : "\(Int((fps * 1000).rounded()))/1000"
    }

    /// Sends one frame.
    func write(_ bytes: [UInt8]) throws(TreeAnimError) {
        let fd = input.fileHandleForWriting.fileDescriptor
        let failed: Bool = bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                offset += n
            }
            return false
        }
        if failed { throw failure() }
    }

    /// Closes ffmpeg's input, waits for it, and moves the file into place.
    /// A cancellation while ffmpeg flushes its last frames stops it.
    func finish(isCancelled: () -> Bool) throws(TreeAnimError) {
        try? input.fileHandleForWriting.close()
        while process.isRunning {
            if isCancelled() {
                cancel()
                throw .interrupted
            }
            usleep(10_000)
        }
        finished = true
        process.waitUntilExit()
        drained.wait()
        guard process.terminationStatus == 0 else {
            let error = failure()
            TemporaryFile.remove(temporaryPath)
            throw error
        }
        if rename(temporaryPath, outputPath) != 0 {
            let reason = String(cString: strerror(errno))
            TemporaryFile.remove(temporaryPath)
            throw .cannotWrite(path: outputPath, reason: reason)
        }
    }

    /// Stops ffmpeg and removes its partial output.
    func cancel() {
        guard !finished else { return }
        finished = true
        if process.isRunning { process.terminate() }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        drained.wait()
        TemporaryFile.remove(temporaryPath)
    }

    private func failure() -> TreeAnimError {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        drained.wait()
        return .ffmpegFailed(status: process.terminationStatus, output: errorText.withLock { $0 })
    }
}

/// Temporary files live beside their final path, so the last step is a
/// rename within one file system, which is atomic. The name carries the
/// process and the file's role, so two files of one job never share it.
enum TemporaryFile {
    static func path(beside path: String, role: String) -> String {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(dir).\(name).tmp-\(getpid())-\(role)"
    }

    static func remove(_ path: String) {
        unlink(path)
    }
}
