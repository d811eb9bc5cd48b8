@testable import Diagram
import Geometry
import Testing
import Tween

/// A script timed for its pacing keeps what it compiled to, and the
/// timeline made of it at the same settings but the frame rate takes that
/// instead of compiling it again: frame for frame the timeline a fresh
/// compile gives.
@Suite struct CompiledScriptTests {
    /// a, b and c, c moved, the ring sent round, with captions.
    static func script() -> Script {
        var p = TimelineTests.abc()
        p.step("c moves") { s in s.beat(.easeInOut(duration: 0.8)) { d in d.nodes["c"]?.position = Point(3, 1.5) } }
        p.step("the ring goes to b") { s in s.beat(.easeOut(duration: 0.4)) { d in d.marks.insert(.ring("ring", on: "b")) } }
        p.step("and on to c") { s in s.beat(.easeInOut(duration: 0.5)) { d in d.marks["ring"]?.placement = .on("c") } }
        return p.builder.script
    }

    @Test func aTimelineAtAnotherFrameRateTakesTheKeptCompileAndIsTheSame() throws {
        var kept = Self.script()
        let timing = FrameSettings(width: 480, height: 270, fps: 1)
        let pacing = try Timeline.pacing(keeping: &kept, settings: timing, labels: DiagramLabels.fit)
        #expect(kept.compiled != nil)
        for fps in [10.0, 30] {
            var settings = timing
            settings.fps = fps
            #expect(kept.compiled?.serves(settings, labels: DiagramLabels.fit) == true)
            let taken = try Timeline(script: kept, settings: settings, labels: DiagramLabels.fit)
            let fresh = try Timeline(script: Self.script(), settings: settings, labels: DiagramLabels.fit)
            #expect(taken.frameCount == fresh.frameCount && taken.steps.map(\.frames) == fresh.steps.map(\.frames))
            #expect(taken.pacing.duration(atSpeed: 1) == pacing.duration(atSpeed: 1))
            for frame in 0..<fresh.frameCount {
                #expect(taken.scene(at: frame) == fresh.scene(at: frame), "frame \(frame) at \(fps) fps")
            }
        }
    }

    @Test func settingsThatChangeTheCompileDoNotTakeIt() throws {
        var kept = Self.script()
        let timing = FrameSettings(width: 480, height: 270, fps: 1)
        _ = try Timeline.pacing(keeping: &kept, settings: timing, labels: DiagramLabels.fit)
        var faster = timing, dark = timing, smaller = timing, narrated = timing
        faster.speed = 2
        dark.theme = .dark
        smaller.width = 320
        narrated.speech = ["c moves": 1.5]
        for settings in [faster, dark, smaller, narrated] {
            #expect(kept.compiled?.serves(settings, labels: DiagramLabels.fit) == false)
            let taken = try Timeline(script: kept, settings: settings, labels: DiagramLabels.fit)
            let fresh = try Timeline(script: Self.script(), settings: settings, labels: DiagramLabels.fit)
            #expect(taken.frameCount == fresh.frameCount)
            #expect(taken.scene(at: taken.frameCount / 2) == fresh.scene(at: fresh.frameCount / 2))
        }
    }

    @Test func aScriptChangedSinceForgetsItButForItsNotes() throws {
        var kept = Self.script()
        let timing = FrameSettings(width: 480, height: 270, fps: 1)
        _ = try Timeline.pacing(keeping: &kept, settings: timing, labels: DiagramLabels.fit)
        kept.notes.append("a note changes no frame")
        #expect(kept.compiled != nil)
        let changes: [(inout Script) -> Void] = [
            { $0.steps.removeLast() }, { $0.steps[0].caption = "another" }, { $0.camera.padding = 0.3 }, { $0.palette = Palette() },
            { $0.overview = Rect(x: 0, y: 0, width: 4, height: 2) },
        ]
        for change in changes {
            var changed = kept
            change(&changed)
            #expect(changed.compiled == nil)
        }
        #expect(kept.compiled != nil)
    }
}
