#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few questions the comparison asks of the file system, answered with
/// the system's own words for failures.
enum FileSystem {
    /// What is at a path.
    enum Kind: Equatable {
        case missing, file, folder, other
        /// The path cannot be examined; the system's reason.
        case unknown(String)
    }

    /// What `path` is; links are followed when `followingLinks`, else a link
    /// is `.other`.
    static func kind(of path: String, followingLinks: Bool = true) -> Kind {
        var info = stat()
        guard (followingLinks ? stat(path, &info) : lstat(path, &info)) == 0 else {
            return errno == ENOENT || errno == ENOTDIR ? .missing : .unknown(message(errno))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    /// Whether two paths name the same file or folder.
    static func same(_ a: String, _ b: String) -> Bool {
        var x = stat(), y = stat()
        return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino
    }

    /// The names in `folder` that end in `.png` and do not start with a dot
    /// (hidden files, such as another writer's temporary files), unsorted;
    /// not a subfolder's, whatever its name.
    static func pngNames(in folder: String) throws(CompareError) -> [String] {
        guard let stream = opendir(folder) else {
            throw .unreadable(path: folder, reason: message(errno))
        }
        defer { closedir(stream) }
        var names: [String] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else { break }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.hasSuffix(".png"), !name.hasPrefix(".") else { continue }
            var info = stat()
            let isFolder = entry.pointee.d_type == UInt8(DT_DIR)
                || (entry.pointee.d_type == UInt8(DT_UNKNOWN) && stat(join(folder, name), &info) == 0
                    && info.st_mode & S_IFMT == S_IFDIR)
            if !isFolder { names.append(name) }
        }
        if errno != 0 { throw .unreadable(path: folder, reason: message(errno)) }
        return names
    }

    /// `name` in `folder`, with one slash between them.
    static func join(_ folder: String, _ name: String) -> String {
        folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// `path` without trailing slashes, except the root's.
    static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// The folder `path` is in: `.` for a bare name.
    static func parent(of path: String) -> String {
        let path = trimmed(path)
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The absolute path `path` resolves to, if it exists.
    static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The system's words for `code`, such as "Permission denied".
    static func message(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
