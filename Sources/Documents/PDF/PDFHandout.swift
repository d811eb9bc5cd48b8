/// A PDF handout of an animation's steps to print: each step's picture with
/// its label, caption and note, one, four or six steps to an A4 page, and a
/// footer with the title and the page number.
///
///     let handout = PDFHandout(layout: .sixPerPage, font: font, title: "Building a BST")
///     let pdf = try handout.write(steps)   // the bytes of a PDF 1.7 file
///
/// Pictures go in as their PNG data, not re-encoded, at a scale that
/// renders them pixel for pixel (see ``ImagePlacement``). Text is real
/// text in the embedded font, so readers find, copy and extract it, arrows
/// and Greek included. The same steps, font and title always give the same
/// bytes: nothing depends on the date or the machine.
public struct PDFHandout: Sendable {
    public var layout: Layout
    /// The font of every word on the page.
    public var font: PDFFont
    /// Fonts for characters `font` lacks, tried in order (the CJK font for
    /// a Chinese caption), each embedded as a subset of the glyphs used.
    public var fallbacks: [PDFFont]
    /// Printed in every page's footer and recorded as the document's title.
    public var title: String?

    public init(layout: Layout, font: PDFFont, fallbacks: [PDFFont] = [], title: String? = nil) {
        self.layout = layout
        self.font = font
        self.fallbacks = fallbacks
        self.title = title
    }

    /// The PDF file showing `steps` in order, labelled Step 1, Step 2...
    ///
    /// - Complexity: O(*n*) in the size of the pictures and the font.
    public func write(_ steps: [HandoutStep]) throws(PDFHandoutError) -> [UInt8] {
        guard !steps.isEmpty else { throw .noSteps }
        for font in [font] + fallbacks { try Self.checkUnits(of: font) }
        var images = [PNGImageData]()
        for (index, step) in steps.enumerated() {
            images.append(try PNGImageData(png: step.png, step: index + 1))
        }
        let geometry = SheetGeometry.of(layout)
        var setter = TextSetter(fonts: [font] + fallbacks)
        var file = PDFFileWriter()
        let catalog = file.reserve(), pageTree = file.reserve(), info = file.reserve()
        let fontObjects = setter.fonts.map { _ in file.reserve() }
        let fontResources = fontObjects.enumerated().map { "/F\($0.offset + 1) \($0.element)" }.joined(separator: " ")
        let pageCount = layout.pageCount(steps: steps.count)
        var pages = [PDFReference]()
        for page in 0..<pageCount {
            var content = PageContent(pageHeight: geometry.pageHeight)
            var pictures = [String]()
            let first = page * layout.rawValue
            for index in first..<min(first + layout.rawValue, steps.count) {
                let name = "Im\(index + 1)"
                pictures.append("\(PDFSyntax.name(name)) \(file.writeImage(images[index]))")
                drawStep(
                    steps[index], number: index + 1, image: name,
                    placement: placement(ofStep: index, width: images[index].width, height: images[index].height),
                    cell: geometry.cell(index - first), geometry: geometry, setter: &setter, content: &content)
            }
            drawFooter(page: page, of: pageCount, geometry: geometry, setter: &setter, content: &content)
            let contents = file.reserve(), pageObject = file.reserve()
            file.write(contents, stream: Array(content.operators.utf8))
            let size = "\(PDFSyntax.number(geometry.pageWidth)) \(PDFSyntax.number(geometry.pageHeight))"
            file.write(
                pageObject,
                "<< /Type /Page /Parent \(pageTree) /MediaBox [0 0 \(size)] /Resources << /Font << \(fontResources) >>"
                    + " /XObject << \(pictures.joined(separator: " ")) >> >> /Contents \(contents) >>")
            pages.append(pageObject)
        }
        for (index, object) in fontObjects.enumerated() { try file.writeFont(at: object, index, of: setter) }
        file.write(
            pageTree,
            "<< /Type /Pages /Kids [\(pages.map(\.description).joined(separator: " "))] /Count \(pages.count) >>")
        // With a title, viewers show it in the window rather than the file name.
        let preferences = title == nil ? "" : " /ViewerPreferences << /DisplayDocTitle true >>"
        file.write(catalog, "<< /Type /Catalog /Pages \(pageTree)\(preferences) >>")
        file.write(info, "<< \(title.map { "/Title \(PDFSyntax.text($0)) " } ?? "")/Producer (treeanim) >>")
        return file.finish(root: catalog, info: info)
    }

    /// Checks that `font` can be embedded, so that a handout can refuse it
    /// before the frames are drawn: the error ``write(_:)`` would throw for
    /// it, whatever text it sets.
    public static func check(_ font: PDFFont) throws(PDFHandoutError) {
        try checkUnits(of: font)
        _ = try EmbeddedFont(font, glyphs: [])
    }

    private static func checkUnits(of font: PDFFont) throws(PDFHandoutError) {
        guard font.unitsPerEm > 0 else {
            throw .fontNotEmbeddable(font: font.postScriptName, reason: "its units per em are \(font.unitsPerEm)")
        }
    }

    /// Where the picture of step `index` (counted from 0), `width` × `height`
    /// pixels, lands in the handout: see ``ImagePlacement``.
    public func placement(ofStep index: Int, width: Int, height: Int) -> ImagePlacement {
        layout.placement(ofStep: index, width: width, height: height)
    }

    private static let captionGrey = 0.0
    private static let noteGrey = 0.33
    private static let labelGrey = 0.45

    /// Draws a step in its cell: "Step n" above the picture, a hairline frame
    /// around it, then the caption and as much of the note as the cell holds.
    private func drawStep(
        _ step: HandoutStep, number: Int, image: String, placement: ImagePlacement, cell: PageBox,
        geometry: SheetGeometry, setter: inout TextSetter, content: inout PageContent
    ) {
        let picture = placement.box
        // Text runs under the picture, as wide as it, unless the picture is
        // narrow (a tall frame): then it takes three quarters of the cell.
        let column =
            picture.width >= cell.width * 0.75
            ? (x: picture.x, width: picture.width)
            : (x: cell.x + cell.width / 8, width: cell.width * 0.75)
        let ascent = Double(font.ascent) / Double(font.unitsPerEm)
        let descent = -Double(font.descent) / Double(font.unitsPerEm)

        content.text(
            setter.encode("Step \(number)"), x: column.x, baseline: cell.y + geometry.labelSize,
            size: geometry.labelSize, grey: Self.labelGrey)
        // The frame is drawn first and clear of the picture, so no pixel of
        // the picture is touched by it.
        content.frame(picture, distance: 1.25, lineWidth: 0.5, grey: 0.75)
        content.image(image, placement)

        var top = picture.maxY + geometry.gap
        if let caption = step.caption {
            let lines = setter.lines(
                caption, width: column.width, size: geometry.captionSize, limit: geometry.captionLines)
            for (index, line) in lines.enumerated() {
                let baseline = top + ascent * geometry.captionSize + Double(index) * geometry.captionLeading
                content.text(
                    setter.encode(line), x: column.x, baseline: baseline, size: geometry.captionSize,
                    grey: Self.captionGrey)
            }
            if !lines.isEmpty {
                top += Double(lines.count - 1) * geometry.captionLeading + (ascent + descent) * geometry.captionSize
                top += geometry.gap / 2
            }
        }
        if let note = step.note {
            let size = geometry.noteSize
            let room = cell.maxY - top - (ascent + descent) * size
            let limit = room < 0 ? 0 : Int(room / geometry.noteLeading) + 1
            for (index, line) in setter.lines(note, width: column.width, size: size, limit: limit).enumerated() {
                content.text(
                    setter.encode(line), x: column.x,
                    baseline: top + ascent * size + Double(index) * geometry.noteLeading, size: size,
                    grey: Self.noteGrey)
            }
        }
    }

    /// The title at the left of the bottom margin, "page n of m" at the right.
    private func drawFooter(
        page: Int, of pageCount: Int, geometry: SheetGeometry, setter: inout TextSetter, content: inout PageContent
    ) {
        let size = geometry.footerSize
        let baseline = geometry.pageHeight - geometry.footerBaseline
        let number = "page \(page + 1) of \(pageCount)"
        let numberWidth = setter.width(number, size: size)
        let right = geometry.content.maxX
        content.text(
            setter.encode(number), x: right - numberWidth, baseline: baseline, size: size, grey: Self.labelGrey)
        // The footer is one line: a title's own line breaks become spaces,
        // so a title of several lines is not cut at its first.
        let title = title.map { $0.split(whereSeparator: \.isNewline).joined(separator: " ") }
        if let title, let line = setter.lines(
            title, width: geometry.content.width - numberWidth - 4 * size, size: size, limit: 1
        ).first {
            content.text(
                setter.encode(line), x: geometry.content.x, baseline: baseline, size: size, grey: Self.labelGrey)
        }
    }
}
