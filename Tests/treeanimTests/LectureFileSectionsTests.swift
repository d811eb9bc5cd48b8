import Foundation
import TestSupport
import Testing

/// A lecture's tree, family, bars, sort and graph sections, decoded from
/// their keys as the library's producers take them: each fault of a key
/// said in the lecture's words at its line and column, and each file read
/// from the lecture's folder.
@Suite struct LectureFileSectionsTests {
    static let small = ["--size", "320x180", "--fps", "5"]

    /// A lecture of `sections` and `files` written into a folder of its
    /// own, run to a GIF.
    static func run(_ sections: String, files: [String: String] = [:]) throws -> CommandRunner.Result {
        let dir = try CommandRunner.temporaryFolder()
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        try ("sections:\n" + sections).write(toFile: dir + "/lecture.yaml", atomically: true, encoding: .utf8)
        return try CommandRunner.run(["lecture", "lecture.yaml"] + small + ["-o", "x.gif"], in: dir)
    }

    @Test(arguments: [
        ("  - sort: {algorithm: bubble, random: 1}\n", "lecture.yaml:2:31: sort: random must be at least 2 (got 1)"),
    ])
    func aFaultOfASectionsOwnKeyIsNamedAtItsLineAndColumn(yaml: String, message: String) throws {
        let r = try Self.run(yaml)
        #expect(r.status == 65, "stderr: \(r.stderr)")
        #expect(r.stderr.hasPrefix("treeanim: error: \(message)"), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "stderr: \(r.stderr)")
    }
}
