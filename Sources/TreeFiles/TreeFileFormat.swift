/// The notations `treeanim tree FILE` reads. The reader tells a file's
/// format by its content (``detect(_:)``), or the caller gives it
/// (`--format`); the extension does not decide.
///
/// Every format holds one tree or several **versions** of a tree (the
/// animation morphs from each to the next): a JSON array, or outlines,
/// bracket trees or level-order lists separated by a line `---`. Files are
/// UTF-8 or UTF-16, with or without a byte order mark (`DecodedText`), and
/// CRLF line ends are read as LF.
public enum TreeFileFormat: String, CaseIterable, Sendable {
    /// Nested objects, d3-hierarchy style (`.json`):
    ///
    ///     {"label": "root", "children": [{"label": "a"}, {"name": 2}]}
    ///
    /// - The label is `"label"`, else `"name"`, else `"value"` (the first of
    ///   them present wins, so d3's `{"name": …, "value": 12}` is labelled
    ///   by its name); a string, a number or a boolean, numbers and booleans
    ///   kept as written (but `-0` is `0`, and a number too large for a
    ///   double, such as `1e400`, is an error).
    /// - `"id"`, a string or a number (as written), marks the node for
    ///   matching between versions; ids are unique within a version. A
    ///   number is its text, so `1` and `"1"` are the same id, `1.0` another.
    /// - `"children"` is an array of node objects; `null` keeps an empty
    ///   slot (a binary tree's missing left child: `[null, {…}]`), and a node
    ///   whose children are all `null` is a leaf.
    /// - Other keys are ignored (checked as JSON, not read), so d3 data with
    ///   `size`, `color` and the like loads as it is. A misspelt
    ///   `"chidren"` is therefore ignored too: the node is a leaf.
    /// - A top-level array holds several versions.
    ///
    /// Strict JSON otherwise: no comments, no trailing commas, no repeated
    /// `label`, `name`, `value`, `id` or `children` key in one object.
    case json
    /// An indented outline, one node per line (`.txt`, `.outline`):
    ///
    ///     爷爷
    ///         大爷
    ///             大侄子
    ///         - 爸爸
    ///
    /// - A line deeper than the one before is its child; a line at the
    ///   indentation of a line above is that line's sibling. Indent by spaces
    ///   or by tabs, not both in one file; any width, the same for siblings.
    /// - An optional bullet `- ` or `* ` (Markdown, Mermaid mindmaps) before
    ///   the label is dropped; the label runs to the end of the line, trailing
    ///   blanks dropped.
    /// - Blank lines are ignored. A line whose text starts with `#` followed
    ///   by a blank or the end of the line is a comment (`# note`); `#1` or
    ///   `C#` are labels, and `- # x` is the label `# x`. There are no
    ///   end-of-line comments: `#` inside a label is text.
    /// - Lines at the first line's indentation are roots: several make a
    ///   forest. A line `---` (unindented) starts the next
    ///   version.
    case outline
    /// Bracket trees as LaTeX forest and qtree users write them (`.tree`):
    ///
    ///     [S [NP the cat] [VP sat]]
    ///
    /// - `[label child child …]`; a child is a bracket tree or a bare word,
    ///   which is a leaf. Whitespace (any, newlines included) separates.
    /// - A label with spaces is written in braces, as forest does
    ///   (`[{the cat} …]`: the outer braces are dropped, inner ones and TeX
    ///   inside are kept: `{\textbf{a} b}` is `\textbf{a} b`), or in double
    ///   quotes (`"the cat"`, where only `\"` and `\\` are escapes).
    /// - In a bare word, braces group (`\textbf{a b}` is one word, kept as
    ///   written); `\[`, `\]`, `\{`, `\}`, `\"` and `\\` give the character
    ///   itself and any other backslash is kept (`$\alpha$`).
    /// - qtree's `[.S …]` is read as the label `S`, and a leading `\Tree` is
    ///   skipped. `[]` or `[[a] [b]]` has an empty label, as in forest.
    ///   forest's options (`[NP, red]`) are not read: the comma is text.
    /// - Versions are separated by `---`.
    case brackets
    /// LeetCode's level order of a binary tree: `[1,null,2,3]`.
    ///
    /// - Entries are numbers (labels as written, with JSON's rules for
    ///   `-0` and `1e400`) or `null`. The first is the root and may not be
    ///   `null`; then each node, in the order read, takes the next two
    ///   entries as its left and right child. `null` takes no children of
    ///   its own, and trailing `null`s may be left out, exactly as LeetCode
    ///   serialises. An entry no node is left to take is an error.
    /// - A node with one child has two slots, `nil` on the missing side; a
    ///   leaf has none.
    /// - Several lists separated by `---` are versions; lists one a line
    ///   without `---` (a file of test cases) are separate trees, of which
    ///   the first is read unless another is picked.
    /// - No file extension: give the format.
    case levelOrder = "level-order"
    /// Trees in a LaTeX document: forest's `\begin{forest} … \end{forest}`
    /// and qtree's `\Tree [.S … ]`, wherever they stand (``LatexReader``).
    case latex
    /// The listing of a folder by `tree`: Unix (`├── a`, `|-- a`) or
    /// Windows (`├─a`, `+---a`, with `tree /F`'s files), header lines and
    /// the "N directories, M files" footer skipped, `<- comments` dropped.
    case listing
    /// Nested Markdown lists: any indent, `-`, `*`, `+` or `1.` items,
    /// links shown as their text, headings as the levels above the lists.
    case markdown
    /// One path a line, as `find` prints them: `./src/main.c`.
    case paths
    /// d3.stratify's tables: `id,parentId` columns (and a `name` or
    /// `label` column for the label), or one column of dotted or slashed
    /// paths (`flare.analytics.cluster`).
    case csv

    /// How a summary names the format read.
    public var description: String {
        switch self {
        case .json: "JSON"
        case .outline: "an indented outline"
        case .brackets: "a bracket tree"
        case .levelOrder: "a level-order list"
        case .latex: "LaTeX"
        case .listing: "a tree listing"
        case .markdown: "a Markdown list"
        case .paths: "a path list"
        case .csv: "a CSV table"
        }
    }

    /// The format a file's extension names: `.json`, `.txt` or `.outline`,
    /// `.tree` (any case); `nil` for any other name. The reader no longer
    /// goes by it (``detect(_:)``).
    public init?(fileName: String) {
        let last = fileName.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return nil }
        switch last[last.index(after: dot)...].lowercased() {
        case "json": self = .json
        case "txt", "outline": self = .outline
        case "tree": self = .brackets
        default: return nil
        }
    }
}
