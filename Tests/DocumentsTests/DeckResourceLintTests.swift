import Foundation
import Testing
import TestSupport

/// The deck's script is a file of its own so that a real JavaScript parser
/// reads it: Node's `--check` parses without running, and fails on any
/// syntax error a browser would refuse the whole script for.
@Suite(.tags(.external)) struct DeckResourceLintTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/Documents/HTML/Resources")

    /// Node's verdict on `file`: its exit status and what it said.
    static func check(_ file: URL) throws -> (status: Int32, message: String) {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        let node = try #require(
            paths.map { "\($0)/node" }.first(where: FileManager.default.isExecutableFile),
            "node is not installed: run scripts/setup.sh")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: node)
        process.arguments = ["--check", file.path]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    @Test func theDeckScriptParses() throws {
        let (status, message) = try Self.check(Self.resources.appendingPathComponent("deck.js"))
        #expect(status == 0, "node --check deck.js: \(message)")
    }

    @Test func theCheckFailsOnAScriptWithASyntaxError() throws {
        let script = try String(contentsOf: Self.resources.appendingPathComponent("deck.js"), encoding: .utf8)
        // One closing brace too few: the last function never ends.
        let broken = FileManager.default.temporaryDirectory.appendingPathComponent("treeanim-broken-deck-\(getpid()).js")
        defer { try? FileManager.default.removeItem(at: broken) }
        try String(script.dropLast(6)).write(to: broken, atomically: true, encoding: .utf8)
        let (status, message) = try Self.check(broken)
        #expect(status != 0)
        #expect(message.contains("SyntaxError"))
    }
}
