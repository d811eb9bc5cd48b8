import Production
import ArgumentParser
import InputText

/// `--ops-file PATH`: the text of a file of operations, or of standard
/// input for `-`, so a list can be piped in.
enum OpsFile {
    /// The largest file read: 1,000,000 bytes. The most operations a run
    /// plays, 1,000, take some 20 kB written one a line; the rest is room
    /// for comments.
    static let maxBytes = 1_000_000

    static func read(_ path: String) throws -> String {
        let bytes: [UInt8]
        do throws(InputError) {
            bytes = try InputSource(argument: path).read(limit: maxBytes, role: "--ops-file")
        } catch {
            let reason = error == .directory ? "it is a folder" : error.description
            throw CommandFailure("--ops-file: cannot read '\(path)': \(reason)", status: 64)
        }
        do throws(TextError) {
            return try DecodedText(decoding: bytes).string
        } catch {
            let line = error.position.map { "line \($0.line): " } ?? ""
            throw CommandFailure("--ops-file \(path): \(line)\(error)", status: 64)
        }
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
        try validating { try Numeral.checkHold(hold) }
    }
}
