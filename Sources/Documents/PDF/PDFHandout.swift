/// A PDF handout of an animation's steps to print: each step's picture with
/// its label, caption and note, one, four or six steps to an A4 page, and a
/// footer with the title and the page number.
///
///     let handout = PDFHandout(layout: .sixPerPage, font: font, title: "Building a BST")
///     let pdf = try handout.write(steps)   // the bytes of a PDF 1.7 file
///
/// A lecture's text slide is printed as its text, in a frame the size of
/// a picture; a question as its picture with the question for caption. A
/// ``worksheet`` asks rather than tells: each question is followed by an
/// empty frame for the answer, the step that answers it is left out, and
/// the answers close the handout, from a new page, under "Answer key".
///
/// Pictures go in as their PNG data, not re-encoded, at a scale that
/// renders them pixel for pixel (see ``ImagePlacement``). Text is real
/// text in the embedded font, so readers find, copy and extract it, arrows
/// and Greek included. The same steps, font and title always give the same
/// bytes: nothing depends on the date or the machine.
///
/// The handout is a tagged PDF, for readers who cannot see it: each
/// picture is a figure whose alternative text is the step's description
/// (else its caption), each label, caption, note and text slide a
/// paragraph, in the order they read; frames and the footer are marked as
/// artifacts, not the document's words. Its language is ``language``.
public struct PDFHandout: Sendable {
    public var layout: Layout
    /// The font of every word on the page.
    public var font: PDFFont
    /// Fonts for characters `font` lacks, tried in order (the CJK font for
    /// a Chinese caption), each embedded as a subset of the glyphs used.
    public var fallbacks: [PDFFont]
    /// Printed in every page's footer and recorded as the document's title.
    public var title: String?
    /// A worksheet for the room: questions with room for their answers,
    /// the answers at the end (see the type's summary).
    public var worksheet: Bool
    /// The language of the handout's words, a BCP 47 tag (`en`, `zh`):
    /// the document's `/Lang`, which tells a screen reader how to say them.
    public var language: String?

    public init(
        layout: Layout, font: PDFFont, fallbacks: [PDFFont] = [], title: String? = nil, worksheet: Bool = false,
        language: String? = nil
    ) {
        self.layout = layout
        self.font = font
        self.fallbacks = fallbacks
        self.title = title
        self.worksheet = worksheet
        self.language = language
    }

    /// The PDF file showing `steps` in order, labelled Step 1, Step 2...
    ///
    /// Every step's picture must be a PNG the handout takes, a text
    /// slide's too (its size sets the text's frame).
    ///
    /// - Complexity: O(*n*) in the size of the pictures and the font.
    public func write(_ steps: [HandoutStep]) throws(PDFHandoutError) -> [UInt8] {
        guard !steps.isEmpty else { throw .noSteps }
        for font in [font] + fallbacks { try Self.checkUnits(of: font) }
        var images = [PNGImageData]()
        for (index, step) in steps.enumerated() {
            images.append(try PNGImageData(png: step.png, step: index + 1))
        }
        let cells = HandoutCell.plan(steps, perPage: layout.rawValue, worksheet: worksheet)
        let geometry = SheetGeometry.of(layout)
        var setter = TextSetter(fonts: [font] + fallbacks)
        var file = PDFFileWriter()
        let catalog = file.reserve(), pageTree = file.reserve(), info = file.reserve()
        let fontObjects = setter.fonts.map { _ in file.reserve() }
        let fontResources = fontObjects.enumerated().map { "/F\($0.offset + 1) \($0.element)" }.joined(separator: " ")
        let pageCount = (cells.count + layout.rawValue - 1) / layout.rawValue
        var pages = [PDFReference]()
        var structure = StructureTree()
        for page in 0..<pageCount {
            var content = PageContent(pageHeight: geometry.pageHeight)
            var pictures = [String]()
            let first = page * layout.rawValue
            for index in first..<min(first + layout.rawValue, cells.count) {
                let cell = geometry.cell(index - first)
                let place = { (step: Int) in
                    layout.placement(ofStep: index, width: images[step].width, height: images[step].height)
                }
                switch cells[index] {
                case .picture(let step, let label, let texts):
                    let name = "Im\(step + 1)"
                    pictures.append("\(PDFSyntax.name(name)) \(file.writeImage(images[step]))")
                    let words = steps[step].description ?? steps[step].caption ?? steps[step].question ?? label
                    drawPicture(
                        name, alternative: words, placement: place(step), label: label, texts: texts, cell: cell,
                        geometry: geometry, setter: &setter, content: &content)
                case .text(let blocks, let sizedAs, let label, let texts):
                    drawText(
                        blocks, box: place(sizedAs).box, label: label, texts: texts, cell: cell, geometry: geometry,
                        setter: &setter, content: &content)
                case .answerSpace(let sizedAs, let label):
                    drawAnswerSpace(
                        box: place(sizedAs).box, label: label, cell: cell, geometry: geometry, setter: &setter,
                        content: &content)
                case .blank:
                    continue
                }
            }
            drawFooter(page: page, of: pageCount, geometry: geometry, setter: &setter, content: &content)
            let contents = file.reserve(), pageObject = file.reserve()
            file.write(contents, stream: Array(content.operators.utf8))
            let size = "\(PDFSyntax.number(geometry.pageWidth)) \(PDFSyntax.number(geometry.pageHeight))"
            let key = structure.add(page: pageObject, content: content)
            file.write(
                pageObject,
                "<< /Type /Page /Parent \(pageTree) /MediaBox [0 0 \(size)] /Resources << /Font << \(fontResources) >>"
                    + " /XObject << \(pictures.joined(separator: " ")) >> >> /Contents \(contents)"
                    + " /StructParents \(key) >>")
            pages.append(pageObject)
        }
        for (index, object) in fontObjects.enumerated() { try file.writeFont(at: object, index, of: setter) }
        file.write(
            pageTree,
            "<< /Type /Pages /Kids [\(pages.map(\.description).joined(separator: " "))] /Count \(pages.count) >>")
        // With a title, viewers show it in the window rather than the file name.
        let preferences = title == nil ? "" : " /ViewerPreferences << /DisplayDocTitle true >>"
        let structureRoot = structure.write(into: &file)
        let lang = language.map { " /Lang \(PDFSyntax.text($0))" } ?? ""
        file.write(
            catalog,
            "<< /Type /Catalog /Pages \(pageTree)\(preferences) /MarkInfo << /Marked true >>"
                + " /StructTreeRoot \(structureRoot)\(lang) >>")
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
    /// pixels, lands in the handout: see ``ImagePlacement``. (In a
    /// worksheet, where answer spaces take places of their own and answers
    /// move to the end, `index` counts places rather than steps.)
    public func placement(ofStep index: Int, width: Int, height: Int) -> ImagePlacement {
        layout.placement(ofStep: index, width: width, height: height)
    }

    private static let captionGrey = 0.0
    private static let noteGrey = 0.33
    private static let labelGrey = 0.45

    /// Draws a picture in its cell: its label above it, a hairline frame
    /// around it, then its texts. The picture is a figure whose words are
    /// `alternative`.
    private func drawPicture(
        _ image: String, alternative: String, placement: ImagePlacement, label: String, texts: [HandoutCell.CellText],
        cell: PageBox, geometry: SheetGeometry, setter: inout TextSetter, content: inout PageContent
    ) {
        let picture = placement.box
        let column = Self.column(under: picture, in: cell)
        drawLabel(label, x: column.x, cell: cell, geometry: geometry, setter: &setter, content: &content)
        // The frame is drawn first and clear of the picture, so no pixel of
        // the picture is touched by it.
        content.frame(picture, distance: 1.25, lineWidth: 0.5, grey: 0.75)
        content.beginTagged("Figure", alternative: alternative, box: picture)
        content.image(image, placement)
        content.endMarked()
        drawTexts(
            texts, top: picture.maxY + geometry.gap, column: column, cell: cell, geometry: geometry, setter: &setter,
            content: &content)
    }

    /// Draws a text slide's blocks in a frame `box`, the size its picture
    /// would take, with its label above and texts under it.
    private func drawText(
        _ blocks: [DeckTextBlock], box: PageBox, label: String?, texts: [HandoutCell.CellText], cell: PageBox,
        geometry: SheetGeometry, setter: inout TextSetter, content: inout PageContent
    ) {
        let column = Self.column(under: box, in: cell)
        if let label { drawLabel(label, x: column.x, cell: cell, geometry: geometry, setter: &setter, content: &content) }
        content.frame(box, distance: 1.25, lineWidth: 0.5, grey: 0.75)
        let lines = TextCard(blocks, in: box, bodySize: geometry.captionSize, setter: setter).lines
        if !lines.isEmpty { content.beginTagged("P") }
        for line in lines {
            content.text(setter.encode(line.text), x: line.x, baseline: line.baseline, size: line.size, grey: line.grey)
        }
        if !lines.isEmpty { content.endMarked() }
        drawTexts(
            texts, top: box.maxY + geometry.gap, column: column, cell: cell, geometry: geometry, setter: &setter,
            content: &content)
    }

    /// Draws an empty frame `box` under its label, ruled firmer than a
    /// picture's, for an answer to be drawn or written in.
    private func drawAnswerSpace(
        box: PageBox, label: String, cell: PageBox, geometry: SheetGeometry, setter: inout TextSetter,
        content: inout PageContent
    ) {
        let column = Self.column(under: box, in: cell)
        drawLabel(label, x: column.x, cell: cell, geometry: geometry, setter: &setter, content: &content)
        content.frame(box, distance: 1.25, lineWidth: 1, grey: 0.45)
    }

    /// The column text runs in under `box`: as wide as it, unless it is
    /// narrow (a tall frame): then three quarters of the cell.
    private static func column(under box: PageBox, in cell: PageBox) -> (x: Double, width: Double) {
        box.width >= cell.width * 0.75
            ? (x: box.x, width: box.width) : (x: cell.x + cell.width / 8, width: cell.width * 0.75)
    }

    /// "Step n" (or another label) small and grey at the cell's top.
    private func drawLabel(
        _ label: String, x: Double, cell: PageBox, geometry: SheetGeometry, setter: inout TextSetter,
        content: inout PageContent
    ) {
        content.beginTagged("P")
        content.text(
            setter.encode(label), x: x, baseline: cell.y + geometry.labelSize, size: geometry.labelSize,
            grey: Self.labelGrey)
        content.endMarked()
    }

    /// Draws `texts` from `top` down in `column`: each caption in at most
    /// the layout's caption lines, each note in what room the cell has left.
    private func drawTexts(
        _ texts: [HandoutCell.CellText], top: Double, column: (x: Double, width: Double), cell: PageBox,
        geometry: SheetGeometry, setter: inout TextSetter, content: inout PageContent
    ) {
        let ascent = Double(font.ascent) / Double(font.unitsPerEm)
        let descent = -Double(font.descent) / Double(font.unitsPerEm)
        var top = top
        for text in texts {
            let (size, leading, grey): (Double, Double, Double) =
                text.style == .caption
                ? (geometry.captionSize, geometry.captionLeading, Self.captionGrey)
                : (geometry.noteSize, geometry.noteLeading, Self.noteGrey)
            let limit: Int
            switch text.style {
            case .caption:
                limit = geometry.captionLines
            case .note:
                let room = cell.maxY - top - (ascent + descent) * size
                limit = room < 0 ? 0 : Int(room / leading) + 1
            }
            let lines = setter.lines(text.text, width: column.width, size: size, limit: limit)
            if !lines.isEmpty { content.beginTagged("P") }
            for (index, line) in lines.enumerated() {
                content.text(
                    setter.encode(line), x: column.x, baseline: top + ascent * size + Double(index) * leading,
                    size: size, grey: grey)
            }
            if !lines.isEmpty {
                content.endMarked()
                top += Double(lines.count - 1) * leading + (ascent + descent) * size + geometry.gap / 2
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
        // The footer repeats on every page: an artifact, not the document's words.
        content.beginArtifact(pagination: true)
        defer { content.endMarked() }
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
