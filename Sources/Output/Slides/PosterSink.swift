import Diagram
import OutputFiles
import PNG
import Synchronization

/// `--poster FILE.png`: one frame of the animation as a PNG, the picture a
/// slide or a web page shows before the animation plays.
public final class PosterSink: FrameSink {
    public let path: String
    /// The frame's index in the full animation.
    public let frame: Int
    private let file = Mutex<AtomicFile?>(nil)

    /// A sink writing frame `frame` to `path`; checked (not made) now.
    public init(path: String, frame: Int) throws(OutputError) {
        try OutputError.files { () throws(FileError) in try OutputPaths.checkFile(path) }
        self.path = path
        self.frame = frame
    }

    public var destinations: [OutputDestination] { [.file(path)] }

    public func prepare(_ frame: RenderedFrame, pass: Int) throws(OutputError) -> [UInt8]? {
        guard frame.index == self.frame else { return nil }
        do {
            return try PNGFile.encode(
                premultipliedRGBA: frame.canvas.pixels, width: frame.canvas.width, height: frame.canvas.height,
                options: .default)
        } catch {
            throw .cannotEncodePNG(path: path, reason: error.reason)
        }
    }

    public func write(_ png: [UInt8]?, of frame: RenderedFrame, pass: Int) throws(OutputError) {
        guard let png else { return }
        try file.withLock { (file) throws(OutputError) in
            let made = try OutputError.files { () throws(FileError) in try AtomicFile(replacing: path, role: "poster") }
            file = made
            try OutputError.files { () throws(FileError) in try made.write(png) }
        }
    }

    public func finish() throws(OutputError) {
        try file.withLock { (file) throws(OutputError) in
            guard let file else { throw .cannotMakeDocument(path: path, reason: "frame \(frame) was not rendered") }
            try OutputError.files { () throws(FileError) in try file.finish() }
        }
    }

    public func commit(into log: CommitLog) throws(OutputError) -> WrittenOutput {
        try file.withLock { (file) throws(OutputError) in
            try OutputError.files { () throws(FileError) in try file?.commit(into: log) }
            return WrittenOutput(path: path, bytes: file?.size ?? 0)
        }
    }

    public func cancel() {
        file.withLock { file in
            file?.discard()
            file = nil
        }
    }
}
