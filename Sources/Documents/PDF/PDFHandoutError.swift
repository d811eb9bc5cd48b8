/// Why a PDF handout could not be written, with the step or font at fault.
/// Steps are counted from 1, as the handout labels them.
public enum PDFHandoutError: Error, CustomStringConvertible, Sendable, Hashable {
    /// A handout of no steps would be a document of no pages.
    case noSteps
    /// The step's image does not start with the PNG signature.
    case notPNG(step: Int)
    /// The step's image is a PNG cut short or malformed: `reason` says how.
    case damagedPNG(step: Int, reason: String)
    /// The step's image is a PNG of a `kind` the handout does not embed,
    /// such as `"interlaced"` or `"RGBA, with alpha"`.
    case unsupportedPNG(step: Int, kind: String)
    /// The font file cannot go into the PDF as it is: `reason` says why.
    case fontNotEmbeddable(font: String, reason: String)

    public var description: String {
        switch self {
        case .noSteps:
            "a PDF handout needs at least one step"
        case .notPNG(let step):
            "the image of step \(step) is not a PNG file"
        case .damagedPNG(let step, let reason):
            "the image of step \(step) is a damaged PNG: \(reason)"
        case .unsupportedPNG(let step, let kind):
            "the image of step \(step) is an unsupported PNG (\(kind));"
                + " a PDF handout takes 8-bit RGB PNGs without interlacing (opaque frames)"
        case .fontNotEmbeddable(let font, let reason):
            "cannot embed font \(font) in the PDF handout: \(reason)"
        }
    }
}
