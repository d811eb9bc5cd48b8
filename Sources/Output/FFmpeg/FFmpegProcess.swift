import Foundation
import Synchronization

/// A running ffmpeg that reads raw straight-alpha RGBA frames on its
/// standard input and encodes them into one file.
///
/// Used by one thread at a time, inside its sink's lock.
final class FFmpegProcess {
    /// The output as the user named it, for messages: ffmpeg itself writes
    /// a temporary file.
    private let reportedPath: String
    private let process = Process()
    private let input = Pipe()
    private let log = FFmpegLog()
    private var stopped = false

    /// Starts ffmpeg with the frame input of `frames`, then `arguments` (a
    /// pass of an ``FFmpegRecipe``), writing `outputFile`.
    init(
        executable: String, frames: FrameFormat, arguments: [String], outputFile: String, reportedPath: String
    ) throws(OutputError) {
        self.reportedPath = reportedPath
        // A closed pipe must come back as an error we can report, not kill us.
        signal(SIGPIPE, SIG_IGN)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments =
            ["-hide_banner", "-loglevel", "error", "-y",
             "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "\(frames.width)x\(frames.height)",
             "-framerate", FFmpegRecipe.rate(frames.fps),
             // Whole frames per read: ffmpeg's 32 kB default costs a
             // hundred system calls a frame.
             "-blocksize", String(frames.width * frames.height * 4), "-i", "pipe:0"]
            + arguments + [outputFile]
        process.standardInput = input
        // A pipe holds 64 kB by default, a sixtieth of a 720p frame: ffmpeg
        // and we would take turns thousands of times a second. A larger one
        // (best effort: the system may cap it) lets each side run on.
        #if os(Linux)
        // F_SETPIPE_SZ, which Glibc exports only under _GNU_SOURCE.
        let setPipeSize: Int32 = 1031
        _ = fcntl(input.fileHandleForWriting.fileDescriptor, setPipeSize, Int32(1 << 20))
        #endif
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .ffmpegDidNotStart(executable: executable, reason: error.localizedDescription)
        }
        log.collect(from: errors.fileHandleForReading)
    }

    /// Sends one frame.
    func write(_ frame: [UInt8]) throws(OutputError) {
        do {
            try input.fileHandleForWriting.write(contentsOf: frame)
        } catch {
            throw failure()
        }
    }

    /// Closes ffmpeg's input and waits for it to write the file. A
    /// cancellation while ffmpeg flushes its last frames stops it.
    func finish(isCancelled: @Sendable () -> Bool) throws(OutputError) {
        try? input.fileHandleForWriting.close()
        while process.isRunning {
            if isCancelled() {
                cancel()
                throw .interrupted
            }
            usleep(10_000)
        }
        guard waitForExit() == 0 else { throw failure() }
    }

    /// Stops ffmpeg; its file is the sink's to remove.
    func cancel() {
        guard !stopped else { return }
        if process.isRunning { process.terminate() }
        _ = waitForExit()
    }

    /// Closes ffmpeg's input and waits for it to end; its exit status.
    private func waitForExit() -> Int32 {
        stopped = true
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// How ffmpeg failed, in its own words, once it has ended.
    private func failure() -> OutputError {
        .ffmpegFailed(path: reportedPath, status: waitForExit(), output: log.text())
    }
}
