import Foundation
import Testing
import TestSupport

/// The suite passes on a loaded machine as on an idle one: no test sleeps a
/// fixed time to wait for something, and none asserts how long a thing
/// took (speed is measured in `Benchmarks/` and `scripts/bench.sh`).
/// Tests wait for events through the few helpers below, which poll a
/// condition and give up only after ``Patience``'s safety nets.
@Suite(.tags(.cli)) struct TestHygieneTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// The helpers that wait for a condition, sleeping briefly between looks.
    static let pollers: Set<String> = [
        "TestSupport/Wait.swift", "TestSupport/Chromium.swift", "TestSupport/ChromiumPage.swift",
        "TestSupport/ChromiumProcess.swift",
    ]

    static func sources() throws -> [(name: String, lines: [Substring])] {
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { file in
            let name = file.path.dropFirst(tests.path.count + 1)
            return (String(name), try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false))
        }
    }

    @Test func onlyThePollersSleep() throws {
        let sleep = /\b(usleep|nanosleep|sleep)\(|Task\.sleep/
        let found = try Self.sources()
        #expect(found.count > 100, "read \(found.count) test files")
        for (name, lines) in found where !Self.pollers.contains(name) {
            for (number, line) in lines.enumerated() where line.contains(sleep) {
                #expect(Bool(false), "\(name):\(number + 1) sleeps: wait for the event instead: \(line)")
            }
        }
    }

    @Test func noTestAssertsHowLongSomethingTook() throws {
        // A clock, or a duration literal (`.seconds(3)`, not an animation's
        // length such as `Self.seconds(script)`).
        let timing = /#(expect|require)\(.*([\s(<>=,]\.(seconds|milliseconds)\(|ContinuousClock|SuspendingClock|duration\(to:|Date\(\))/
        for (name, lines) in try Self.sources() where name != "treeanimTests/TestHygieneTests.swift" {
            for (number, line) in lines.enumerated() where line.contains(timing) {
                #expect(Bool(false), "\(name):\(number + 1) asserts a time: \(line)")
            }
        }
    }
}
