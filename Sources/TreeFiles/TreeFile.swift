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
    /// The versions in a file's bytes, named `name` in messages. `format`
    /// `nil` takes it from `name`'s extension. The bytes are UTF-8 or UTF-16
    /// (see `DecodedText`).
    public static func read(
        _ bytes: [UInt8], name: String, format: TreeFileFormat? = nil, limits: TreeFileLimits = .standard
    ) throws(TreeFileError) -> [Tree<TreeFileNode>] {
        let format = try Self.format(format, of: name)
        if bytes.count > limits.maxBytes {
            throw TreeFileError(
                file: name, line: nil, column: nil, message: InputError.tooLarge(size: bytes.count, limit: limits.maxBytes).description)
        }
        let text: DecodedText
        do throws(TextError) {
            text = try DecodedText(decoding: bytes)
        } catch {
            throw TreeFileError(file: name, line: error.position?.line, column: error.position?.column, message: error.description)
        }
        var source = Source(bytes: text.utf8, name: name, limits: limits)
        if source.atEnd {
            throw source.error("the file is empty: expected a tree", at: 0)
        }
        let versions: [Version]
        switch format {
        case .json: versions = try JSONReader.read(&source)
        case .outline: versions = try OutlineReader.read(&source)
        case .brackets: versions = try BracketReader.read(&source)
        case .levelOrder: versions = try LevelOrderReader.read(&source)
        }
        return versions.map { $0.tree() }
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
        // The format first: a pipe is not drained for a name that says none.
        let format = try Self.format(format, of: input.name)
        let bytes: [UInt8]
        do throws(InputError) {
            bytes = try input.read(limit: limits.maxBytes)
        } catch {
            let message = error == .directory ? "is a directory, not a tree file" : error.description
            throw TreeFileError(file: input.name, line: nil, column: nil, message: message)
        }
        return try read(bytes, name: input.name, format: format, limits: limits)
    }

    /// `format`, else the one `name`'s extension names.
    static func format(_ format: TreeFileFormat?, of name: String) throws(TreeFileError) -> TreeFileFormat {
        guard let format = format ?? TreeFileFormat(fileName: name) else {
            throw TreeFileError(
                file: name, line: nil, column: nil,
                message: "cannot tell the format from the name: use .json, .txt, .outline or .tree, or give the format "
                    + "(json, outline, brackets or level-order)")
        }
        return format
    }
}
