/// Several timelines played one after another as one animation: a
/// lecture's title and text slides, its animations of several structures
/// and its questions, each compiled on its own (its own camera, palette
/// and code panel) and joined with a cut.
///
/// Frame numbers, times and step numbers run on across the parts, so a
/// deck, a handout or a video of the whole is made as of one timeline.
/// Each part keeps its last frame (its final hold), and the next part's
/// first frame follows it.
///
///     let lecture = try TimelineSequence([(title, "Introduction"), (bst, "Search trees")])
///     lecture.frameCount  // title.frameCount + bst.frameCount
public struct TimelineSequence: FrameSource {
    public let parts: [Timeline]
    /// The first frame of each part, and after them the frame count.
    public let offsets: [Int]
    public let steps: [StepSpan]
    /// The index of each part's first step in ``steps``.
    let stepOffsets: [Int]

    public var width: Int { parts[0].width }
    public var height: Int { parts[0].height }
    public var fps: Double { parts[0].fps }
    public var transparent: Bool { parts[0].transparent }
    public var frameCount: Int { offsets[offsets.count - 1] }

    /// Joins `parts` in order, each with the name of its section (put on
    /// its steps, ``StepSpan/section``).
    /// - Precondition: at least one part, all of one frame size, rate and
    ///   background.
    public init(_ parts: [(timeline: Timeline, section: String?)]) {
        precondition(!parts.isEmpty, "a sequence of no timelines")
        let first = parts[0].timeline
        precondition(
            parts.allSatisfy { $0.timeline.settings.width == first.settings.width && $0.timeline.settings.height == first.settings.height
                && $0.timeline.settings.fps == first.settings.fps && $0.timeline.transparent == first.transparent },
            "parts of one sequence share their frame size, rate and background")
        self.parts = parts.map(\.timeline)
        var offsets = [0], stepOffsets = [Int](), steps = [StepSpan]()
        for (timeline, section) in parts {
            let frame = offsets[offsets.count - 1]
            let seconds = Double(frame) / first.fps
            stepOffsets.append(steps.count)
            for var span in timeline.steps {
                span.start += seconds
                span.end += seconds
                span.rest += seconds
                span.frames = (span.frames.lowerBound + frame)..<(span.frames.upperBound + frame)
                span.restFrame += frame
                span.section = span.section ?? section
                steps.append(span)
            }
            offsets.append(frame + timeline.frameCount)
        }
        self.offsets = offsets
        self.stepOffsets = stepOffsets
        self.steps = steps
    }

    /// Each part's cues, in the sequence's frames and steps.
    public var cues: [CaptionCue] {
        parts.indices.flatMap { k in
            parts[k].cues.map { cue in
                CaptionCue(
                    text: cue.text, frames: (cue.frames.lowerBound + offsets[k])..<(cue.frames.upperBound + offsets[k]),
                    step: cue.step + stepOffsets[k])
            }
        }
    }

    /// Each part's speeches, in the sequence's frames and times.
    public var speeches: [Speech] {
        parts.indices.flatMap { k in
            parts[k].speeches.map { said in
                Speech(text: said.text, frame: said.frame + offsets[k], start: Double(said.frame + offsets[k]) / fps, length: said.length)
            }
        }
    }

    /// The part that shows frame `index`, and the frame's index in it.
    public func part(ofFrame index: Int) -> (part: Int, frame: Int) {
        var lo = 0, hi = parts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if offsets[mid] <= index { lo = mid } else { hi = mid - 1 }
        }
        return (lo, index - offsets[lo])
    }

    public func scene(at index: Int) -> Scene { scene(at: index, fingerprint: false) }

    public func fingerprintScene(at index: Int) -> Scene { scene(at: index, fingerprint: true) }

    func scene(at index: Int, fingerprint: Bool) -> Scene {
        let (part, local) = part(ofFrame: index)
        var scene = fingerprint ? parts[part].fingerprintScene(at: local) : parts[part].scene(at: local)
        scene.frame = index
        scene.time = Double(index) / fps
        scene.step += stepOffsets[part]
        if var said = scene.speech {
            said.frame += offsets[part]
            said.start = Double(said.frame) / fps
            scene.speech = said
        }
        return scene
    }
}
