import Foundation

public enum Pipes {
    /// Whether the pipe that process `pid` reads as its standard input is
    /// full, so that whoever writes it is waiting for room: a write end of
    /// the same pipe, opened through /proc, finds none. False when `pid`
    /// is gone or does not read a pipe.
    public static func isFull(readBy pid: Int32) -> Bool {
        let fd = open("/proc/\(pid)/fd/0", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        return poll(&descriptor, 1, 0) == 0
    }

    /// The process id a fake ffmpeg wrote to `path` once it stalled; nil
    /// before it has.
    public static func stalledProcess(recordedIn path: String) -> Int32? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
