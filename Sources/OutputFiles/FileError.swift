/// What can stop an output file from being written, replaced or locked,
/// with the path at fault.
///
/// `description` is one line that names the file but no command-line flag:
/// the command line knows which flag gave the path and adds it.
public enum FileError: Error, Equatable, Sendable, CustomStringConvertible {
    case cannotWrite(path: String, reason: String)
    /// The folder that should hold an output does not exist.
    case outputFolderMissing(path: String)
    /// Another job holds the lock of the output `path` (``OutputLock``):
    /// the later of two runs writing one output would replace the other's.
    case outputInUse(path: String)

    /// The file or folder the error is about.
    public var path: String {
        switch self {
        case .cannotWrite(let p, _), .outputFolderMissing(let p), .outputInUse(let p): p
        }
    }

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            "cannot write '\(path)': \(reason)"
        case .outputFolderMissing(let path):
            "output folder '\(path)' does not exist"
        case .outputInUse(let path):
            "'\(path)' is being written by another treeanim run: wait for it to end, or write elsewhere"
        }
    }
}
