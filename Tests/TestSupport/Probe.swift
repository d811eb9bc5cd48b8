import Foundation

/// ffprobe's view of a video's first stream, for tests of what ffmpeg made.
public struct Probe: Sendable {
    public var frames: Int
    public var width: Int
    public var height: Int
    /// As ffprobe writes it, such as `10/1`.
    public var rate: String

    /// Counts the frames of `path` by decoding them.
    public init(_ path: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0",
            "-show_entries", "stream=nb_read_frames,width,height,r_frame_rate", "-of", "default=nw=1", path,
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let fields = Dictionary(
            text.split(separator: "\n").map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
                .filter { $0.count == 2 }.map { ($0[0], $0[1]) },
            uniquingKeysWith: { first, _ in first })
        frames = Int(fields["nb_read_frames"] ?? "") ?? -1
        width = Int(fields["width"] ?? "") ?? -1
        height = Int(fields["height"] ?? "") ?? -1
        rate = fields["r_frame_rate"] ?? ""
    }
}
