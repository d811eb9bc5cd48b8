/// One node of a tree read from a file: its label, its explicit id if the
/// file gave one, and where it was written.
///
/// `line` and `column` are 1-based. Columns count `Character`s (extended
/// grapheme clusters, what a reader sees as one character) from the start of
/// the line, so `爷`, `é` written as `e` + U+0301 and `👨‍👩‍👧` are one column
/// each and a tab is one column; a byte order mark is not counted. A node is
/// placed where it starts: the `{` of a JSON object, the label of an outline
/// line (after any bullet), the `[` of a bracket tree or the first character
/// of a bare leaf, the number of a level-order entry.
public struct TreeFileNode: Hashable, Sendable {
    /// The text the node shows: a string as given, or a number or boolean
    /// written exactly as in the file (`1.50` stays `1.50`).
    public var label: String
    /// The id the file gave the node (JSON `"id"`), or `nil`.
    public var id: String?
    /// The 1-based line of the node.
    public var line: Int
    /// The 1-based column of the node, in `Character`s.
    public var column: Int
    /// A roof: text a syntax tree leaves unanalysed (qtree's `\qroof`),
    /// drawn under a triangle from its parent rather than a line.
    public var roof: Bool
    /// The node that holds the trees of a forest (a file with several
    /// roots) together: laid out above them, never drawn, nor its edges.
    public var hidden: Bool

    public init(label: String, id: String? = nil, line: Int, column: Int, roof: Bool = false, hidden: Bool = false) {
        self.label = label
        self.id = id
        self.line = line
        self.column = column
        self.roof = roof
        self.hidden = hidden
    }
}
