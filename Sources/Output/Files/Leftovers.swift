import Foundation

/// What runs that were killed (SIGKILL, the OOM killer, a power cut) left
/// beside or inside a job's outputs, tidied by the next job into the same
/// outputs before it makes anything.
///
/// A killed run can leave, under hidden names (``TemporaryName``): its
/// temporary files (`.out.gif.tmp-PID-video`, `.frame_00042.png.tmp-PID-frame`),
/// the backups of files it was replacing (`.out.gif.tmp-PID-backup`), and,
/// killed in the middle of its commits, a ``CommitJournal``
/// (`.treeanim.tmp-PID-commit`). The next job:
/// - takes back the changes of every journal whose lock it can take (its
///   process is gone), so a killed run's outputs are all or none too;
/// - then removes the temporary files and backups of its own outputs whose
///   process is gone: the process id in the name runs no process, and no
///   journal of that id is held by a live run. A backup left after its
///   job's journal is gone is one the job no longer needed: it had
///   confirmed.
///
/// It never touches anything else: not a name that is not one of treeanim's
/// hidden names, nor one for an output the job does not write, nor a
/// folder, nor a name whose process still runs. A process id reused by a
/// live process only delays the tidying to a later run. Where runs in
/// separate process-id namespaces (containers) render parts of one
/// animation into one shared folder at once, one part could take another's
/// temporary frame for a leftover: that part then fails and takes back its
/// files, and no file of the user's is lost.
enum Leftovers {
    /// Tidies the folders `destinations` write into.
    static func tidy(_ destinations: [OutputDestination]) {
        for (folder, owns) in owners(destinations) {
            CommitJournal.recover(in: folder)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            let parsed = names.compactMap { name in TemporaryName.parse(name).map { (name, $0) } }
            // Journals left after recovery are held: their runs are alive.
            let running = Set(parsed.filter { $0.1.stem == CommitJournal.stem && $0.1.role.hasPrefix(CommitJournal.role) }.map(\.1.pid))
            for (name, temporary) in parsed where owns(temporary.stem) {
                guard temporary.pid != getpid(), !running.contains(temporary.pid), !isRunning(temporary.pid) else { continue }
                let path = (folder.hasSuffix("/") ? folder : folder + "/") + name
                var info = stat()
                guard lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else { continue }
                unlink(path)
            }
        }
    }

    /// Each folder the destinations write into, with whether a stem names
    /// one of their outputs there.
    private static func owners(_ destinations: [OutputDestination]) -> [(String, (String) -> Bool)] {
        var folders: [String: [(String) -> Bool]] = [:]
        var order: [String] = []
        func add(_ folder: String, _ owns: @escaping (String) -> Bool) {
            if folders[folder] == nil { order.append(folder) }
            folders[folder, default: []].append(owns)
        }
        for destination in destinations {
            switch destination {
            case .file(let path):
                // Where the temporary files go: beside the file a link names.
                let target = (try? AtomicFile.target(of: path)) ?? path
                let slash = target.lastIndex(of: "/")
                let folder = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? "."
                let name = slash.map { String(target[target.index(after: $0)...]) } ?? target
                add(folder) { TemporaryName.stem($0, standsFor: name) }
            case .folder(let folder, let holds):
                guard OutputPaths.isFolder(folder) else { continue }
                add(folder, holds)
            }
        }
        return order.map { folder in (folder, { stem in folders[folder]?.contains { $0(stem) } ?? false }) }
    }

    /// Whether a process `pid` runs (one this process may not signal runs too).
    private static func isRunning(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
