import Foundation

/// Where tests make their folders: under one root for each test process,
/// `$TMPDIR/treeanim-tests-PID`, so a run's folders stay for a look after it
/// ends, and the next test process removes the roots of those that are gone
/// instead of every run adding hundreds of folders for good.
public enum TestFolders {
    static let prefix = "treeanim-tests-"

    /// The root of this process, made on first use, after the roots of test
    /// processes that no longer run are removed.
    static let root: String = {
        let temporary = NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else {
                continue
            }
            try? FileManager.default.removeItem(atPath: temporary + name)
        }
        let root = temporary + prefix + String(getpid())
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }()

    /// A new empty folder, named `name-` and a unique suffix.
    public static func make(_ name: String) throws -> String {
        let path = root + "/" + name + "-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        return path
    }
}
