import Foundation

/// Checks that an output can be written, made before anything is, so a bad
/// path fails a job at once instead of after minutes of rendering.
public enum OutputPaths {
    /// Checks that `path` can become a file: its folder exists and is
    /// writable, and `path` itself is not a folder.
    public static func checkFile(_ path: String) throws(FileError) {
        try checkWritableParent(of: path)
        if isFolder(path) { throw .cannotWrite(path: path, reason: "it is a folder") }
    }

    /// Checks that `folder` is a writable folder, or can be made as one in
    /// a folder that exists.
    public static func checkFolder(_ folder: String) throws(FileError) {
        if FileManager.default.fileExists(atPath: folder) {
            guard isFolder(folder) else { throw .cannotWrite(path: folder, reason: "it is a file, not a folder") }
            guard access(folder, W_OK) == 0 else {
                let code = errno
                throw .cannotWrite(
                    path: folder,
                    reason: code == EACCES ? "the folder is not writable by you: make it writable, or write elsewhere" : AtomicFile.reason(code))
            }
        } else {
            try checkWritableParent(of: folder)
        }
    }

    /// The folder holding `path` (`.` for a bare name, `/` for a name in
    /// the root) and its last name.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        return (folder, String(path[path.index(after: slash)...]))
    }

    /// `path` without a trailing slash, unless it is the root.
    public static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    private static func checkWritableParent(of path: String) throws(FileError) {
        let parent = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        guard isFolder(parent) else { throw .outputFolderMissing(path: parent) }
        guard access(parent, W_OK) == 0 else {
            throw .cannotWrite(path: path, reason: "folder '\(parent)' is not writable")
        }
    }

    public static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }
}
