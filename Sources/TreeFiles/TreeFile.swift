import Foundation
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
    /// The versions in a file's bytes (standard input, say), named `name` in
    /// messages. `format` `nil` takes it from `name`'s extension.
    public static func read(
        _ bytes: [UInt8], name: String, format: TreeFileFormat? = nil, limits: TreeFileLimits = .standard
    ) throws(TreeFileError) -> [Tree<TreeFileNode>] {
        guard let format = format ?? TreeFileFormat(fileName: name) else {
            throw TreeFileError(
                file: name, line: nil, column: nil,
                message: "cannot tell the format from the name: use .json, .txt, .outline or .tree, or give the format "
                    + "(json, outline, brackets or level-order)")
        }
        if bytes.count > limits.maxBytes {
            throw sizeError(bytes.count, name: name, limits: limits)
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var source = Source(bytes: bytes, start: start, name: name, limits: limits)
        try validateUTF8(source)
        if source.atEnd {
            throw source.error("the file is empty: expected a tree", at: start)
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

    /// The versions in the file at `path`, which names it in messages. A
    /// file over the size limit is refused before it is read.
    public static func read(
        path: String, format: TreeFileFormat? = nil, limits: TreeFileLimits = .standard
    ) throws(TreeFileError) -> [Tree<TreeFileNode>] {
        try read(contents(of: path, limits: limits), name: path, format: format, limits: limits)
    }

    static func sizeError(_ size: Int, name: String, limits: TreeFileLimits) -> TreeFileError {
        TreeFileError(
            file: name, line: nil, column: nil,
            message: "the file is \(grouped(size)) bytes: the limit is \(grouped(limits.maxBytes)) bytes")
    }

    /// The bytes of a file, refusing it by its size before reading, or
    /// while reading if it does not tell its size (a pipe).
    static func contents(of path: String, limits: TreeFileLimits) throws(TreeFileError) -> [UInt8] {
        func failure(_ message: String) -> TreeFileError {
            TreeFileError(file: path, line: nil, column: nil, message: message)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw failure("no such file")
        }
        if isDirectory.boolValue { throw failure("is a directory, not a tree file") }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > limits.maxBytes {
            throw sizeError(size, name: path, limits: limits)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw failure("cannot open the file") }
        defer { try? handle.close() }
        var bytes: [UInt8] = []
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 20) } catch {
                throw failure("cannot read the file: \(error.localizedDescription)")
            }
            guard let chunk, !chunk.isEmpty else { return bytes }
            bytes.append(contentsOf: chunk)
            if bytes.count > limits.maxBytes {
                throw TreeFileError(
                    file: path, line: nil, column: nil,
                    message: "the file is over \(grouped(limits.maxBytes)) bytes: the limit is \(grouped(limits.maxBytes)) bytes")
            }
        }
    }

    /// Refuses bytes that are not UTF-8, naming the 0-based byte offset of
    /// the first bad sequence.
    static func validateUTF8(_ source: Source) throws(TreeFileError) {
        let bytes = source.bytes
        var i = source.start
        while i < bytes.count {
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            var need = 0
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: need = 1
            case 0xE0: (need, low) = (2, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: need = 2
            case 0xED: (need, high) = (2, 0x9F)
            case 0xF0: (need, low) = (3, 0x90)
            case 0xF1...0xF3: need = 3
            case 0xF4: (need, high) = (3, 0x8F)
            default: need = -1
            }
            var length = 1
            var cutShort = false
            if need > 0 {
                while length <= need {
                    guard i + length < bytes.count else {
                        cutShort = true
                        break
                    }
                    let byte = bytes[i + length]
                    let (lo, hi) = length == 1 ? (low, high) : (0x80, 0xBF)
                    guard byte >= lo, byte <= hi else { break }
                    length += 1
                }
                if length > need {
                    i += length
                    continue
                }
            }
            // The bad sequence: the lead and the continuation bytes taken,
            // or the byte that broke it off.
            let shown = bytes[i..<min(i + length + (cutShort ? 0 : need > 0 ? 1 : 0), bytes.count)]
            let hex = shown.map { ($0 < 0x10 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            let what = cutShort ? ", cut short by the end of the file" : ""
            throw source.error("invalid UTF-8 at byte offset \(grouped(i)) (\(shown.count == 1 ? "byte" : "bytes") \(hex)\(what))", at: i)
        }
    }
}
