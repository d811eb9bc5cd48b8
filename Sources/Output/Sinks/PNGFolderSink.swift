import Foundation
import OutputFiles
import PNG
import Synchronization

/// Writes each frame as `frame_00042.png`, numbered as in the full
/// animation, into a folder that it makes if missing (but not its parents).
/// Each frame carries its ``FrameStamp`` when given one, and the sink
/// refuses a folder that holds frames of another animation, unless told to
/// replace them: then they go when the job commits.
///
/// Frames are encoded on the worker threads, written under temporary names
/// in frame order, and renamed into place together by `commit(into:)`, so
/// a failed job leaves the folder as it found it: its ``CommitLog`` puts
/// back the frames the new ones replaced, and `cancel` removes the folder
/// if the job made it and nothing else is in it.
public final class PNGFolderSink: FrameSink {
    /// The folder, without a trailing slash.
    public let folder: String
    public let options: PNGOptions
    public let stamp: FrameStamp?
    private let replacingOtherFrames: Bool
    private let state = Mutex(State())

    private struct State {
        /// Frames already in the folder that belong to another animation
        /// (or to none known), found when the job begins (after it has
        /// taken back what a killed run left): removed at commit, unless
        /// this run writes them anew.
        var foreign: [Int] = []
        var madeFolder = false
        var frames: [AtomicFile] = []
        var written = Set<Int>()
        var bytes = 0
    }

    /// A sink into `folder`, checked (but not made) now. With a `stamp`, a
    /// folder that already holds frames not stamped alike is refused when
    /// the job begins, unless `replacingOtherFrames`.
    public init(
        folder: String, options: PNGOptions = .default, stamp: FrameStamp? = nil, replacingOtherFrames: Bool = false
    ) throws(OutputError) {
        let trimmed = OutputPaths.trimmed(folder)
        try OutputError.files { () throws(FileError) in try OutputPaths.checkFolder(trimmed) }
        self.folder = trimmed
        self.options = options
        self.stamp = stamp
        self.replacingOtherFrames = replacingOtherFrames
    }

    /// The indices of the frames in `folder` that are not stamped with
    /// `stamp`'s fingerprint, in order.
    static func frames(in folder: String, notStamped stamp: FrameStamp) -> [Int] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter(isFrameName).compactMap { name -> Int? in
            let index = Int(name.dropFirst("frame_".count).dropLast(".png".count))
            let found = FrameStamp.read(atPath: "\(folder)/\(name)")
            return found?.stamp == stamp && found?.frame == index ? nil : index
        }.sorted()
    }

    /// The file name of frame `index`: five digits, more when needed.
    public static func fileName(of index: Int) -> String {
        let digits = String(index)
        return "frame_" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// Whether `name` is the name of a frame, of any index.
    public static func isFrameName(_ name: String) -> Bool {
        guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return false }
        return Int(name.dropFirst("frame_".count).dropLast(".png".count)).map { fileName(of: $0) == name } ?? false
    }

    public var destinations: [OutputDestination] { [.folder(folder, holds: Self.isFrameName)] }

    public func begin(pass: Int) throws(OutputError) {
        try state.withLock { (state) throws(OutputError) in
            let foreign = stamp.map { Self.frames(in: folder, notStamped: $0) } ?? []
            if let first = foreign.first, !replacingOtherFrames {
                throw .folderHoldsOtherFrames(path: folder, example: Self.fileName(of: first), count: foreign.count)
            }
            // Stale frames are removed only where the user may write them,
            // found now rather than after the render.
            for index in foreign { try OutputError.files { () throws(FileError) in try AtomicFile.checkReplaceable(path(of: index)) } }
            state.foreign = foreign
            guard !FileManager.default.fileExists(atPath: folder) else { return }
            // Another part of the animation may make it first.
            if mkdir(folder, 0o755) == 0 {
                state.madeFolder = true
            } else {
                let error = errno
                if error != EEXIST || !OutputPaths.isFolder(folder) {
                    throw .cannotWrite(path: folder, reason: AtomicFile.reason(error))
                }
            }
        }
    }

    /// A held frame is the frame before it with its own stamp.
    public var takesRepeats: Bool { true }

    public func prepare(_ frame: RenderedFrame, pass: Int) throws(OutputError) -> (png: [UInt8], index: Int) {
        var options = options
        if let stamp { options.text.append(stamp.text(frame: frame.index)) }
        do {
            let png = try PNGFile.encode(
                premultipliedRGBA: frame.canvas.pixels, width: frame.canvas.width, height: frame.canvas.height,
                options: options)
            return (png, frame.index)
        } catch {
            throw .cannotEncodePNG(path: path(of: frame.index), reason: error.reason)
        }
    }

    public func write(_ prepared: (png: [UInt8], index: Int), of frame: RenderedFrame, pass: Int) throws(OutputError) {
        var png = prepared.png
        // A repeated frame: the same pixels, with this frame's stamp.
        if prepared.index != frame.index, let stamp {
            guard let restamped = PNGFile.replacingText(stamp.text(frame: frame.index), in: png) else {
                throw .cannotEncodePNG(path: path(of: frame.index), reason: "the frame before it has no stamp to replace")
            }
            png = restamped
        }
        let path = path(of: frame.index)
        try state.withLock { (state) throws(OutputError) in
            let file = try OutputError.files { () throws(FileError) in try AtomicFile(replacing: path, role: "frame", followingLinks: false) }
            state.frames.append(file)
            state.written.insert(frame.index)
            try OutputError.files { () throws(FileError) in try file.write(png) }
            try OutputError.files { () throws(FileError) in try file.close() }
            state.bytes += png.count
        }
    }

    public func finish() throws(OutputError) {
        try state.withLock { (state) throws(OutputError) in
            for file in state.frames { try OutputError.files { () throws(FileError) in try file.finish() } }
        }
    }

    public func commit(into log: CommitLog) throws(OutputError) -> WrittenOutput {
        try state.withLock { (state) throws(OutputError) in
            for file in state.frames { try OutputError.files { () throws(FileError) in try file.commit(into: log) } }
            for index in state.foreign where !state.written.contains(index) { try OutputError.files { () throws(FileError) in try log.remove(path(of: index)) } }
            return WrittenOutput(path: folder, bytes: state.bytes)
        }
    }

    /// Removes the temporary frames, and the folder if this job made it and
    /// it is empty: frames in place are the log's to take back, which the
    /// job does first, and a file someone else put there keeps the folder.
    public func cancel() {
        state.withLock { state in
            for file in state.frames { file.discard() }
            if state.madeFolder { rmdir(folder) }
            state = State()
        }
    }

    private func path(of index: Int) -> String {
        "\(folder)/\(Self.fileName(of: index))"
    }
}
