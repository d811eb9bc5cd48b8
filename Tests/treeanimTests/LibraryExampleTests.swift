import Foundation
import Testing
import TestSupport

/// treeanim as a library, as a Swift user meets it: `Examples/Stack` is a
/// package of its own that depends on this checkout by path, scripts a
/// stack and renders it with `render(_:to:settings:)`. Its program is also
/// a target of this package, so the tests build it with everything else
/// rather than building every module a second time for it.
@Suite(.tags(.cli)) struct LibraryExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let example = root.appendingPathComponent("Examples/Stack")

    /// A build folder under `parent` for the checkout's layout as it is:
    /// SwiftPM plans a path dependency's build once, and a plan made before
    /// sources moved between modules names files that are gone. A folder
    /// is named by a digest of the manifest and of every source's path;
    /// folders of other layouts are removed.
    static func layoutScratch(_ parent: String) -> URL {
        let folder = root.appendingPathComponent(parent)
        var text = (try? String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)) ?? ""
        let sources = root.appendingPathComponent("Sources")
        let paths = FileManager.default.enumerator(atPath: sources.path)?.compactMap { $0 as? String } ?? []
        text += paths.sorted().joined(separator: "\n")
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let name = String(digest, radix: 16)
        for old in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where old != name {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(old))
        }
        return folder.appendingPathComponent(name)
    }

    /// The program, built with the package (`StackExample`, from the
    /// example's own source file), renders its GIF.
    @Test func theStackExampleRendersAGIF() throws {
        let binary = (CommandRunner.binary as NSString).deletingLastPathComponent + "/StackExample"
        let folder = try CommandRunner.temporaryFolder()
        let gif = folder + "/stack.gif"
        let run = try CommandRunner.run([gif], executable: binary)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("wrote \(gif): "))
        let probe = try Probe(gif)
        #expect(probe.width == 640 && probe.height == 360)
        // Four steps of about two seconds each, at 20 fps.
        #expect(probe.frames > 120)
        // Nothing but the GIF is left: it was written under a temporary
        // name and moved into place.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["stack.gif"])
    }

    /// The example's own package builds that file against this checkout,
    /// by path, through the product a Swift user names.
    @Test func theExamplesManifestDependsOnTheCheckoutsProduct() throws {
        let manifest = try String(contentsOf: Self.example.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".package(name: "treeanim", path: "../..")"#))
        #expect(manifest.contains(#".executableTarget(name: "Stack", dependencies: [.product(name: "TreeAnimKit", package: "treeanim")])"#))
        let root = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(root.contains(#".library(name: "TreeAnimKit", targets: ["TreeAnimKit"])"#))
        #expect(root.contains(#"path: "Examples/Stack/Sources/Stack""#))
    }

    @Test func theReadmeShowsTheExampleAsItIs() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let program = try String(contentsOf: Self.example.appendingPathComponent("Sources/Stack/main.swift"), encoding: .utf8)
        #expect(readme.contains("## Use as a library"))
        #expect(readme.contains("```swift\n" + program + "```\n"), "README's library example differs from Examples/Stack")
    }
}

/// The library's documentation (DocC, with the stack article) builds with
/// no warning of its own.
@Suite(.tags(.cli)) struct LibraryDocumentationTests {
    @Test func theDocumentationBuildsWithoutWarnings() throws {
        let root = LibraryExampleTests.root.path
        let folder = try CommandRunner.temporaryFolder()
        let docs = try CommandRunner.run(
            ["package", "--package-path", root, "--scratch-path", LibraryExampleTests.layoutScratch(".build/docs").path,
             "--allow-writing-to-directory", folder,
             "generate-documentation", "--target", "TreeAnimKit", "--output-path", folder + "/TreeAnimKit.doccarchive"],
            executable: CommandRunner.onPath("swift"))
        try #require(docs.status == 0, "generate-documentation failed:\n\(docs.stdout)\n\(docs.stderr)")
        // Warnings about the code's own documentation; a dependency's
        // package layout (ZIPFoundation's unhandled file) is not ours.
        let warnings = (docs.stdout + docs.stderr).split(separator: "\n").filter {
            $0.contains("warning:") && !$0.contains("'zipfoundation'")
        }
        #expect(warnings.isEmpty, "\(warnings.joined(separator: "\n"))")
        #expect(FileManager.default.fileExists(atPath: folder + "/TreeAnimKit.doccarchive/data/documentation/treeanimkit/animatingastack.json"))
    }
}
