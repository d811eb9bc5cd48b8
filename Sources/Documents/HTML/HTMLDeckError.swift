/// Why an HTML deck could not be written, with the file or value at fault.
///
/// `description` is one line that names no command-line flag: the command
/// line knows which flag gave the value and adds it.
public enum HTMLDeckError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A deck needs at least one slide.
    case noSlides
    case badSize(width: Int, height: Int)
    /// Playing backwards steps one frame at a time: it needs a frame rate.
    case badFrameRate(fps: Double)
    case cannotReadClip(path: String, reason: String)
    /// The closure that takes the page's bytes threw; `reason` is what it threw.
    case cannotWrite(reason: String)

    public var description: String {
        switch self {
        case .noSlides:
            "an HTML deck needs at least one slide"
        case .badSize(let width, let height):
            "an HTML deck needs a positive frame size, not \(width)x\(height)"
        case .badFrameRate(let fps):
            "an HTML deck needs a positive frame rate, not \(fps) fps"
        case .cannotReadClip(let path, let reason):
            "cannot read the clip '\(path)': \(reason)"
        case .cannotWrite(let reason):
            "cannot write the HTML deck: \(reason)"
        }
    }
}
