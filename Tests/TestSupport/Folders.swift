#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Creates `path` and any missing parents, like `mkdir -p`; the reason on
/// failure.
func makeFolders(_ path: String) -> String? {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
        prefix += component + "/"
        if mkdir(prefix, 0o777) != 0 && errno != EEXIST {
            return "cannot create folder \(prefix): \(String(cString: strerror(errno)))"
        }
    }
    return nil
}

/// The folder part of `path`, without the trailing slash.
func folder(of path: String) -> String {
    path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
}
