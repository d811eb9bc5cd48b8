import Foundation
import Output
import Testing
import TestSupport

/// A job finishes every output before it commits any, so one output that
/// fails never leaves another replaced.
@Suite struct CommitTogetherTests {
    @Test func aDumpIntoAFolderIsRefusedBeforeAnythingIsMade() throws {
        let folder = try TestFolder()
        try FileManager.default.createDirectory(atPath: folder("d"), withIntermediateDirectories: false)
        #expect(throws: OutputError.cannotWrite(path: folder("d"), reason: "it is a folder")) {
            try SceneDumpSink(path: folder("d"))
        }
    }

    @Test(.tags(.external)) func aDumpPathThatBecomesAFolderFailsTheJobAndLeavesTheVideoUntouched() throws {
        let folder = try TestFolder()
        try folder.write("old", to: "a.gif")
        let source = MovingCircles()
        let video = try FFmpegSink(path: folder("a.gif"), format: .gif, frames: FrameFormat(source))
        let dump = try SceneDumpSink(path: folder("d"))
        let d = folder("d")
        #expect(throws: OutputError.cannotWrite(path: d, reason: "it is a folder")) {
            try Render.job(source, into: [video, dump], progress: { _, _ in mkdir(d, 0o755) })
        }
        #expect(folder.contents(of: "a.gif") == Data("old".utf8))
        #expect(folder.names() == ["a.gif", "d"])
        #expect(folder.names(in: "d").isEmpty)
    }
}
