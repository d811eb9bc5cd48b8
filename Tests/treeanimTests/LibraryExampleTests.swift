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
///
/// These are the DocC plugin's own two steps (`swift package
/// generate-documentation` extracts the module's symbol graph from its
/// build, then runs `docc convert` on the catalog), taken here on the
/// modules this test build already compiled: the plugin would build every
/// module a third time, in a scratch folder of its own, to get the same
/// symbol graph.
@Suite(.tags(.cli)) struct LibraryDocumentationTests {
    static let catalog = LibraryExampleTests.root.appendingPathComponent("Sources/TreeAnimKit/TreeAnimKit.docc")

    /// The folder the build put the modules in, beside the binary.
    static let products = (CommandRunner.binary as NSString).deletingLastPathComponent

    /// The search paths and C module maps the build compiled TreeAnimKit
    /// with, from SwiftPM's description of the build (`debug.yaml` or
    /// `release.yaml` beside the products' folder): what loading the
    /// module needs.
    static func moduleFlags() throws -> [String] {
        let configuration = (products as NSString).lastPathComponent
        let description = ((products as NSString).deletingLastPathComponent as NSString)
            .deletingLastPathComponent + "/\(configuration).yaml"
        let text = try String(contentsOfFile: description, encoding: .utf8)
        // The command that compiles TreeAnimKit, and its `args: [...]` line.
        let command = try #require(text.range(of: "\"C.TreeAnimKit-"), "no TreeAnimKit compile in \(description)")
        let argsStart = try #require(text.range(of: "args: ", range: command.upperBound..<text.endIndex))
        let lineEnd = text[argsStart.upperBound...].firstIndex(of: "\n") ?? text.endIndex
        let arguments = try #require(
            try JSONSerialization.jsonObject(with: Data(text[argsStart.upperBound..<lineEnd].utf8)) as? [String])
        var flags: [String] = []
        var index = 0
        while index < arguments.count - 1 {
            if ["-I", "-Xcc", "-target", "-module-cache-path"].contains(arguments[index]) {
                flags += [arguments[index], arguments[index + 1]]
                index += 2
            } else if arguments[index].hasPrefix("-I") {
                // A search path written as one argument, as pkg-config
                // gives the C libraries' headers (`-I/usr/include/freetype2`):
                // a clean build's C modules need them to load.
                flags.append(arguments[index])
                index += 1
            } else {
                index += 1
            }
        }
        return flags
    }

    /// DocC's conversion of `catalog`, with TreeAnimKit's public symbols,
    /// into `folder`: its status and what it printed.
    static func convert(_ catalog: URL, into folder: String) throws -> CommandRunner.Result {
        let graphs = folder + "/symbol-graphs"
        try FileManager.default.createDirectory(atPath: graphs, withIntermediateDirectories: true)
        let extract = try CommandRunner.run(
            ["-module-name", "TreeAnimKit", "-minimum-access-level", "public", "-output-dir", graphs] + moduleFlags(),
            executable: CommandRunner.onPath("swift-symbolgraph-extract"))
        try #require(extract.status == 0, "swift-symbolgraph-extract failed:\n\(extract.stdout)\n\(extract.stderr)")
        return try CommandRunner.run(
            ["convert", catalog.path, "--fallback-display-name", "TreeAnimKit", "--fallback-bundle-identifier", "TreeAnimKit",
             "--additional-symbol-graph-dir", graphs,
             "--output-path", folder + "/TreeAnimKit.doccarchive"],
            executable: CommandRunner.onPath("docc"))
    }

    static func warnings(_ run: CommandRunner.Result) -> [Substring] {
        (run.stdout + run.stderr).split(separator: "\n").filter { $0.contains("warning:") || $0.contains("error:") }
    }

    @Test func theDocumentationBuildsWithoutWarnings() throws {
        let folder = try CommandRunner.temporaryFolder()
        let docs = try Self.convert(Self.catalog, into: folder)
        #expect(docs.status == 0, "docc convert failed:\n\(docs.stdout)\n\(docs.stderr)")
        #expect(Self.warnings(docs).isEmpty, "\(Self.warnings(docs).joined(separator: "\n"))")
        let pages = folder + "/TreeAnimKit.doccarchive/data/documentation/"
        #expect(FileManager.default.fileExists(atPath: pages + "treeanimkit/animatingastack.json"))
        // The catalog's own page is the module's: its overview, curated.
        let module = try String(contentsOfFile: pages + "treeanimkit.json", encoding: .utf8)
        #expect(module.contains("doc://TreeAnimKit/documentation/TreeAnimKit/AnimatingAStack"))
        #expect(module.contains("Script an animation of your own data structure"))
    }

    /// The check can fail: the same catalog with a link to a symbol and one
    /// to an article that do not exist gets a warning for each.
    @Test func aBrokenLinkIsAWarning() throws {
        let folder = try CommandRunner.temporaryFolder()
        let copy = URL(fileURLWithPath: folder + "/catalog/TreeAnimKit.docc")
        try FileManager.default.createDirectory(at: copy.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.catalog, to: copy)
        let page = copy.appendingPathComponent("TreeAnimKit.md")
        var text = try String(contentsOf: page, encoding: .utf8)
        text += "\n### Broken\n\n- <doc:NoSuchArticle>\n- ``render(_:nowhere:)``\n"
        try text.write(to: page, atomically: true, encoding: .utf8)
        let docs = try Self.convert(copy, into: folder)
        let warnings = Self.warnings(docs)
        #expect(warnings.contains { $0.contains("'NoSuchArticle' doesn't exist") }, "\(docs.stderr)")
        #expect(warnings.contains { $0.contains("'render(_:nowhere:)' doesn't exist") }, "\(docs.stderr)")
    }
}
