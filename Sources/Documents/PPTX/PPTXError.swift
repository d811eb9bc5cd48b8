/// Why a PowerPoint deck could not be written, with the step or file at
/// fault.
///
/// `description` is one line that names the file but no command-line flag:
/// the command line knows which flag gave the path and adds it.
public enum PPTXError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The frames' size has a side that is not positive: no slide can keep
    /// its aspect.
    case badFrameSize(width: Int, height: Int)
    /// The picture of step `step` (counted from 1), its last frame, is not
    /// PNG bytes.
    case posterNotPNG(step: Int)
    /// A step's clip cannot be opened or read to its end.
    case cannotReadClip(path: String, reason: String)
    /// The deck file cannot be written.
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .badFrameSize(let width, let height):
            "frames of \(width)x\(height) pixels cannot make slides: both sides must be positive"
        case .posterNotPNG(let step):
            "the poster of step \(step) is not a PNG image"
        case .cannotReadClip(let path, let reason):
            "cannot read the clip '\(path)': \(reason)"
        case .cannotWrite(let path, let reason):
            "cannot write the deck '\(path)': \(reason)"
        }
    }
}
