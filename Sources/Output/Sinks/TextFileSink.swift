import OutputFiles
import Synchronization

/// Writes a text made before any frame is drawn (subtitles, a transcript)
/// to a file that replaces `path` only when the job succeeds, with the
/// job's other outputs. It takes no frames.
public final class TextFileSink: FrameSink {
    public let path: String
    private let role: String
    private let text: String
    private let file = Mutex<AtomicFile?>(nil)

    /// A sink writing `text` as UTF-8 to `path`, checked (but not made)
    /// now; `role` names its temporary file.
    public init(path: String, role: String, text: String) throws(OutputError) {
        try OutputError.files { () throws(FileError) in try OutputPaths.checkFile(path) }
        self.path = path
        self.role = role
        self.text = text
    }

    public var takesRepeats: Bool { true }

    public func prepare(_ frame: RenderedFrame, pass: Int) throws(OutputError) {}

    public func write(_ prepared: Void, of frame: RenderedFrame, pass: Int) throws(OutputError) {}

    public func finish() throws(OutputError) {
        try file.withLock { (file) throws(OutputError) in
            let made = try OutputError.files { () throws(FileError) in try AtomicFile(replacing: path, role: role) }
            file = made
            try OutputError.files { () throws(FileError) in
                try made.write(Array(text.utf8))
                try made.finish()
            }
        }
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
