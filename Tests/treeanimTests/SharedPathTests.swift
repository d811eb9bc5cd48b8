import Foundation
import Synchronization
import TestSupport
import Testing
import TreeAnimKit

/// The command line and the library take one path from a request to
/// frames: the same options give the same frames and the same notes.
@Suite(.tags(.cli)) struct SharedPathTests {
    /// A heap program long enough to play fast (over 3 minutes one
    /// operation at a time), so the session has notes to say; 24 of its
    /// frames rendered.
    static let ops = (1...300).map { $0 % 3 == 0 ? "extract" : "insert \($0 * 7 % 301)" }.joined(separator: "; ")

    @Test func theLibraryAndTheCommandLineMakeTheSameFramesAndNotes() throws {
        let folder = try CommandRunner.temporaryFolder()
        let cli = try CommandRunner.run(
            ["heap", "--max", "--ops", Self.ops, "--size", "320x180", "--fps", "12", "--frame-range", "0:24", "-o", folder + "/cli/"])
        try #require(cli.status == 0, "\(cli.stderr)")

        var options = RenderOptions()
        options.size = FrameSize(width: 320, height: 180)
        options.fps = 12
        options.frameRange = try FrameRange(parsing: "0:24")
        options.output = folder + "/kit/"
        try options.check()
        var heap = HeapProducer.Options()
        heap.order = .max
        heap.operations.ops = Self.ops
        try heap.check(naming: .flags)
        let said = Mutex<[String]>([])
        let log = ProductionLog(write: { line in said.withLock { $0.append(line) } })
        let outcome = try RenderSession(options: options, log: log).produce(HeapProducer.self, heap)
        #expect(outcome.summary?.frames == 24)

        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/cli").sorted()
        #expect(files.count == 24)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/kit").sorted() == files)
        for file in files {
            let a = try Data(contentsOf: URL(fileURLWithPath: folder + "/cli/" + file))
            let b = try Data(contentsOf: URL(fileURLWithPath: folder + "/kit/" + file))
            #expect(a == b, "\(file) differs")
        }
        // The notes (fast play, the length) are the session's, said alike.
        let notes = { (text: String) in text.split(separator: "\n").filter { $0.hasPrefix("treeanim: note:") } }
        let libraryNotes = notes(said.withLock { $0.joined() })
        #expect(!libraryNotes.isEmpty)
        #expect(notes(cli.stderr) == libraryNotes)
    }

    /// The registry is the one list of producers: `treeanim help` lists
    /// every producer under its name, in the registry's order, then the
    /// commands that are no producer.
    @Test func theSubcommandsAreTheRegistrysProducers() throws {
        let help = try CommandRunner.run(["--help"])
        try #require(help.status == 0, "\(help.stderr)")
        let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "SUBCOMMANDS:") else {
            Issue.record("no subcommands in: \(help.stdout)")
            return
        }
        // A subcommand's line starts two spaces in; its abstract's next
        // lines further in.
        let names = lines[(start + 1)...].prefix { !$0.isEmpty }.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names == ProducerRegistry.all.map { $0.name } + ["lecture", "studio", "compare"])
    }

    @Test func theLibrarysRenderKeepsTheCommandLinesRules() throws {
        let folder = try CommandRunner.temporaryFolder()
        var builder = ScriptBuilder()
        builder.step("push ☃\u{E000}") { s in
            s.beat(.easeOut(duration: 0.4)) { d in
                d.nodes.insert(.box("3", at: Point(0, 0), size: Size(width: 1.6, height: 0.8), cornerRadius: 0.1, label: "\u{E000}", labelSize: 0.4))
            }
        }
        let said = Mutex<[String]>([])
        let log = ProductionLog(write: { line in said.withLock { $0.append(line) } })
        let settings = FrameSettings(width: 320, height: 180, fps: 10)
        try render(builder.script, to: URL(fileURLWithPath: folder + "/frames/"), settings: settings, log: log)
        // A character no font has is warned of, as the command line warns.
        #expect(said.withLock { $0 }.contains { $0.hasPrefix("warning: no installed font has") && $0.contains("U+E000") })
        #expect(said.withLock { $0 }.contains { $0.hasPrefix("wrote \(folder)/frames/") })
        // An MP4 of an odd size is refused before any frame, in the words the flags get.
        #expect(throws: ProductionFailure.self) {
            try render(builder.script, to: URL(fileURLWithPath: folder + "/odd.mp4"), settings: FrameSettings(width: 321, height: 180))
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/odd.mp4"))
    }
}
