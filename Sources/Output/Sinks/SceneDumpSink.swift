import OutputFiles
import Synchronization

/// Writes every frame's scene as one line of JSON (``SceneDump``) to a file
/// that replaces `path` only when the job succeeds.
public final class SceneDumpSink: FrameSink {
    public let path: String
    private let file = Mutex<AtomicFile?>(nil)

    /// A sink into `path`, checked (but not made) now.
    public init(path: String) throws(OutputError) {
        try OutputError.files { () throws(FileError) in try OutputPaths.checkFile(path) }
        self.path = path
    }

    public func begin(pass: Int) throws(OutputError) {
        try file.withLock { (file) throws(OutputError) in file = try OutputError.files { () throws(FileError) in try AtomicFile(replacing: path, role: "dump") } }
    }

    public func prepare(_ frame: RenderedFrame, pass: Int) throws(OutputError) -> String {
        SceneDump.line(for: frame.scene) + "\n"
    }

    public func write(_ line: String, of frame: RenderedFrame, pass: Int) throws(OutputError) {
        try file.withLock { (file) throws(OutputError) in try OutputError.files { () throws(FileError) in try file?.write(Array(line.utf8)) } }
    }

    public func finish() throws(OutputError) {
        try file.withLock { (file) throws(OutputError) in try OutputError.files { () throws(FileError) in try file?.finish() } }
    }

    public var destinations: [OutputDestination] { [.file(path)] }

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
