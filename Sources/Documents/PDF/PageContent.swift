/// The content stream of one page, built from page boxes (y down from the
/// top) and written in PDF's coordinates (y up from the bottom).
struct PageContent {
    let pageHeight: Double
    private(set) var operators = ""

    init(pageHeight: Double) {
        self.pageHeight = pageHeight
    }

    /// Draws the image XObject `name` where `placement` says.
    mutating func image(_ name: String, _ placement: ImagePlacement) {
        // Drawn a hundredth of a pixel inside its place on every side:
        // poppler rounds an image's far edges up to the next pixel, so an
        // image that ends exactly on a pixel boundary would be stretched by
        // one pixel and resampled. Inset, it is copied pixel for pixel.
        let inset = 0.01 * 72 / Double(placement.dpi)
        let box = placement.box
        let n = PDFSyntax.number
        let width = box.width - 2 * inset, height = box.height - 2 * inset
        let x = box.x + inset, y = pageHeight - box.maxY + inset
        operators += "q \(n(width)) 0 0 \(n(height)) \(n(x)) \(n(y)) cm \(PDFSyntax.name(name)) Do Q\n"
    }

    /// Strokes a thin grey line around `box`, `distance` points outside it.
    mutating func frame(_ box: PageBox, distance: Double, lineWidth: Double, grey: Double) {
        let n = PDFSyntax.number
        let outer = PageBox(
            x: box.x - distance, y: box.y - distance, width: box.width + 2 * distance,
            height: box.height + 2 * distance)
        let rectangle = "\(n(outer.x)) \(n(pageHeight - outer.maxY)) \(n(outer.width)) \(n(outer.height)) re"
        operators += "q \(n(lineWidth)) w \(n(grey)) G \(rectangle) S Q\n"
    }

    /// Shows `runs` (from ``TextSetter/encode(_:)``), each in its font
    /// (`/F1` the label font, `/F2`… the fallbacks) at `size`, one after
    /// the other from `x` on the baseline `baseline`.
    mutating func text(_ runs: [(font: Int, glyphs: String)], x: Double, baseline: Double, size: Double, grey: Double) {
        let n = PDFSyntax.number
        operators += "BT \(n(grey)) g \(n(x)) \(n(pageHeight - baseline)) Td"
        for run in runs { operators += " /F\(run.font + 1) \(n(size)) Tf \(run.glyphs) Tj" }
        operators += " ET\n"
    }
}
