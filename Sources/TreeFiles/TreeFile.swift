import InputText
import Trees

/// Reads the trees users give `treeanim tree FILE`: one tree, or several
/// versions of it, in any ``TreeFileFormat``.
///
///     let versions = try TreeFile.read(path: "family.txt")
///     let keys = TreeFile.matchKeys(versions[0])
///
/// Reading takes linear time and constant stack: no format is parsed by
/// recursion, so a 100,000-level input is refused at the depth limit, not
/// by a stack overflow. Limits (``TreeFileLimits``) are checked as the file
/// is read, and trees are built only after the whole file was read without
/// error. Every error is a ``TreeFileError``, one line.
public enum TreeFile {
    /// How a file is to be read: everything the reader would otherwise tell
    /// or take by default.
    public struct Reading: Sendable, Equatable {
        /// The format; nil: told by the content (``TreeFileFormat/detect(_:)``).
        public var format: TreeFileFormat?
        /// The character encoding; nil: UTF-8 or UTF-16 as marked, else
        /// the legacy encoding the bytes fit (`DecodedText`).
        public var encoding: TextEncoding?
        /// Which tree of several to read, from 1; nil: every version, or
        /// the first of separate trees (a LaTeX document's, or level-order
        /// lists one a line without `---`: test cases, not versions).
        public var pick: Int?
        /// The label of a root that joins a forest's trees; nil: they are
        /// drawn side by side under a hidden one.
        public var rootLabel: String?
        public var limits: TreeFileLimits

        public init(
            format: TreeFileFormat? = nil, encoding: TextEncoding? = nil, pick: Int? = nil, rootLabel: String? = nil,
            limits: TreeFileLimits = .standard
        ) {
            self.format = format
            self.encoding = encoding
            self.pick = pick
            self.rootLabel = rootLabel
            self.limits = limits
        }
    }

    /// What a file held, as read.
    public struct Contents: Sendable {
        /// The versions drawn (one, when a tree was picked).
        public var versions: [Tree<TreeFileNode>]
        /// The format read, given or told.
        public var format: TreeFileFormat
        /// The encoding read, given or told.
        public var encoding: TextEncoding
        /// How many trees the file held, before any was picked.
        public var found: Int
        /// The tree picked, from 1, when one of several was.
        public var picked: Int?
        /// How many trees the forest drawn has: 1 for a tree.
        public var roots: Int
        /// What the reader did that the user should know, one line each:
        /// a tree of a document passed over (broken, or without labels)
        /// for the one drawn.
        public var notes: [String] = []
    }

    /// A file's bytes, named `name` in messages, read as `reading` says.
    public static func load(_ bytes: [UInt8], name: String, reading: Reading = Reading()) throws(TreeFileError) -> Contents {
        let limits = reading.limits
        if bytes.count > limits.maxBytes {
            throw TreeFileError(
                file: name, line: nil, column: nil, message: InputError.tooLarge(size: bytes.count, limit: limits.maxBytes).description)
        }
        let text: DecodedText
        do throws(TextError) {
            text = try DecodedText(decoding: bytes, as: reading.encoding)
        } catch {
            throw TreeFileError(file: name, line: error.position?.line, column: error.position?.column, message: error.description)
        }
        var source = Source(bytes: text.utf8, name: name, limits: limits)
        if source.atEnd {
            throw source.error("the file is empty: expected a tree", at: 0)
        }
        let format: TreeFileFormat
        if let given = reading.format {
            format = given
        } else {
            switch TreeFileFormat.detect(text.utf8) {
            case .success(let found): format = found
            case .failure(let failure): throw TreeFileError(file: name, line: nil, column: nil, message: failure.message)
            }
        }
        var versions: [Version]
        switch format {
        case .json: versions = try JSONReader.read(&source)
        case .outline: versions = try OutlineReader.read(&source)
        case .brackets: versions = try BracketReader.read(&source)
        case .levelOrder: versions = try LevelOrderReader.read(&source)
        case .latex: versions = try LatexReader.read(&source)
        case .listing: versions = try ListingReader.read(&source)
        case .markdown: versions = try MarkdownReader.read(&source)
        case .paths: versions = try PathsReader.read(&source)
        case .csv: versions = try CSVTreeReader.read(&source)
        }
        let found = versions.count
        var picked: Int?
        var notes: [String] = []
        if let pick = reading.pick ?? (source.separateTrees && found > 1 ? 1 : nil) {
            guard (1...found).contains(pick) else {
                throw TreeFileError(
                    file: name, line: nil, column: nil,
                    message: "--pick \(pick): the file holds \(found == 1 ? "one tree" : "\(found) trees"), so --pick takes 1"
                        + (found == 1 ? "" : " to \(found)"))
            }
            let readable = versions.indices.filter { versions[$0].failure == nil }
            let labelled = readable.filter { versions[$0].nodes.contains { !$0.label.isEmpty } }
            var chosen = pick - 1
            if reading.pick == nil, let first = labelled.first ?? readable.first {
                // Unasked, the first tree that reads and shows labels.
                chosen = first
                for skipped in 0..<first {
                    let what = versions[skipped].failure.map { "cannot be read (\($0.description))" } ?? "has no labels"
                    notes.append("tree \(skipped + 1) of \(found) \(what): drew tree \(first + 1) (--pick N for another)")
                }
            }
            if var failure = versions[chosen].failure {
                // The tree asked for is broken, or every tree is.
                if let other = readable.first {
                    failure.message += " (tree \(chosen + 1) of \(found); --pick \(other + 1) reads another)"
                }
                throw failure
            }
            versions = [versions[chosen]]
            picked = found > 1 ? chosen + 1 : nil
        } else if let failure = versions.first?.failure {
            throw failure
        }
        let roots = versions.map { $0.roots.count }.max() ?? 1
        return Contents(
            versions: versions.map { $0.tree(rootLabel: reading.rootLabel) }, format: format, encoding: text.encoding,
            found: found, picked: picked, roots: roots, notes: notes)
    }

    /// The file at `input` (a path, or standard input named `<stdin>`), read
    /// within the size limit as `InputSource.read(limit:)` says.
    public static func load(from input: InputSource, reading: Reading = Reading()) throws(TreeFileError) -> Contents {
        let bytes: [UInt8]
        do throws(InputError) {
            bytes = try input.read(limit: reading.limits.maxBytes)
        } catch {
            let message = error == .directory ? "is a directory, not a tree file" : error.description
            throw TreeFileError(file: input.name, line: nil, column: nil, message: message)
        }
        return try load(bytes, name: input.name, reading: reading)
    }

    /// The versions in a file's bytes, named `name` in messages, in
    /// `format`, or the format the content tells (``TreeFileFormat/detect(_:)``).
    /// The bytes are UTF-8 or UTF-16 (see `DecodedText`), or a legacy
    /// encoding they fit.
    public static func read(
        _ bytes: [UInt8], name: String, format: TreeFileFormat? = nil, limits: TreeFileLimits = .standard
    ) throws(TreeFileError) -> [Tree<TreeFileNode>] {
        try load(bytes, name: name, reading: Reading(format: format, limits: limits)).versions
    }

    /// The versions in `text`, named `name` in messages.
    public static func read(
        _ text: String, name: String, format: TreeFileFormat? = nil, limits: TreeFileLimits = .standard
    ) throws(TreeFileError) -> [Tree<TreeFileNode>] {
        try read(Array(text.utf8), name: name, format: format, limits: limits)
    }

    /// The versions in the file at `path`, which names it in messages.
    public static func read(
        path: String, format: TreeFileFormat? = nil, limits: TreeFileLimits = .standard
    ) throws(TreeFileError) -> [Tree<TreeFileNode>] {
        try read(from: .path(path), format: format, limits: limits)
    }

    /// The versions in a file or in standard input (named `<stdin>`), read
    /// within the size limit as `InputSource.read(limit:)` says: a file over
    /// it is refused before it is read, a stream as soon as it passes it.
    public static func read(
        from input: InputSource, format: TreeFileFormat? = nil, limits: TreeFileLimits = .standard
    ) throws(TreeFileError) -> [Tree<TreeFileNode>] {
        try load(from: input, reading: Reading(format: format, limits: limits)).versions
    }
}
