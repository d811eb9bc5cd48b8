/// Where a step's picture lands on a handout page, in pixels at the one
/// resolution that shows it pixel for pixel.
///
/// Every picture is drawn at 72/``dpi`` points per pixel, ``dpi`` being the
/// least whole number of dots per inch at which the whole picture fits the
/// space its cell gives it, and its top-left corner lies on that
/// resolution's pixel grid. So the page rendered at ``dpi`` (as
/// `pdftoppm -r dpi` does) holds the frame unscaled, its top-left pixel at
/// (``x``, ``y``) counted from the page's top-left corner: a print can be
/// checked against the frames it came from.
///
///     let at = handout.placement(ofStep: 0, width: 1280, height: 720)
///     // one per page: ImagePlacement(page: 0, dpi: 131, x: 126, y: 97, width: 1280, height: 720)
public struct ImagePlacement: Sendable, Hashable {
    /// The page, counted from 0.
    public var page: Int
    public var dpi: Int
    /// The picture's top-left pixel on the page rendered at ``dpi``.
    public var x: Int
    public var y: Int
    /// The picture's size in pixels: the frame's.
    public var width: Int
    public var height: Int

    public init(page: Int, dpi: Int, x: Int, y: Int, width: Int, height: Int) {
        self.page = page
        self.dpi = dpi
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The placement of a `width` × `height` picture as large as fits
    /// `box`, centred across it, at its top.
    init(page: Int, width: Int, height: Int, fitting box: PageBox) {
        let fit = 72 * max(Double(width) / box.width, Double(height) / box.height)
        // The tolerance keeps an exact fit from tipping over to the next
        // whole number through rounding.
        let dpi = max(1, Int((fit - 1e-9).rounded(.up)))
        let points = 72 / Double(dpi)
        let left = box.x + (box.width - Double(width) * points) / 2
        self.init(
            page: page, dpi: dpi, x: Int((left / points).rounded()), y: Int((box.y / points - 1e-9).rounded(.up)),
            width: width, height: height)
    }

    /// The picture's rectangle in points.
    var box: PageBox {
        let points = 72 / Double(dpi)
        return PageBox(
            x: Double(x) * points, y: Double(y) * points, width: Double(width) * points,
            height: Double(height) * points)
    }
}
