import Diagram

/// The words of an animation as a document to read: its title, then every
/// step with its number, when it plays, its title (its caption), the
/// captions in the order they show with their times, the words of a
/// slide, a question put to the room, and the presenter's note. Markdown,
/// so it reads as plain text and renders as a page; what a screen reader
/// user or a student revising reads instead of watching, and the alt text
/// of a step's picture.
///
///     let markdown = Transcript.markdown(title: "BST", source: timeline)
public enum Transcript {
    /// The transcript of `source`'s steps and cues, titled `title`.
    public static func markdown(title: String, source: some FrameSource) -> String {
        markdown(title: title, steps: source.steps, cues: source.cues, fps: source.fps, frameCount: source.frameCount)
    }

    /// The transcript of `steps` with `cues`, at `fps`, of an animation of
    /// `frameCount` frames.
    public static func markdown(title: String, steps: [StepSpan], cues: [CaptionCue], fps: Double, frameCount: Int) -> String {
        var blocks = ["# \(escape(title))"]
        let seconds = Double(frameCount) / fps
        let time = { (frame: Int) in Double(frame) / fps }
        blocks.append("\(steps.count) \(steps.count == 1 ? "step" : "steps"), \(clock(seconds)) long.")
        var byStep = [Int: [CaptionCue]]()
        for cue in cues { byStep[cue.step, default: []].append(cue) }
        var section: String?
        for (k, step) in steps.enumerated() {
            if let name = step.section, name != section {
                blocks.append("## \(escape(name))")
                section = name
            }
            let heading = section == nil ? "##" : "###"
            let name = step.question.map { "Question: \($0)" } ?? step.caption ?? slideTitle(step.slide) ?? "Step \(k + 1)"
            blocks.append("\(heading) \(k + 1). \(escape(flat(name)))")
            blocks.append("\(clock(time(step.frames.lowerBound)))–\(clock(time(step.frames.upperBound)))")
            if let question = step.question { blocks.append("**Question:** \(escape(flat(question)))") }
            if let slide = step.slide, !slide.isEmpty {
                // A paragraph each block; a list's items and a code block's
                // lines kept together.
                var text = ""
                for (i, block) in slide.enumerated() {
                    if i > 0 { text += Self.sameKind(slide[i - 1], block) ? "\n" : "\n\n" }
                    text += slideLine(block)
                }
                blocks.append(text)
            }
            let said = (byStep[k] ?? []).filter { step.question == nil || $0.text != step.question }
            if !said.isEmpty {
                blocks.append(said.map { "- \(clock($0.start(fps: fps))) \(escape(flat($0.text)))" }.joined(separator: "\n"))
            }
            if let note = step.note, !note.isEmpty { blocks.append("> \(escape(flat(note)))") }
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// What clip `k` of `plan` shows, in words, for a reader who cannot
    /// see it (alternative text): a question, a text slide's words, and the
    /// captions the clip shows in order, each a sentence. Nil for a clip
    /// with no words.
    public static func description(ofClip k: Int, plan: StepClipPlan, steps: [StepSpan], cues: [CaptionCue]) -> String? {
        let clip = plan.clips[k]
        let step = k < steps.count ? steps[k] : nil
        var sentences = [String]()
        if let question = step?.question { sentences.append("Question: \(flat(question))") }
        for block in step?.slide ?? [] {
            switch block {
            case .title(let t), .subtitle(let t), .heading(let t), .paragraph(let t), .bullet(let t): sentences.append(flat(t))
            case .code(let t): sentences.append(t)
            }
        }
        for cue in CaptionCue.cues(cues, in: clip.lowerBound..<(clip.upperBound + 1))
        where sentences.last != flat(cue.text) && step?.question != cue.text {
            sentences.append(flat(cue.text))
        }
        guard !sentences.isEmpty else { return nil }
        return sentences.map { s in s.last.map { ".!?:;…。！？".contains($0) } == true ? s : s + "." }.joined(separator: " ")
    }

    /// A slide's title, if it has one.
    static func slideTitle(_ blocks: [SlideBlock]?) -> String? {
        for block in blocks ?? [] {
            switch block {
            case .title(let t), .heading(let t): return t
            default: continue
            }
        }
        return nil
    }

    /// Whether `a` and `b` are lines of one list or one code block.
    static func sameKind(_ a: SlideBlock, _ b: SlideBlock) -> Bool {
        switch (a, b) {
        case (.bullet, .bullet), (.code, .code): true
        default: false
        }
    }

    /// A slide's block as a line of the transcript.
    static func slideLine(_ block: SlideBlock) -> String {
        switch block {
        case .title(let t), .heading(let t): "**\(escape(flat(t)))**"
        case .subtitle(let t), .paragraph(let t): escape(flat(t))
        case .bullet(let t): "- \(escape(flat(t)))"
        case .code(let t): t.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
        }
    }

    /// `seconds` as `m:ss.s`.
    static func clock(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        let s = tenths / 10 % 60, m = tenths / 600
        return "\(m):\(s < 10 ? "0" : "")\(s).\(tenths % 10)"
    }

    /// A text on one line.
    static func flat(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// `text` with Markdown's marks escaped, so it renders as written and
    /// still reads as plain text: emphasis, strike-through, code, link,
    /// table and HTML marks anywhere (and `&`, which would start an
    /// entity), a heading's, a quote's or a list's at the start (`1.` too).
    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            let numbered = !out.isEmpty && out.allSatisfy { $0.isASCII && $0.isNumber } && (c == "." || c == ")")
            if "\\`*_~|[]<&".contains(c) || (out.isEmpty && "#>+-".contains(c)) || numbered { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
