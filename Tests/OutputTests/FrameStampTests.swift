import Diagram
import Foundation
import Geometry
import Output
import PNG
import Raster
import Synchronization
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

    /// MovingCircles with each scene altered, recording the frames it is
    /// asked for.
    struct Altered: FrameSource {
        var base = MovingCircles()
        let alter: @Sendable (inout Scene, Int) -> Void
        let asked = Asked()
        var width: Int { base.width }
        var height: Int { base.height }
        var fps: Double { base.fps }
        var frameCount: Int { base.frameCount }
        var transparent: Bool { base.transparent }
        var steps: [StepSpan] { base.steps }
        var cues: [CaptionCue] { base.cues }
        var speeches: [Speech] { base.speeches }
        func scene(at frame: Int) -> Scene {
            asked.frames.withLock { _ = $0.insert(frame) }
            var scene = base.scene(at: frame)
            alter(&scene, frame)
            return scene
        }
    }

    /// A source whose scenes are large (MovingCircles' with `extra` nodes
    /// more), one frame marked.
    static func crowded(extra: Int = 60_000, marked: Int? = nil, offFrame: Bool = false) -> Altered {
        Altered(base: MovingCircles(frameCount: 41)) { scene, frame in
            let node = scene.nodes[0]
            scene.nodes += (0..<extra).map { k in
                var n = node
                n.id = 100 + k
                if offFrame { n.x = -1_000 }
                n.label = frame == marked && k == 0 ? "marked" : "\(k)"
                return n
            }
        }
    }

    final class Asked: Sendable {
        let frames = Mutex<Set<Int>>([])
    }

    /// Large scenes are dumped only so many elements' worth (a graph of
    /// 10,000 nodes and 20,000 edges took 12 s for 25 frames): at least
    /// the first, the middle and the last frame, which still tell apart
    /// two animations that differ in the middle, and agree from run to run.
    @Test func largeScenesAreStampedFromTheFirstMiddleAndLastFrames() throws {
        let font = try Font.default()
        let plain = Self.crowded()
        let stamp = FrameStamp(source: plain, font: font)
        #expect(plain.asked.frames.withLock { $0 } == [0, 20, 40])
        #expect(FrameStamp(source: Self.crowded(), font: font) == stamp)
        #expect(FrameStamp(source: Self.crowded(marked: 20), font: font) != stamp)
        // Scenes as large to make, most of them off the frame: as few.
        let off = Self.crowded(offFrame: true)
        _ = FrameStamp(source: off, font: font)
        #expect(off.asked.frames.withLock { $0 } == [0, 20, 40])
        // Small scenes: 25 frames, spread over the animation.
        let small = Self.crowded(extra: 0)
        _ = FrameStamp(source: small, font: font)
        #expect(small.asked.frames.withLock { $0 } == Set((0...24).map { 40 * $0 / 24 }))
    }

    /// MovingCircles with a node far off the frame and an edge that
    /// crosses it from off one side to off the other, either labelled.
    static func offstage(offLabel: String = "far", crossing: String = "across") -> Altered {
        Altered { scene, _ in
            var far = scene.nodes[0]
            (far.id, far.x, far.y, far.label) = (10, -500, -500, offLabel)
            scene.nodes.append(far)
            var edge = scene.edges[0]
            edge.points = [Point(-200, 30), Point(Double(scene.width) + 200, 30)]
            edge.label = crossing
            edge.labelSize = 8
            edge.labelPoint = Point(Double(scene.width) / 2, 30)
            scene.edges.append(edge)
        }
    }

    /// What lies wholly off the frame shows nowhere in it and is left out
    /// of the dumps (a camera close on a large graph leaves most of it
    /// out); an edge that crosses the frame, its ends off it, is kept.
    @Test func whatLiesOffTheFrameIsNotStampedButWhatCrossesItIs() throws {
        let font = try Font.default()
        let stamp = FrameStamp(source: Self.offstage(), font: font)
        #expect(FrameStamp(source: Self.offstage(offLabel: "elsewhere"), font: font) == stamp)
        #expect(FrameStamp(source: Self.offstage(crossing: "over"), font: font) != stamp)
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
