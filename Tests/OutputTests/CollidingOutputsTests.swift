import Foundation
import Output
import Testing

/// A job refuses, before it makes anything, two sinks that would write one
/// file: it could keep neither all of its outputs nor the user's old file.
@Suite struct CollidingOutputsTests {
    @Test func aJobRefusesAVideoAndADumpThatNameOneFileBeforeAnythingIsMade() throws {
        let folder = try TestFolder()
        try folder.write("old", to: "x.gif")
        let source = MovingCircles()
        let video = try FFmpegSink(
            path: folder("x.gif"), format: .gif, frames: FrameFormat(source), executable: "/never/run/ffmpeg")
        let dump = try SceneDumpSink(path: folder.path + "/./x.gif")
        #expect(throws: OutputError.outputsCollide(path: folder.path + "/./x.gif", other: folder("x.gif"))) {
            try Render.job(source, into: [video, dump])
        }
        #expect(folder.names() == ["x.gif"])
        #expect(folder.contents(of: "x.gif") == Data("old".utf8))
    }

    @Test func aDumpNamedLikeAFrameInThePNGFolderIsRefusedBeforeAnythingIsMadeAndOneNamedOtherwiseIsWritten() throws {
        let folder = try TestFolder()
        try FileManager.default.createDirectory(atPath: folder("frames"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder("link"), withDestinationPath: folder("frames"))
        for dump in ["frames/frame_00000.png", "frames/./frame_123456.png", "link/frame_00007.png"] {
            let sinks: [any FrameSink] = [try PNGFolderSink(folder: folder("frames/")), try SceneDumpSink(path: folder(dump))]
            #expect(throws: OutputError.outputsCollide(path: folder(dump), other: folder("frames"))) {
                try Render.job(MovingCircles(), into: sinks)
            }
            #expect(folder.names(in: "frames").isEmpty, "\(dump)")
        }
        let sinks: [any FrameSink] = [try PNGFolderSink(folder: folder("frames")), try SceneDumpSink(path: folder("frames/frame_1.png"))]
        try Render.job(MovingCircles(), into: sinks, frames: 0..<2)
        #expect(folder.names(in: "frames") == ["frame_00000.png", "frame_00001.png", "frame_1.png"])
    }
}
