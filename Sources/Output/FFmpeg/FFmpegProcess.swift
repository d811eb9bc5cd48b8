import CPipe
import Foundation
import OutputFiles
import Synchronization

/// A running ffmpeg that reads raw frames (straight-alpha RGBA, or the
/// ``PipePixels`` format its recipe takes) on its standard input and
/// encodes them into one file.
///
/// It can always be stopped, whatever ffmpeg does: its input pipe does not
/// block, so a write into a pipe that ffmpeg has stopped reading waits in
/// `poll(2)` and asks whether to give up, and stopping ffmpeg escalates
/// from SIGTERM to SIGKILL when it does not exit within ``grace``.
///
/// Used by one thread at a time, inside its sink's lock.
final class FFmpegProcess {
    /// How long ffmpeg has to exit after SIGTERM before it is killed:
    /// enough to remove its own temporary files, short enough that an
    /// interrupt ends a run within a second or two.
    static let grace: Duration = .seconds(1)

    /// How often a write that waits for ffmpeg asks whether to give up.
    private static let pollMilliseconds: Int32 = 50

    /// The output as the user named it, for messages: ffmpeg itself writes
    /// a temporary file.
    private let reportedPath: String
    private let process: ChildProcess
    private let input = Pipe()
    private let log = FFmpegLog()
    private var stopped = false
    /// What the pipe holds at most, in bytes; 0 where it cannot be read.
    private let capacity: Int
    /// Bytes sent so far.
    private var sent = 0
    /// Frames given to the pipe by reference, with the count of bytes sent
    /// when each ended: a frame may still be in the pipe until `capacity`
    /// bytes have followed it, so it is kept alive (and unchanged) until then.
    private var lent: [(frame: PipeFrame, end: Int)] = []

    /// Starts ffmpeg with the frame input of `frames`, then `arguments` (a
    /// pass of an ``FFmpegRecipe``), writing `outputFile`.
    init(
        executable: String, frames: FrameFormat, pixels: PipePixels = .rgba, arguments: [String], outputFile: String,
        reportedPath: String
    ) throws(OutputError) {
        self.reportedPath = reportedPath
        // A closed pipe must come back as an error we can report, not kill us.
        signal(SIGPIPE, SIG_IGN)
        let arguments =
            ["-hide_banner", "-loglevel", "error", "-y",
             "-f", "rawvideo", "-pix_fmt", pixels.ffmpegName, "-s", "\(frames.width)x\(frames.height)",
             "-framerate", FFmpegRecipe.rate(frames.fps),
             // Reads of half a frame: ffmpeg's 32 kB default costs a
             // hundred system calls a frame, and a block of a whole frame
             // or more makes ffmpeg read into its own buffer and copy the
             // frame out (5.6 s against 0.7 s for 600 frames of palettegen),
             // where a smaller block reads straight into the frame.
             "-blocksize", String(max(1, (pixels.frameBytes(width: frames.width, height: frames.height) + 1) / 2)),
             "-i", "pipe:0"]
            + arguments + [outputFile]
        // A pipe holds 64 kB by default, a sixtieth of a 720p frame: ffmpeg
        // and we would take turns thousands of times a second. A larger one
        // (best effort: the system may cap it) lets each side run on.
        let fd = input.fileHandleForWriting.fileDescriptor
        cpipe_set_capacity(fd, 1 << 20)
        capacity = max(cpipe_capacity(fd), 0)
        // Only our end: ffmpeg's end is another open file and still blocks.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        let errors = Pipe()
        // Its own process group, so that what it starts stops with it.
        do throws(ChildProcessError) {
            process = try ChildProcess(
                executable: executable, arguments: arguments, input: input.fileHandleForReading.fileDescriptor,
                error: errors.fileHandleForWriting.fileDescriptor, ownGroup: true)
        } catch {
            throw .ffmpegDidNotStart(executable: executable, reason: error.reason)
        }
        // ffmpeg's ends: held open here, they would keep its input from
        // ending and its messages from reaching their end.
        try? input.fileHandleForReading.close()
        try? errors.fileHandleForWriting.close()
        log.collect(from: errors.fileHandleForReading)
    }

    /// Sends one frame by reference where the system allows (Linux's
    /// vmsplice(2)): the pipe holds the frame's pages, not a copy, and
    /// ffmpeg's read is the one copy the bytes make, where `write(2)` makes
    /// two and costs several times as much (about 4 s against 0.7 s for the
    /// 7.2 GB of the default animation's frames). The frame is kept until
    /// ffmpeg has read it. Otherwise as ``write(_:isCancelled:)``.
    func give(_ frame: PipeFrame, isCancelled: () -> Bool) throws(OutputError) {
        // Kept from before the first byte goes in: a send that is
        // interrupted half way leaves part of the frame in the pipe.
        lent.append((frame, sent + frame.bytes.count))
        try send(frame.bytes, isCancelled: isCancelled) { cpipe_give($0, $1, $2) }
        sent += frame.bytes.count
        // Frames that `capacity` bytes have followed are out of the pipe.
        let settled = lent.prefix { sent - $0.end >= capacity }.count
        lent.removeFirst(settled)
    }

    /// Sends one frame. While the pipe is full it waits for ffmpeg to read,
    /// and throws ``OutputError/interrupted`` as soon as `isCancelled` says
    /// so, ffmpeg still running: the job's clean-up stops it.
    func write(_ frame: [UInt8], isCancelled: () -> Bool) throws(OutputError) {
        let result = frame.withUnsafeBytes { raw in
            Result { () throws(OutputError) in try send(raw, isCancelled: isCancelled) { Foundation.write($0, $1, $2) } }
        }
        try result.get()
        sent += frame.count
    }

    /// Puts `bytes` into the pipe with `put` (a write(2)-like call on a
    /// descriptor that does not block), waiting while the pipe is full.
    private func send(
        _ bytes: UnsafeRawBufferPointer, isCancelled: () -> Bool,
        put: (Int32, UnsafeRawPointer, Int) -> Int
    ) throws(OutputError) {
        let fd = input.fileHandleForWriting.fileDescriptor
        // Not nil: frames are never empty.
        let base = bytes.baseAddress!
        var offset = 0
        while offset < bytes.count {
            let written = put(fd, base + offset, bytes.count - offset)
            if written >= 0 {
                offset += written
            } else if errno == EAGAIN || errno == EINTR {
                if isCancelled() { throw .interrupted }
                var wait = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                _ = poll(&wait, 1, Self.pollMilliseconds)
            } else {
                throw failure()
            }
        }
    }

    /// Whether ffmpeg has not ended yet.
    var isRunning: Bool { process.isRunning }

    /// Closes ffmpeg's input, so that it finishes the file while we go on;
    /// ``finish(isCancelled:)`` then waits for it.
    func closeInput() {
        try? input.fileHandleForWriting.close()
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

    /// Stops ffmpeg, and kills it if it is still running after ``grace``;
    /// its file is the sink's to remove. What ffmpeg started stops with it,
    /// so that nothing holds the pipes open.
    func cancel() {
        guard !stopped else { return }
        try? input.fileHandleForWriting.close()
        if process.isRunning {
            signalGroup(SIGTERM)
            let clock = ContinuousClock(), deadline = clock.now + Self.grace
            while process.isRunning, clock.now < deadline { usleep(10_000) }
            if process.isRunning { signalGroup(SIGKILL) }
        }
        _ = waitForExit()
    }

    /// Sends `signal` to ffmpeg and what it started: it leads its own
    /// process group.
    private func signalGroup(_ signal: Int32) {
        process.send(signal)
    }

    /// Closes ffmpeg's input and waits for it to end; its exit status.
    private func waitForExit() -> Int32 {
        stopped = true
        try? input.fileHandleForWriting.close()
        let status = process.waitUntilExit()
        // The pipe is gone with ffmpeg: nothing reads the frames now.
        lent.removeAll()
        return status
    }

    /// How ffmpeg failed, in its own words, once it has ended.
    private func failure() -> OutputError {
        .ffmpegFailed(path: reportedPath, status: waitForExit(), output: log.text())
    }
}
