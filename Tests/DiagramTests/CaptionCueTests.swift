import Diagram
import Geometry
import Testing
import Tween

/// Caption cues (what subtitles and narration read) and narration's holds,
/// on small scripts at 10 fps.
@Suite struct CaptionCueTests {
    /// Two steps: "one" then, a second in, "two" over a move; then "three".
    static func play() -> Play {
        var p = TimelineTests.abc()
        p.step("move") { s in
            s.beat(.linear(duration: 1), caption: "one") { d in d.nodes["c"]?.position = Point(3, 1.5) }
            s.beat(.linear(duration: 1), caption: "two") { d in d.nodes["c"]?.position = Point(1, 1.5) }
        }
        p.step("three") { s in s.hold(1) }
        return p
    }

    /// The caption each frame draws.
    static func drawn(_ tl: Timeline) -> [String?] { (0..<tl.frameCount).map { tl.scene(at: $0).caption } }

    @Test func cuesAreTheRunsOfFramesThatShowEachCaption() throws {
        let tl = try Self.play().timeline()
        let cues = tl.cues
        // Rebuilt frame by frame from the cues, the captions are the frames' own.
        var rebuilt = [String?](repeating: nil, count: tl.frameCount)
        for cue in cues { for i in cue.frames { rebuilt[i] = cue.text } }
        #expect(rebuilt == Self.drawn(tl))
        // "start" takes no time and "move" is replaced at once: neither shows.
        #expect(cues.map(\.text) == ["one", "two", "three"])
        // Each cue's step is the step of its first frame; they tile the frames.
        for cue in cues { #expect(cue.step == tl.scene(at: cue.frames.lowerBound).step) }
        #expect(zip(cues, cues.dropFirst()).allSatisfy { $0.frames.upperBound == $1.frames.lowerBound })
        #expect(cues.last?.frames.upperBound == tl.frameCount)
        #expect(cues[1].start(fps: 10) == Double(cues[1].frames.lowerBound) / 10)
    }

    @Test func cuesStayWhenFramesDrawNoCaptions() throws {
        var p = Self.play()
        let with = try p.timeline().cues
        p.settings.captions = false
        let tl = try p.timeline()
        #expect(Self.drawn(tl).allSatisfy { $0 == nil })
        #expect(tl.cues.map(\.text) == with.map(\.text))
    }

    @Test func aClipsCuesAreCutToItAndCountedFromItsStart() {
        let cues = [CaptionCue(text: "a", frames: 0..<10, step: 0), CaptionCue(text: "b", frames: 10..<30, step: 1)]
        let clip = CaptionCue.cues(cues, in: 5..<20)
        #expect(clip == [CaptionCue(text: "a", frames: 0..<5, step: 0), CaptionCue(text: "b", frames: 5..<15, step: 1)])
        #expect(CaptionCue.cues(cues, in: 30..<40).isEmpty)
    }

    @Test func aSequencesCuesRunOnAcrossItsParts() throws {
        let a = try Self.play().timeline(), b = try Self.play().timeline()
        let both = TimelineSequence([(a, "A"), (b, "B")])
        #expect(both.cues.count == a.cues.count * 2)
        let second = both.cues[a.cues.count]
        #expect(second.frames.lowerBound == a.frameCount && second.step == a.steps.count + b.cues[0].step)
    }

    @Test func narrationHoldsTheAnimationUntilEachCaptionIsSaid() throws {
        var p = Self.play()
        let silent = try p.timeline()
        p.settings.speech = ["start": 0.5, "one": 2.5, "two": 0.4, "three": 3, "move": 1]
        #expect(p.settings.speechPause == 0.35)
        let tl = try p.timeline()
        // The same captions and steps, in the same order.
        #expect(tl.cues.map(\.text) == silent.cues.map(\.text))
        #expect(tl.steps.count == silent.steps.count)
        // "start" (a step that takes no time) and "move" ("one" replaces it
        // at once) are never on screen, so they are not said.
        #expect(tl.speeches.map(\.text) == ["one", "two", "three"])
        for (said, cue) in zip(tl.speeches, tl.cues) {
            // Said from the frame its caption appears on ...
            #expect(said.frame == cue.frames.lowerBound && said.start == Double(said.frame) / 10)
            #expect(said.length == p.settings.speech[said.text])
            // ... which stays until it is said (and a pause after, less the
            // part of a frame its start was put off by).
            #expect(Double(cue.frames.upperBound) / 10 >= said.end + p.settings.speechPause - 0.1 - 1e-9)
            #expect(Double(cue.frames.upperBound) / 10 > said.end)
        }
        #expect(zip(tl.speeches, tl.speeches.dropFirst()).allSatisfy { $0.end <= $1.start })
        // Only rests grow: "one"'s move still takes one second.
        let one = tl.cues[0].frames.lowerBound
        let moved = (one...).first { tl.scene(at: $0).node("c")!.x == tl.scene(at: one + 10).node("c")!.x }!
        #expect(moved - one == 10)
        #expect(tl.frameCount > silent.frameCount)
        // A frame during a speech says so; one in the pause after does not.
        #expect(tl.scene(at: tl.speeches[0].frame + 1).speech?.text == "one")
        let pause = Int((tl.speeches[0].end * 10).rounded(.up))
        #expect(tl.scene(at: pause).speech == nil && pause < tl.speeches[1].frame)
    }
}
