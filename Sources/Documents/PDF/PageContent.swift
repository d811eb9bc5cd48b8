/// The content stream of one page, built from page boxes (y down from the
/// top) and written in PDF's coordinates (y up from the bottom).
///
/// What it draws is marked for a tagged PDF (ISO 32000-1, 14.6–14.8):
/// each piece of the page's content is either part of the document, a
/// marked-content sequence with an id of its own (`MCID`) that a structure
/// element claims, or an artifact (a frame, the footer) that a reader of
/// the document's words skips.
struct PageContent {
    let pageHeight: Double
    private(set) var operators = ""
    /// The page's marked-content sequences that belong to the document, in
    /// the order drawn: the one at index *n* has MCID *n*.
    private(set) var tagged: [TaggedContent] = []
    /// Whether a marked-content sequence is open (they do not nest here).
    private var isMarking = false

    /// A marked-content sequence that a structure element of type `type`
    /// (`P`, `Figure`) claims; `alternative` is a figure's words, and
    /// `bounds` where it lies on the page (`[x0 y0 x1 y1]`, in PDF's
    /// coordinates), which a reader that reflows the page needs of a figure.
    struct TaggedContent: Equatable {
        var type: String
        var alternative: String?
        var bounds: String?
    }

    init(pageHeight: Double) {
        self.pageHeight = pageHeight
    }

    /// Begins a sequence of the document's content that a structure
    /// element of type `type` will claim; ``endMarked()`` ends it.
    mutating func beginTagged(_ type: String, alternative: String? = nil, box: PageBox? = nil) {
        precondition(!isMarking, "marked content does not nest in a handout")
        isMarking = true
        operators += "\(PDFSyntax.name(type)) << /MCID \(tagged.count) >> BDC\n"
        let n = PDFSyntax.number
        let bounds = box.map { "[\(n($0.x)) \(n(pageHeight - $0.maxY)) \(n($0.maxX)) \(n(pageHeight - $0.y))]" }
        tagged.append(TaggedContent(type: type, alternative: alternative, bounds: bounds))
    }

    /// Begins a sequence of content that is not the document's: a frame
    /// or, with `pagination`, the running footer.
    mutating func beginArtifact(pagination: Bool = false) {
        precondition(!isMarking, "marked content does not nest in a handout")
        isMarking = true
        operators += pagination ? "/Artifact << /Type /Pagination >> BDC\n" : "/Artifact BMC\n"
    }

    mutating func endMarked() {
        precondition(isMarking, "no marked content to end")
        isMarking = false
        operators += "EMC\n"
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

    /// Strokes a thin grey line around `box`, `distance` points outside it:
    /// an artifact, not the document's content.
    mutating func frame(_ box: PageBox, distance: Double, lineWidth: Double, grey: Double) {
        beginArtifact()
        defer { endMarked() }
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
