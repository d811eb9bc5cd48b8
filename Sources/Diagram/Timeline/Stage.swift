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
///     stage.minimumText                // 14: no label is set smaller
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
    /// The frame, in pixels.
    public let pixelSize: Size
    /// Whether the drawing is shown whole even where its labels then fall
    /// under the legibility floor (`--fit all`): no tour, and a warning
    /// instead. Producers tour what cannot be read at once otherwise.
    public var fitsAll = false
    /// The legibility floor, in stage units: 14 (px at 720p) unless the
    /// frame settings raise or lower it (`--min-label-px`).
    public let legible: Double
    /// The pseudocode panel along the right side, when the animation shows
    /// one: the camera fits the drawing into what it leaves.
    public var code: CodeRoom?

    /// A stage of `aspect` (width over height), with or without captions.
    public init(aspect: Double = 16.0 / 9.0, captions: Bool = true) {
        size = aspect >= 1
            ? Size(width: Self.shortSide * aspect, height: Self.shortSide)
            : Size(width: Self.shortSide, height: Self.shortSide / aspect)
        self.captions = captions
        scale = 1
        pixelSize = size
        legible = Self.legibleText
    }

    /// The stage of frames drawn with `settings`.
    public init(_ settings: FrameSettings) {
        // A frame of no pixels is taken as one, so that the stage is never
        // scaled by zero.
        let w = max(Double(settings.width), 1), h = max(Double(settings.height), 1), short = min(w, h)
        size = Size(width: w * Self.shortSide / short, height: h * Self.shortSide / short)
        captions = settings.captions
        scale = short / Self.shortSide
        pixelSize = Size(width: w, height: h)
        legible = settings.minimumLabel
    }

    /// The smallest text a label may be set in, in stage units, on every
    /// frame: the legibility floor (``legible``, 14 px at 720p), and no
    /// text under 9 pixels of the frame itself, which a thumbnail's floor
    /// would otherwise fall below (the renderer drops text under 7 px).
    public var minimumText: Double { max(legible, 9 / scale) }
    /// The default legibility floor: text of this many stage units is
    /// 14 px on a 720p slide.
    public static let legibleText = 14.0

    /// `length` (stage units) rounded to whole pixels of the frame, and at
    /// least one: a line as thin as it may be drawn crisp.
    public func wholePixels(_ length: Double) -> Double { max(1, (length * scale).rounded()) / scale }

    // The furniture is whole pixels of the frame, so that the caption, the
    // viewport and a band drawn by a producer line up at every size.
    var shortPixels: Double { min(pixelSize.width, pixelSize.height) }
    var marginPixels: Double { (shortPixels * Self.marginFraction).rounded() }
    var captionPixels: Double { max(10, (shortPixels * Self.captionFraction).rounded()) }

    /// The margin round the frame.
    public var margin: Double { marginPixels / scale }

    /// The caption's text size.
    public var captionSize: Double { captionPixels / scale }

    /// The caption band's height: none without captions.
    public var captionBand: Double { captions ? captionSize * Self.captionLines : 0 }

    /// What the camera has for the drawing: the frame less its margins, the
    /// caption band and a band of `bottomBand` (a fraction of the shorter
    /// side, as ``CameraOptions/bottomBand``) along the bottom.
    public func viewport(bottomBand: Double) -> Rect {
        let v = pixelViewport(bottomBand: bottomBand)
        return Rect(x: v.minX / scale, y: v.minY / scale, width: v.width / scale, height: v.height / scale)
    }

    /// The same, in pixels of the frame: what the camera fits the drawing to.
    func pixelViewport(bottomBand: Double) -> Rect {
        codePlacement(bottomBand: bottomBand)?.view ?? pixelColumn(bottomBand: bottomBand)
    }

    /// The frame less its margins, the caption band and the bottom band,
    /// in pixels: the drawing's and the code panel's room together.
    func pixelColumn(bottomBand: Double) -> Rect {
        let w = pixelSize.width, h = pixelSize.height, m = marginPixels
        let band = captions ? captionPixels * Self.captionLines : 0
        let bottom = (bottomBand * shortPixels).rounded()
        // At least a pixel each way, however small the frame: the camera's
        // zoom stays positive.
        return Rect(x: m, y: m + band, width: max(w - 2 * m, 1), height: max(h - 2 * m - band - bottom, 1))
    }

    /// The code panel's box and its text size, in pixels, when the stage
    /// has one. The panel takes the room its listing needs and no more:
    /// as tall as its lines when it stands along the right of the
    /// drawing's room, as wide as its longest line when it lies along the
    /// bottom, at most 60% of the room either way (a line still too long
    /// is cut with "…" where it is drawn). Its text is 2.6% of the shorter
    /// side, smaller only where that leaves the drawing more room, never
    /// under the floor.
    ///
    /// Where it goes: when the room knows its drawing (``CodeRoom/drawing``),
    /// wherever the camera then fits the drawing largest, at the largest
    /// text that does so (a wide tree keeps its width with the panel
    /// below; a tall one its height with the panel beside); else beside
    /// on a wide frame (its room half as wide again as tall, as 16:9 is)
    /// and below on a squarer or a portrait one.
    public func codePanel(bottomBand: Double) -> (frame: Rect, fontSize: Double)? {
        codePlacement(bottomBand: bottomBand).map { ($0.frame, $0.fontSize) }
    }

    /// The panel, and the room it leaves the drawing (pixels): the whole
    /// room when the panel stands over a corner of it, which the drawing
    /// leaves empty as it is or once set a little smaller and pushed to
    /// the corner across from the panel (the camera keeps it clear); the
    /// room beside or above it otherwise.
    func codePlacement(bottomBand: Double) -> (frame: Rect, fontSize: Double, view: Rect)? {
        guard let code else { return nil }
        let room = pixelColumn(bottomBand: bottomBand)
        let floor = (minimumText * scale).rounded(.up)
        // Per character: the font's advance; per panel: padding of 0.8 of
        // the size each side; per row: 1.45 of the size.
        let across = Double(code.columns) * Self.monoAdvance + 1.6
        let down = Double(code.rows) * Self.codeLineHeight + 1.2
        let base = (shortPixels * 0.026).rounded()
        func beside(_ largest: Double) -> (frame: Rect, fontSize: Double) {
            let size = max(floor, min(largest, room.width * 0.5 / across, room.height / down).rounded(.down))
            let width = min(room.width * 0.6, (across * size).rounded(.up))
            let height = min(room.height, (down * size).rounded(.up))
            return (Rect(x: room.maxX - width, y: room.minY, width: width, height: height), size)
        }
        func below(_ largest: Double) -> (frame: Rect, fontSize: Double) {
            let size = max(floor, min(largest, room.width / across, room.height * 0.45 / down).rounded(.down))
            let height = min(room.height * 0.6, (down * size).rounded(.up))
            let width = min(room.width, (across * size).rounded(.up))
            return (Rect(x: room.minX, y: room.maxY - height, width: width, height: height), size)
        }
        guard let drawing = code.drawing else {
            let panel = room.width < 1.4 * room.height ? below(base) : beside(base)
            return (panel.frame, panel.fontSize, leftBy(panel.frame, in: room))
        }
        // The zoom (pixels a layout unit) the camera fits the drawing at
        // in what a panel leaves.
        let most = shortPixels * drawing.maxUnit
        func zoom(_ panel: Rect?) -> Double {
            let view = panel.map { leftBy($0, in: room) } ?? room
            return min(view.width / max(drawing.size.width, 1e-9), view.height / max(drawing.size.height, 1e-9), most)
        }
        let whole = zoom(nil)
        let size = drawing.size
        // The drawing's parts, `gap` round each, where the camera puts
        // them at `fraction` of the zoom it fits the whole room at, in
        // `view` (the drawing centred in it).
        func parts(at fraction: Double, in view: Rect, gap: Double) -> [Rect] {
            let scale = whole * fraction
            let origin = Point(view.center.x - size.width * scale / 2, view.center.y - size.height * scale / 2)
            return drawing.parts.map { p in
                Rect(
                    x: origin.x + p.minX * scale - gap, y: origin.y + p.minY * scale - gap,
                    width: p.width * scale + 2 * gap, height: p.height * scale + 2 * gap)
            }
        }
        // The panel's four corners of the room, at text `size`: top right,
        // bottom right, bottom left, top left.
        func corners(_ size: Double) -> [Rect] {
            let w = (across * size).rounded(.up), h = (down * size).rounded(.up)
            guard !drawing.parts.isEmpty, w <= room.width * 0.6, h <= room.height * 0.6 else { return [] }
            return [
                Rect(x: room.maxX - w, y: room.minY, width: w, height: h), Rect(x: room.maxX - w, y: room.maxY - h, width: w, height: h),
                Rect(x: room.minX, y: room.maxY - h, width: w, height: h), Rect(x: room.minX, y: room.minY, width: w, height: h),
            ]
        }
        let centred = parts(at: 1, in: room, gap: marginPixels)
        var best: (panel: (frame: Rect, fontSize: Double, view: Rect), kept: Double)?
        // Larger text first, a free corner before beside before below, so
        // that of panels that keep the drawing alike the first wins.
        for size in stride(from: max(base, floor), through: floor, by: -1) {
            if let corner = corners(size).first(where: { c in !centred.contains { $0.intersects(c) } }) {
                return (corner, size, room)
            }
            for panel in [beside(size), below(size)] {
                // Kept to the hundredth: a panel that keeps the drawing
                // a hair larger does not win over larger code.
                let kept = (min(zoom(panel.frame) / whole, 1) * 100).rounded(.down)
                if best == nil || kept > best!.kept { best = ((panel.frame, panel.fontSize, leftBy(panel.frame, in: room)), kept) }
            }
        }
        // A corner the drawing leaves empty once set a little smaller and
        // pushed to the corner across from it (a graph whose rows and
        // union-find forest fill the room's right side down to just over
        // the panel's height): taken where that keeps the drawing larger
        // than beside or below does, at the largest text it allows.
        let drawn = Size(width: size.width * whole, height: size.height * whole)
        for percent in stride(from: 99, to: best?.kept ?? 0, by: -1) {
            let fraction = Double(percent) / 100
            let w = (drawn.width * fraction).rounded(.down), h = (drawn.height * fraction).rounded(.down)
            for size in stride(from: max(base, floor), through: floor, by: -1) {
                for corner in corners(size) {
                    let view = Rect(
                        x: corner.center.x < room.center.x ? room.maxX - w : room.minX,
                        y: corner.center.y < room.center.y ? room.maxY - h : room.minY, width: w, height: h)
                    // Half a margin from the parts, as beside: the
                    // panel's own padding makes the rest.
                    let clear = !parts(at: fraction, in: view, gap: (marginPixels / 2).rounded()).contains { $0.intersects(corner) }
                    // The camera keeps each step's elements clear of it
                    // (FrameGeometry.camera(fitting:clearing:)): a step
                    // that shows less than the whole drawing may show it
                    // larger than this.
                    if clear { return (corner, size, room) }
                }
            }
        }
        return best?.panel
    }

    /// What `panel` leaves of `room` for the drawing: the room above it
    /// when it lies along the bottom, else the room to its left, half a
    /// margin's gap from it either way (the panel's own padding and the
    /// camera's round the drawing make the rest).
    func leftBy(_ panel: Rect, in room: Rect) -> Rect {
        let gap = (marginPixels / 2).rounded()
        if panel.minX <= room.minX {
            return Rect(x: room.minX, y: room.minY, width: room.width, height: max(panel.minY - gap - room.minY, 1))
        }
        return Rect(x: room.minX, y: room.minY, width: max(panel.minX - gap - room.minX, 1), height: room.height)
    }

    /// DejaVu Sans Mono's advance, as a fraction of its size.
    public static let monoAdvance = 0.602
    /// A code line's height, as a fraction of its size.
    public static let codeLineHeight = 1.45
}
