import Foundation
import Output
import Synchronization
import Testing
import TestSupport

/// An interrupted job takes back what it made and says it was interrupted.
@Suite(.tags(.external)) struct CancellationTests {
    @Test func cancellingAfterSomeFramesTakesBackWhatTheRunMadeAndThrowsInterrupted() throws {
        let folder = try TestFolder()
        try folder.write("old", to: "scene.jsonl")
        let source = MovingCircles(frameCount: 40)
        let sinks: [any FrameSink] = [
            try FFmpegSink(path: folder("out.mp4"), format: .mp4, frames: FrameFormat(source)),
            try PNGFolderSink(folder: folder("frames/")),
            try SceneDumpSink(path: folder("scene.jsonl")),
        ]
        let delivered = Atomic(0)
        #expect(throws: OutputError.interrupted) {
            try Render.job(
                source, into: sinks, threads: 1, progress: { done, _ in delivered.store(done, ordering: .relaxed) },
                isCancelled: { delivered.load(ordering: .relaxed) >= 4 })
        }
        #expect(delivered.load(ordering: .relaxed) < 40)
        #expect(folder.names() == ["scene.jsonl"])
        #expect(folder.contents(of: "scene.jsonl") == Data("old".utf8))
    }
}
