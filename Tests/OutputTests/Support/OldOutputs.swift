import Foundation
import Output
import Testing

/// A folder holding a video and a scene dump from before, and sinks that
/// replace them: the video through a fake ffmpeg that writes `new video`.
struct OldOutputs {
    let folder: TestFolder
    let source = MovingCircles()
    let video: FFmpegSink
    let dump: SceneDumpSink

    init() throws {
        folder = try TestFolder()
        let environment = try folder.fakeFFmpeg("for a; do last=$a; done\ncat >/dev/null\nprintf 'new video' >\"$last\"")
        try folder.write("old video", to: "out.mp4")
        try folder.write("old dump", to: "scene.jsonl")
        video = try FFmpegSink(path: folder("out.mp4"), format: .mp4, frames: FrameFormat(source), environment: environment)
        dump = try SceneDumpSink(path: folder("scene.jsonl"))
    }

    /// Expects the folder as it was before the job: the old video and dump
    /// byte for byte, and no other file but the fake ffmpeg's folder.
    func expectAsBefore(sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(folder.names() == ["bin", "out.mp4", "scene.jsonl"], sourceLocation: sourceLocation)
        #expect(folder.contents(of: "out.mp4") == Data("old video".utf8), sourceLocation: sourceLocation)
        #expect(folder.contents(of: "scene.jsonl") == Data("old dump".utf8), sourceLocation: sourceLocation)
    }
}
