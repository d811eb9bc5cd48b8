import Foundation

/// A path as the file system reads it: its folder absolute, with symbolic
/// links, `.` and `..` resolved, and its last name as written, since that
/// is the name a rename replaces.
///
/// Two spellings of one output (`x.gif`, `./x.gif`, `link/x.gif` through a
/// symbolic link to the folder) resolve to the same value, which is how the
/// command line and ``RenderJob`` refuse two outputs that would write one
/// file before either is made. A folder that does not exist yet (a PNG folder a job will make)
/// resolves through the nearest folder that does.
public struct ResolvedPath: Hashable, Sendable {
    /// The folder holding the file, absolute.
    public let folder: String
    /// The last name; empty for the root.
    public let name: String

    public init(_ path: String) {
        let trimmed = Self.trimmed(path)
        let slash = trimmed.lastIndex(of: "/")
        let name = slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed
        guard !name.isEmpty, name != ".", name != ".." else {
            // A folder named by a step (`.`, `..`) or the root: only the
            // whole path says which, and then it has an ordinary last name.
            let whole = Self.realpath(trimmed)
            self = whole.map { $0 == "/" ? ResolvedPath(folder: "/", name: "") : ResolvedPath($0) }
                ?? ResolvedPath(folder: trimmed, name: "")
            return
        }
        let parent = slash.map { $0 == trimmed.startIndex ? "/" : String(trimmed[..<$0]) } ?? "."
        self.init(folder: Self.resolvedFolder(parent), name: name)
    }

    private init(folder: String, name: String) {
        self.folder = folder
        self.name = name
    }

    /// The whole resolved path.
    public var path: String {
        name.isEmpty ? folder : folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Whether writing to `a` and writing to `b` write one file: the paths
    /// resolve to the same name, or both exist and are one file (two hard
    /// links, or a symbolic link and its target).
    ///
    ///     ResolvedPath.sameFile("x.gif", "./x.gif")  // true
    ///     ResolvedPath.sameFile("frames", "frames/")  // true
    ///     ResolvedPath.sameFile("x.gif", "y.gif")    // false unless hard links of one file
    ///
    /// Names that differ only in case are one file on a case-insensitive
    /// file system, which this tells only once both exist.
    public static func sameFile(_ a: String, _ b: String) -> Bool {
        if ResolvedPath(a) == ResolvedPath(b) { return true }
        guard let first = FileIdentity(a, followingLinks: true), let second = FileIdentity(b, followingLinks: true)
        else { return false }
        return first == second
    }

    /// `folder` resolved as a folder: wholly, symbolic links included, when
    /// it exists; its parent resolved and its name kept when not.
    static func resolvedFolder(_ folder: String) -> String {
        realpath(folder) ?? ResolvedPath(folder).path
    }

    /// `path` without trailing slashes, unless it is the root.
    private static func trimmed(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }

    /// The system's `realpath(3)`: nil when `path` does not exist.
    private static func realpath(_ path: String) -> String? {
        guard let resolved = Foundation.realpath(path, nil) else { return nil }
        // realpath mallocs the string it returns.
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
