/// What a tree file may hold. Every limit is checked while the file is read,
/// before any tree is built, and a refusal names the limit.
public struct TreeFileLimits: Sendable, Equatable {
    /// The largest file, in bytes: 50 MB by default. A drawable tree of the
    /// largest size, 100,000 nodes with 100-character labels, is about 10 MB
    /// of JSON. A larger file is refused before it is parsed, and by
    /// ``TreeFile/read(from:format:limits:)`` before it is read, or for a
    /// stream (standard input, a pipe, a device) as soon as it passes the
    /// limit, so an endless stream holds no more than this in memory.
    public var maxBytes: Int
    /// The most nodes in a file, all versions together: 100,000 by default,
    /// which already draws as a grey band; counted as the file is read, and
    /// reading stops at the first node over.
    public var maxNodes: Int
    /// The most levels from the root (the root is level 1, its children
    /// level 2): 1,000 by default. A 1,080-pixel frame gives a tree of 1,000
    /// levels about one pixel a level, so nothing deeper can be read on a
    /// slide. The bound also keeps every later recursion safe, such as the
    /// release of nested `Tree` values, which goes one level at a time.
    public var maxDepth: Int
    /// The longest label, in `Character`s: 1,000 by default, some twenty
    /// lines of a slide. A longer label is a mistake (a missing line break,
    /// a pasted file), not a node.
    public var maxLabelLength: Int

    public init(maxBytes: Int = 50_000_000, maxNodes: Int = 100_000, maxDepth: Int = 1_000, maxLabelLength: Int = 1_000) {
        self.maxBytes = maxBytes
        self.maxNodes = maxNodes
        self.maxDepth = maxDepth
        self.maxLabelLength = maxLabelLength
    }

    /// The limits described above.
    public static let standard = TreeFileLimits()
}
