import Geometry

/// The frame as a producer sees it: its shape and its furniture (margins,
/// the caption band, a band along the bottom), never its pixels.
///
/// Stage units are a 720th of the frame's shorter side: one unit is one
/// pixel of a 720p frame, and a layout in stage units draws the same
/// picture at every size of that shape. A producer that sizes text in
/// stage units says how large it is on a 720p slide, the size the
/// legibility floor (14 px at 720p) is stated in. ``scale`` says how many
/// pixels a unit is, for producers whose floors are in pixels of the
/// frame itself (the renderer drops text under 7 px).
///
///     let stage = Stage(FrameSettings(width: 1920, height: 1080))
///     stage.size                       // 1280 × 720
///     stage.scale                      // 1.5
///     stage.viewport(bottomBand: 0.06) // what the camera fits the drawing into
public struct Stage: Sendable, Equatable {
    /// Stage units across the frame's shorter side.
    public static let shortSide = 720.0
    /// The margin round the frame, as a fraction of its shorter side.
    public static let marginFraction = 0.05
    /// The caption's text size, the same fraction; its band is
    /// ``captionLines`` of it high.
    public static let captionFraction = 0.042
    public static let captionLines = 1.6

    /// The frame, in stage units.
    public let size: Size
    /// Whether a caption band sits at the top.
    public let captions: Bool
    /// Pixels a stage unit is.
    public let scale: Double

    /// A stage of `aspect` (width over height), with or without captions.
    public init(aspect: Double = 16.0 / 9.0, captions: Bool = true) {
        size = aspect >= 1
            ? Size(width: Self.shortSide * aspect, height: Self.shortSide)
            : Size(width: Self.shortSide, height: Self.shortSide / aspect)
        self.captions = captions
        scale = 1
    }

    /// The stage of frames drawn with `settings`.
    public init(_ settings: FrameSettings) {
        let w = Double(settings.width), h = Double(settings.height), short = min(w, h)
        size = Size(width: w * Self.shortSide / short, height: h * Self.shortSide / short)
        captions = settings.captions
        scale = short / Self.shortSide
    }

    /// The frame, in pixels.
    public var pixelSize: Size { Size(width: size.width * scale, height: size.height * scale) }

    /// The margin round the frame.
    public var margin: Double { Self.shortSide * Self.marginFraction }

    /// The caption band's height: none without captions.
    public var captionBand: Double { captions ? Self.shortSide * Self.captionFraction * Self.captionLines : 0 }

    /// What the camera has for the drawing: the frame less its margins, the
    /// caption band and a band of `bottomBand` (a fraction of the shorter
    /// side, as ``CameraOptions/bottomBand``) along the bottom.
    public func viewport(bottomBand: Double) -> Rect {
        Rect(
            x: margin, y: margin + captionBand, width: size.width - 2 * margin,
            height: size.height - 2 * margin - captionBand - bottomBand * Self.shortSide)
    }
}
