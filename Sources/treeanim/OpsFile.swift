import ArgumentParser
import Foundation

/// `--ops-file PATH`: the text of a file of operations, or of standard
/// input for `-`, so a list can be piped in.
enum OpsFile {
    static func read(_ path: String) throws -> String {
        let handle = path == "-" ? FileHandle.standardInput : FileHandle(forReadingAtPath: path)
        var isFolder: ObjCBool = false
        if path != "-", FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw CommandFailure("--ops-file: cannot read '\(path)': it is a folder", status: 64)
        }
        guard let handle, let data = try? handle.readToEnd() ?? Data(), let text = String(data: data, encoding: .utf8) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "it is not readable UTF-8 text" : "no such file"
            throw CommandFailure("--ops-file: cannot read '\(path)': \(reason)", status: 64)
        }
        return text
    }
}

extension OpsFile {
    /// Checks that the operations come from one place: `--ops`, `--ops-file`,
    /// or the keys of `--inserts` or `--values`; and that `--hold` is sane.
    static func checkSources(ops: String?, opsFile: String?, keys: KeyOptions, hold: Double) throws {
        if ops != nil || opsFile != nil {
            if ops != nil, opsFile != nil { throw ValidationError("give --ops or --ops-file, not both") }
            if keys.inserts != nil || keys.values != nil {
                throw ValidationError("give --ops (or --ops-file) or --inserts/--values, not both")
            }
            if keys.seed != nil || keys.range != nil {
                throw ValidationError("--seed and --range choose random keys: they go with --inserts, not --ops")
            }
        }
        guard hold.isFinite, (0...60).contains(hold) else { throw ValidationError("--hold must be from 0 to 60 seconds (got \(Format.number(hold)))") }
    }
}
