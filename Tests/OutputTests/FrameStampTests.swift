import Foundation
import Output
import PNG
import Raster
import Testing

/// Frames say which animation they belong to, so a folder never mixes two.
@Suite struct FrameStampTests {
    static func stamp(_ source: MovingCircles) throws -> FrameStamp { FrameStamp(source: source, font: try Font.default()) }

    @Test func everyFrameCarriesItsAnimationsStampAndIndex() throws {
        let folder = try TestFolder()
        let source = MovingCircles()
        let stamp = try Self.stamp(source)
        try Render.job(source, into: [PNGFolderSink(folder: folder("f"), stamp: stamp)], frames: 2..<5)
        for i in 2..<5 {
            let found = try #require(FrameStamp.read(atPath: folder("f/" + PNGFolderSink.fileName(of: i))))
            #expect(found.stamp == stamp && found.frame == i)
        }
        #expect(stamp.fingerprint.count == 16 && stamp.frameCount == source.frameCount)
    }

    @Test func theSameAnimationGetsTheSameStampAndAnotherADifferentOne() throws {
        #expect(try Self.stamp(MovingCircles()) == (try Self.stamp(MovingCircles())))
        #expect(try Self.stamp(MovingCircles()) != (try Self.stamp(MovingCircles(width: 98))))
        #expect(try Self.stamp(MovingCircles()) != (try Self.stamp(MovingCircles(transparent: true))))
    }

    /// Refused when the job begins, after it has taken back what a killed
    /// run left: a folder a run was killed in the middle of replacing holds
    /// frames of two animations until then.
    @Test func aFolderWithFramesOfAnotherAnimationIsRefusedAndLeftAsItWas() throws {
        let folder = try TestFolder()
        let other = MovingCircles(width: 98)
        try Render.job(other, into: [PNGFolderSink(folder: folder("f"), stamp: try Self.stamp(other))])
        let before = folder.names(in: "f").map { folder.contents(of: "f/" + $0) }
        let source = MovingCircles()
        #expect(throws: OutputError.folderHoldsOtherFrames(path: folder("f"), example: "frame_00000.png", count: other.frameCount)) {
            try Render.job(source, into: [PNGFolderSink(folder: folder("f"), stamp: try Self.stamp(source))])
        }
        #expect(folder.names(in: "f").map { folder.contents(of: "f/" + $0) } == before)
    }

    @Test func replacingTakesAwayTheOtherFramesOnlyWhenTheJobCommits() throws {
        let folder = try TestFolder()
        let longer = MovingCircles(frameCount: 12)
        try Render.job(longer, into: [PNGFolderSink(folder: folder("f"), stamp: try Self.stamp(longer))])
        let old = folder.names(in: "f").map { folder.contents(of: "f/" + $0) }
        let shorter = MovingCircles(frameCount: 5)
        let stamp = try Self.stamp(shorter)
        // A failed commit leaves every old frame.
        #expect(throws: OutputError.self) {
            try Render.job(shorter, into: [PNGFolderSink(folder: folder("f"), stamp: stamp, replacingOtherFrames: true), CommitHook.failing()])
        }
        #expect(folder.names(in: "f").map { folder.contents(of: "f/" + $0) } == old)
        try Render.job(shorter, into: [PNGFolderSink(folder: folder("f"), stamp: stamp, replacingOtherFrames: true)])
        #expect(folder.names(in: "f") == (0..<5).map(PNGFolderSink.fileName(of:)))
        for name in folder.names(in: "f") { #expect(FrameStamp.read(atPath: folder("f/" + name))?.stamp == stamp) }
    }
}
