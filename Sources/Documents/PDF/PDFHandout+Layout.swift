extension PDFHandout {
    /// How many steps share a page, as PowerPoint prints handouts.
    public enum Layout: Int, Sendable, Hashable, CaseIterable {
        /// A4 landscape: one large picture with its caption and note.
        case onePerPage = 1
        /// A4 landscape: two columns by two rows.
        case fourPerPage = 4
        /// A4 portrait: two columns by three rows.
        case sixPerPage = 6

        /// The pages a handout of `steps` steps fills: seven steps at six
        /// per page take two pages.
        public func pageCount(steps: Int) -> Int {
            (steps + rawValue - 1) / rawValue
        }

        /// Where the picture of step `index` (counted from 0), `width` ×
        /// `height` pixels, lands in a handout of this layout, whatever its
        /// font and text: see ``ImagePlacement``.
        public func placement(ofStep index: Int, width: Int, height: Int) -> ImagePlacement {
            let geometry = SheetGeometry.of(self)
            let cell = geometry.cell(index % rawValue)
            // The label's baseline is one em under the cell's top: its capitals
            // and digits, and a little air. The picture starts a gap below.
            let top = cell.y + geometry.labelSize + geometry.gap
            let box = PageBox(x: cell.x, y: top, width: cell.width, height: cell.maxY - top - geometry.textReserve)
            return ImagePlacement(page: index / rawValue, width: width, height: height, fitting: box)
        }
    }
}
