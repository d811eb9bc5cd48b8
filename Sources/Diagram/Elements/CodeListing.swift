/// Pseudocode shown beside the diagram: a procedure's name and its lines,
/// one of which a beat may highlight as the line being executed.
///
/// The panel is part of the frame's furniture, as the caption is: the
/// camera fits the drawing into what the panel leaves, and a producer only
/// says which listing shows and which line is running (see
/// ``StepBuilder/code(_:line:)`` and ``StepBuilder/line(_:)``).
///
///     let insert = CodeListing("TREE-INSERT(T, z)", [
///         "y = NIL", "x = T.root", "while x ≠ NIL", "  y = x", …])
///     step.code(insert, line: 2)
public struct CodeListing: Hashable, Sendable {
    /// The procedure's heading, as a textbook writes it (`TREE-INSERT(T, z)`).
    public var title: String
    /// The lines, numbered from 1 when drawn; indentation is two spaces a
    /// level.
    public var lines: [String]

    public init(_ title: String, _ lines: [String]) {
        self.title = title
        self.lines = lines
    }

    /// The widest line, in characters, counting its number and the space
    /// after it (the gutter), or the title's.
    public var columns: Int {
        max(title.count, (lines.map(\.count).max() ?? 0) + Self.gutter(lines.count))
    }

    /// The characters a line's number takes with its space.
    static func gutter(_ count: Int) -> Int { String(max(count, 1)).count + 1 }
}

/// A change to the code panel, made with a beat.
public enum CodeChange: Sendable, Hashable {
    /// Shows `listing`, with the line at index `line` (from 0) highlighted,
    /// or none.
    case show(CodeListing, line: Int?)
    /// Highlights the line at this index of the listing shown, or none.
    case line(Int?)
    /// Takes the panel away.
    case hide
}

/// The room a code panel takes: its widest listing in characters and its
/// tallest in lines (the heading included).
public struct CodeRoom: Sendable, Hashable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// The room that every one of `listings` fits, or nil for none.
    public init?(fitting listings: some Sequence<CodeListing>) {
        var columns = 0, rows = 0, any = false
        for l in listings {
            any = true
            columns = max(columns, l.columns)
            rows = max(rows, l.lines.count + 1)
        }
        guard any else { return nil }
        self.init(columns: columns, rows: rows)
    }
}
