import Foundation

/// The files and folders a job makes, so that a failed or interrupted job
/// can take them all back.
final class OutputFiles: @unchecked Sendable {
    // @unchecked: used from the job's own thread only.
    private var createdFolders = [String]()
    private var temporaries = [String]()
    private var kept = false

    /// Makes `dir` a folder we can write into, creating it (but not its
    /// parents) when it does not exist yet; returns it without a trailing
    /// slash.
    func folder(_ dir: String) throws(TreeAnimError) -> String {
        let trimmed = Self.trimmed(dir)
        if !FileManager.default.fileExists(atPath: trimmed) {
            guard mkdir(trimmed, 0o755) == 0 else {
                throw .cannotWrite(path: trimmed, reason: String(cString: strerror(errno)))
            }
            createdFolders.append(trimmed)
        }
        return trimmed
    }

    /// Notes a temporary file to remove whatever happens.
    func temporary(_ path: String) {
        temporaries.append(path)
    }

    /// The job succeeded: keep what it made, but not its temporary files.
    func keep() {
        kept = true
        temporaries.forEach(TemporaryFile.remove)
    }

    /// The job failed: removes `frames`, the temporary files, and the
    /// folders it created, if they are empty now.
    func remove(frames: [String]) {
        guard !kept else { return }
        frames.forEach(TemporaryFile.remove)
        temporaries.forEach(TemporaryFile.remove)
        for dir in createdFolders.reversed() { rmdir(dir) }
    }

    /// Checks, without making anything, that `dir` is a writable folder or
    /// can be made as one.
    static func checkFolder(_ dir: String) throws(TreeAnimError) {
        let trimmed = trimmed(dir)
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: trimmed, isDirectory: &isDir) {
            guard isDir.boolValue else { throw .cannotWrite(path: trimmed, reason: "it is a file, not a folder") }
            guard access(trimmed, W_OK) == 0 else {
                throw .cannotWrite(path: trimmed, reason: String(cString: strerror(errno)))
            }
        } else {
            try checkWritableParent(of: trimmed)
        }
    }

    /// Checks that the folder that will hold `path` exists and is writable.
    static func checkWritableParent(of path: String) throws(TreeAnimError) {
        let parent = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: parent, isDirectory: &isDir), isDir.boolValue else {
            throw .outputFolderMissing(parent)
        }
        guard access(parent, W_OK) == 0 else {
            throw .cannotWrite(path: trimmed(path), reason: "folder '\(parent)' is not writable")
        }
    }

    static func size(of path: String) -> Int {
        var st = stat()
        return stat(path, &st) == 0 ? Int(st.st_size) : 0
    }

    static func trimmed(_ dir: String) -> String {
        dir.count > 1 && dir.hasSuffix("/") ? String(dir.dropLast()) : dir
    }
}

/// A scene dump written to a temporary file and renamed into place when the
/// job succeeds.
final class DumpFile: @unchecked Sendable {
    // @unchecked: written only from the job's serial writer queue.
    let path: String
    let temporary: String
    let handle: UnsafeMutablePointer<FILE>
    private var closed = false

    init(path: String) throws(TreeAnimError) {
        self.path = path
        temporary = TemporaryFile.path(beside: path, role: "dump")
        guard let f = fopen(temporary, "w") else {
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        handle = f
    }

    func append(_ line: String) throws(TreeAnimError) {
        let text = line + "\n"
        let ok = text.utf8.withContiguousStorageIfAvailable { fwrite($0.baseAddress, 1, $0.count, handle) == $0.count }
        guard ok ?? (fputs(text, handle) >= 0) else {
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }

    func finish() throws(TreeAnimError) {
        closed = true
        guard fclose(handle) == 0 else {
            TemporaryFile.remove(temporary)
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
        guard rename(temporary, path) == 0 else {
            TemporaryFile.remove(temporary)
            throw .cannotWrite(path: path, reason: String(cString: strerror(errno)))
        }
    }

    func cancel() {
        if !closed { fclose(handle) }
        closed = true
        TemporaryFile.remove(temporary)
    }
}
