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
    }
}
