import Foundation
import TestSupport
import Testing

/// treeanim as a library, as a Swift user meets it: `Examples/Stack` is a
/// package of its own that depends on this checkout by path, scripts a
/// stack and renders it with `render(_:to:settings:)`.
@Suite struct LibraryExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let example = root.appendingPathComponent("Examples/Stack")
    /// The example's build, beside the checkout's, so that a second run
    /// builds only what changed.
    static let scratch = root.appendingPathComponent(".build/examples")

    @Test func theStackExampleBuildsAgainstTheCheckoutAndRendersAGIF() throws {
        let build = try CommandRunner.run(
            ["build", "--package-path", Self.example.path, "--scratch-path", Self.scratch.path],
            executable: CommandRunner.onPath("swift"))
        try #require(build.status == 0, "swift build of Examples/Stack failed:\n\(build.stdout)\n\(build.stderr)")
        let folder = try CommandRunner.temporaryFolder()
        let gif = folder + "/stack.gif"
        let run = try CommandRunner.run([gif], executable: Self.scratch.appendingPathComponent("debug/Stack").path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("wrote \(gif): "))
        let probe = try Probe(gif)
        #expect(probe.width == 640 && probe.height == 360)
        // Four steps of about a second and a half each, at 20 fps.
        #expect(probe.frames > 60)
        // Nothing but the GIF is left: it was written under a temporary
        // name and moved into place.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["stack.gif"])
    }

    @Test func theReadmeShowsTheExampleAsItIs() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let program = try String(contentsOf: Self.example.appendingPathComponent("Sources/Stack/main.swift"), encoding: .utf8)
        #expect(readme.contains("## Use as a library"))
        #expect(readme.contains("```swift\n" + program + "```\n"), "README's library example differs from Examples/Stack")
    }
}
