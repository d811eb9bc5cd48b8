/// Where things go on the sheets of one handout layout: the page, the grid
/// of cells, the type sizes. Points throughout, y down from the page's top.
///
/// A4 with margins of 30 points (10.6 mm) or more, inside what printers
/// print; the footer sits in the bottom margin, 22 points up.
struct SheetGeometry {
    var pageWidth: Double
    var pageHeight: Double
    /// The area the cells share.
    var content: PageBox
    var columns: Int
    var rows: Int
    var columnGap: Double
    var rowGap: Double
    /// Type sizes in points per em.
    var labelSize: Double
    var captionSize: Double
    var noteSize: Double
    /// How many lines a caption may take before it is cut.
    var captionLines: Int
    /// The height under a cell's picture kept for its caption and note.
    var textReserve: Double

    /// Space between the label, the picture and the text blocks.
    var gap: Double { captionSize * 0.45 }
    var captionLeading: Double { captionSize * 1.25 }
    var noteLeading: Double { noteSize * 1.3 }
    /// The footer's type size, and its baseline's height above the page's
    /// bottom edge.
    let footerSize = 8.0
    let footerBaseline = 22.0

    /// The cell of the `index`th step of a sheet, row by row.
    func cell(_ index: Int) -> PageBox {
        let width = (content.width - columnGap * Double(columns - 1)) / Double(columns)
        let height = (content.height - rowGap * Double(rows - 1)) / Double(rows)
        return PageBox(
            x: content.x + Double(index % columns) * (width + columnGap),
            y: content.y + Double(index / columns) * (height + rowGap), width: width, height: height)
    }

    static func of(_ layout: PDFHandout.Layout) -> SheetGeometry {
        switch layout {
        case .onePerPage:
            SheetGeometry(
                pageWidth: a4Long, pageHeight: a4Short,
                content: PageBox(x: 42, y: 36, width: a4Long - 84, height: a4Short - 36 - 50),
                columns: 1, rows: 1, columnGap: 0, rowGap: 0,
                labelSize: 10, captionSize: 16, noteSize: 12, captionLines: 2, textReserve: 96)
        case .fourPerPage:
            SheetGeometry(
                pageWidth: a4Long, pageHeight: a4Short,
                content: PageBox(x: 36, y: 30, width: a4Long - 72, height: a4Short - 30 - 46),
                columns: 2, rows: 2, columnGap: 28, rowGap: 20,
                labelSize: 8, captionSize: 11, noteSize: 9, captionLines: 2, textReserve: 58)
        case .sixPerPage:
            SheetGeometry(
                pageWidth: a4Short, pageHeight: a4Long,
                content: PageBox(x: 36, y: 30, width: a4Short - 72, height: a4Long - 30 - 46),
                columns: 2, rows: 3, columnGap: 24, rowGap: 18,
                labelSize: 7.5, captionSize: 9.5, noteSize: 8, captionLines: 2, textReserve: 48)
        }
    }

    /// A4's sides in points (210 mm × 297 mm), rounded as PDF writers do.
    static let a4Short = 595.28
    static let a4Long = 841.89
}
