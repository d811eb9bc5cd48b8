import Foundation

/// The hidden name a file is written under before it is renamed into place,
/// or a replaced file is kept under until its job has committed:
/// `.<name>.tmp-<pid>-<role>` in the final file's folder, so the rename stays
/// within one file system (atomic), a listing does not show it, and a
/// leftover says which process and which output made it. An output's lock
/// (``OutputLock``) is a hidden name beside it too, `.<name>.lock`, the
/// same for every process.
enum TemporaryName {
    /// The longest file name (not path) Linux and macOS file systems take, in bytes.
    static let nameMax = 255

    /// The temporary path for `path`. `attempt` tells apart names that are
    /// already taken: 0 for the first choice, then `-1`, `-2`… appended.
    ///
    /// When the final name fits `nameMax` so does the temporary one: a name
    /// too long for the decoration keeps a prefix of its visible part and
    /// adds a hash of the whole, so different long names stay apart.
    static func path(beside path: String, role: String, attempt: Int = 0) -> String {
        hidden(beside: path, suffix: ".tmp-\(getpid())-\(role)" + (attempt == 0 ? "" : "-\(attempt)"))
    }

    /// `.<name><suffix>` beside `path`, shortened as ``path(beside:role:attempt:)``
    /// says when that is too long.
    static func hidden(beside path: String, suffix: String) -> String {
        let (folder, name) = split(path)
        if 1 + name.utf8.count + suffix.utf8.count <= nameMax {
            return "\(folder).\(name)\(suffix)"
        }
        let hash = "~" + hex(fnv1a(name))
        let room = nameMax - 1 - hash.utf8.count - suffix.utf8.count
        return "\(folder).\(prefix(of: name, bytes: room))\(hash)\(suffix)"
    }

    /// The first of the temporary paths for `path` that `claim` can take:
    /// `claim` returns nil when a name is taken (by another writer in this
    /// process, or a leftover) and throws when it fails otherwise.
    static func claimFirstFree<Claimed>(
        beside path: String, role: String, _ claim: (String) throws(FileError) -> Claimed?
    ) throws(FileError) -> Claimed {
        for attempt in 0...maxAttempts {
            if let claimed = try claim(Self.path(beside: path, role: role, attempt: attempt)) { return claimed }
        }
        throw .cannotWrite(path: path, reason: "\(maxAttempts + 1) hidden names beside it are taken")
    }

    /// What a hidden temporary name says: the name it stands for (as
    /// written in it, shortened when that was too long), the process that
    /// made it and the role, with the number of a second choice if any;
    /// nil for any other name.
    ///
    ///     TemporaryName.parse(".out.gif.tmp-4242-video-2")
    ///     // (stem: "out.gif", pid: 4242, role: "video-2")
    struct Parsed: Equatable, Sendable {
        var stem: String
        var pid: Int32
        var role: String
    }

    static func parse(_ fileName: String) -> Parsed? {
        guard fileName.hasPrefix("."), let marker = fileName.range(of: ".tmp-", options: .backwards),
            marker.lowerBound > fileName.startIndex
        else { return nil }
        let stem = fileName[fileName.index(after: fileName.startIndex)..<marker.lowerBound]
        let rest = fileName[marker.upperBound...]
        guard !stem.isEmpty, let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0 else {
            return nil
        }
        let role = rest[rest.index(after: dash)...]
        guard !role.isEmpty else { return nil }
        return Parsed(stem: String(stem), pid: pid, role: String(role))
    }

    /// Whether the name is a backup of a replaced file (``CommitLog``).
    static func isBackup(_ parsed: Parsed) -> Bool {
        role(parsed.role, is: "backup")
    }

    /// Whether `role`, as a name holds it, is `base`, or `base` with the
    /// number of a second choice (`backup-2`).
    static func role(_ role: String, is base: String) -> Bool {
        guard role.hasPrefix(base) else { return false }
        let rest = role.dropFirst(base.count)
        return rest.isEmpty || (rest.count > 1 && rest.first == "-" && rest.dropFirst().allSatisfy { ("0"..."9").contains($0) })
    }

    /// Whether a ``Parsed/stem`` stands for the file name `name`: it is the
    /// name, or the shortened form of a name too long to decorate (a prefix
    /// of it and its hash).
    static func stem(_ stem: String, standsFor name: String) -> Bool {
        if stem == name { return true }
        let hash = "~" + hex(fnv1a(Substring(name)))
        guard stem.hasSuffix(hash) else { return false }
        return name.hasPrefix(stem.dropLast(hash.count))
    }

    /// How many names `claimFirstFree` tries: enough for any number of
    /// writers of one name in one process, and bounded, so a folder full of
    /// leftovers fails instead of looping.
    static let maxAttempts = 1000

    /// The folder part with its trailing slash (empty for a bare name), and the name.
    private static func split(_ path: String) -> (folder: Substring, name: Substring) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path[...]) }
        return (path[...slash], path[path.index(after: slash)...])
    }

    /// The longest prefix of `name` of at most `bytes` UTF-8 bytes that ends
    /// on a character boundary.
    private static func prefix(of name: Substring, bytes: Int) -> Substring {
        var used = 0
        var end = name.startIndex
        for c in name {
            used += c.utf8.count
            if used > bytes { break }
            end = name.index(after: end)
        }
        return name[..<end]
    }

    /// FNV-1a, 64 bits: stable across runs and machines, unlike `Hasher`.
    private static func fnv1a(_ text: Substring) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
