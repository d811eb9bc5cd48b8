import Foundation

/// What runs that were killed (SIGKILL, the OOM killer, a power cut) left
/// beside or inside a job's outputs, tidied by the next job into the same
/// outputs before it makes anything.
///
/// A killed run can leave, under hidden names (``TemporaryName``): its
/// temporary files (`.out.gif.tmp-PID-video`, `.frame_00042.png.tmp-PID-frame`),
/// the backups of files it was replacing (`.out.gif.tmp-PID-backup`), and,
/// killed in the middle of its commits, a ``CommitJournal``
/// (`.treeanim.tmp-PID-commit`). A job tidies while it holds the exclusive
/// locks of its outputs (``OutputLock``), so no other run is writing them:
/// - it takes back the changes of every journal in their folders whose lock
///   it can take (its process is gone), so a killed run's outputs are all or
///   none too;
/// - it removes the temporary files of its own outputs: whoever made them
///   is no longer writing them, whatever process id they carry;
/// - a backup of one of its outputs goes where it is a second link to the
///   file under the output's name (a run killed after it confirmed, or
///   before it replaced anything), and comes back where the name is free (a
///   file moved aside); where the name holds another file, the backup is the
///   only copy of something the user had, and stays.
///
/// It never touches anything else: not a name that is not one of treeanim's
/// hidden names, nor one for an output it does not hold the lock of, nor a
/// folder. Parts of one animation rendering into one folder at once
/// (`--frame-range`, which share the folder's lock, on one machine or on
/// several over a shared file system) tidy nothing there: a part cannot
/// tell another's files from a dead run's. A whole run into the folder does.
public enum Leftovers {
    /// Tidies the folders `destinations` write into; their locks are held,
    /// exclusively.
    public static func tidy(_ destinations: [OutputDestination]) {
        for (folder, owns) in owners(destinations) {
            CommitJournal.recover(in: folder)
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
                guard let temporary = TemporaryName.parse(name), let output = owns(temporary.stem) else { continue }
                var info = stat()
                guard lstat(prefix + name, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { continue }
                guard TemporaryName.isBackup(temporary) else {
                    unlink(prefix + name)
                    continue
                }
                let kept = FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
                switch FileIdentity(prefix + output, followingLinks: false) {
                case kept?: unlink(prefix + name)
                case nil: rename(prefix + name, prefix + output)
                default: break
                }
            }
        }
    }

    /// The hidden files ``tidy(_:)`` would remove or put back, as it would
    /// find them now.
    static func found(_ destinations: [OutputDestination]) -> [String] {
        owners(destinations).flatMap { folder, owns in
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { name in
                TemporaryName.parse(name).flatMap { owns($0.stem) } != nil
            }.map { prefix + $0 }
        }
    }

    /// Each folder the destinations write into, with the output whose name
    /// a hidden name's stem stands for, if any.
    private static func owners(_ destinations: [OutputDestination]) -> [(String, (String) -> String?)] {
        var folders: [String: [(String) -> String?]] = [:]
        var order: [String] = []
        func add(_ folder: String, _ owns: @escaping (String) -> String?) {
            if folders[folder] == nil { order.append(folder) }
            folders[folder, default: []].append(owns)
        }
        for destination in destinations {
            switch destination {
            case .file(let path):
                // Where the temporary files go: beside the file a link names.
                let (folder, name) = OutputPaths.split((try? AtomicFile.target(of: path)) ?? path)
                add(folder) { TemporaryName.stem($0, standsFor: name) ? name : nil }
            case .folder(let folder, let holds):
                guard OutputPaths.isFolder(folder) else { continue }
                // Names in a folder are short enough to stand in full.
                add(folder) { holds($0) ? $0 : nil }
            }
        }
        return order.map { folder in
            (folder, { stem in folders[folder]?.lazy.compactMap { $0(stem) }.first })
        }
    }
}
