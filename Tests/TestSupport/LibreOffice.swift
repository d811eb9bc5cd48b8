import Foundation

/// A program a test runs, found on the search path, run under a time limit.
///
/// A test that needs a program this machine lacks fails, never skips, and
/// says how to get it: `scripts/setup.sh` installs every one the tests use.
public struct ExternalTool: Sendable {
    /// Why a program did not do its job: missing, too slow, or failed.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String

        public init(description: String) {
            self.description = description
        }
    }

    public var name: String
    /// Its full path.
    public var path: String

    /// Finds `name` on `PATH`; `package` is the Debian package that has it.
    public init(_ name: String, package: String) throws(Failure) {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        let candidates = folders.map { "\($0)/\(name)" }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw Failure(description: "\(name) is not on PATH: run scripts/setup.sh (it installs \(package))")
        }
        self.name = name
        path = found
    }

    /// Runs the program with `arguments` and returns what it printed on
    /// standard output; it fails if the program runs longer than `timeout`
    /// seconds (it and every process it started are then killed) or exits
    /// with a status other than 0.
    @discardableResult
    public func run(_ arguments: [String], timeout: Int = Patience.conversionSeconds) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("treeanim-tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("out")
        let errors = folder.appendingPathComponent("err")
        try Data().write(to: output)
        try Data().write(to: errors)

        let process = Process()
        // timeout(1) runs the program in a process group of its own and
        // signals the whole group, so helpers the program started (soffice
        // starts soffice.bin) die with it.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["--kill-after=5", "\(timeout)", path] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        let printed = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        let complaint = ((try? String(contentsOf: errors, encoding: .utf8)) ?? "")
            .split(whereSeparator: \.isNewline).suffix(5).joined(separator: " | ")
        switch process.terminationStatus {
        case 0:
            return printed
        case 124, 137:
            throw Failure(description: "\(name) did not finish in \(timeout) s: \(arguments.joined(separator: " "))")
        case let status:
            throw Failure(description: "\(name) exited with status \(status): \(complaint)")
        }
    }
}

/// Converts `document` with LibreOffice, headless, to `format` (such as
/// `pdf`) in `folder`, and returns the converted file's path.
///
/// Each call has a profile of its own, removed afterwards: LibreOffice
/// hands a document to any instance already running on the same profile,
/// so tests in parallel would otherwise wait on one another, or convert
/// with each other's settings.
public func convertWithLibreOffice(
    _ document: String, to format: String, in folder: String, timeout: Int = Patience.conversionSeconds
) throws -> String {
    let soffice = try ExternalTool("soffice", package: "libreoffice-impress")
    let profile = FileManager.default.temporaryDirectory.appendingPathComponent("treeanim-soffice-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: profile) }
    try soffice.run(
        [
            "-env:UserInstallation=\(profile.absoluteString)", "--headless", "--norestore", "--convert-to", format,
            "--outdir", folder, document,
        ], timeout: timeout)
    let stem = URL(fileURLWithPath: document).deletingPathExtension().lastPathComponent
    let extensionOnly = String(format.split(separator: ":").first ?? "")
    let converted = "\(folder)/\(stem).\(extensionOnly)"
    guard FileManager.default.fileExists(atPath: converted) else {
        throw ExternalTool.Failure(description: "soffice made no \(converted) from \(document)")
    }
    return converted
}
