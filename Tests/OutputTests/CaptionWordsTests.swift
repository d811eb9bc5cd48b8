import Diagram
import Foundation
import Output
import Testing
import TestSupport

/// The words of an animation in other forms: subtitle files, language
/// tags, transcripts, spoken forms, and sound.
@Suite struct CaptionWordsTests {
    static let cues = [
        CaptionCue(text: "insert 42", frames: 0..<12, step: 0),
        CaptionCue(text: "42 < 50 → left & on", frames: 12..<25, step: 0),
        CaptionCue(text: "two\n\nlines", frames: 30..<31, step: 1),
    ]

    @Test func aWebVTTFileEscapesItsMarksAndTimesCuesByTheirFrames() {
        let vtt = Subtitles.text(Self.cues, fps: 30, format: .vtt)
        #expect(vtt == """
            WEBVTT

            1
            00:00:00.000 --> 00:00:00.400
            insert 42

            2
            00:00:00.400 --> 00:00:00.833
            42 &lt; 50 → left &amp; on

            3
            00:00:01.000 --> 00:00:01.033
            two
            lines


            """)
    }

    @Test func aSubRipFileKeepsTheWordsAndUsesCommas() {
        let srt = Subtitles.text(Self.cues, fps: 30, format: .srt)
        #expect(srt.hasPrefix("1\n00:00:00,000 --> 00:00:00,400\ninsert 42\n\n2\n00:00:00,400 --> 00:00:00,833\n42 < 50 → left & on\n\n"))
        #expect(Subtitles.timestamp(3_723_004, .srt) == "01:02:03,004")
        // Tags a player would style by are kept as words; a lone < is left.
        let tags = Subtitles.text([CaptionCue(text: "insert <b> & </i> {\\an8} 4 < 5", frames: 0..<3, step: 0)], fps: 30, format: .srt)
        #expect(tags.contains("insert <\u{2060}b> & <\u{2060}/i> {\u{2060}\\an8} 4 < 5\n"), "\(tags)")
        #expect(SubtitleFormat(path: "a/b.SRT") == .srt && SubtitleFormat(path: "x.vtt") == .vtt)
        #expect(SubtitleFormat(path: "x.txt") == nil && SubtitleFormat(path: "x.d/vtt") == nil)
    }

    @Test func languageTagsAreCheckedAndNamedForTracks() {
        #expect(Language("en_GB")?.tag == "en-GB")
        #expect(Language("EN")?.iso639_2 == "eng" && Language("zh-Hans")?.iso639_2 == "zho" && Language("de")?.name == "German")
        #expect(Language("cmn")?.iso639_2 == "zho" && Language("ast")?.iso639_2 == "ast" && Language("xx")?.iso639_2 == "und")
        for bad in ["", "e", "english", "1x", "en--GB", "en-toolongtag"] { #expect(Language(bad) == nil, "\(bad)") }
        #expect(Language.guess(from: ["插入 42", "张三 的 父亲"]) == .chinese)
        #expect(Language.guess(from: ["insert 42", "张三 becomes the root of the family"]) == .english)
    }

    @Test func theSpokenFormSaysSignsAsWords() {
        #expect(SpokenText.words("42 < 50 → left", language: .english) == "42 is less than 50, left")
        #expect(SpokenText.words("75 > 59 → right", language: .english) == "75 is greater than 59, right")
        #expect(SpokenText.words("a ≤ b", language: .english) == "a is at most b")
        #expect(SpokenText.words("partition [0…3] around 5", language: .english) == "partition [0 to 3] around 5")
        // A sign inside a word is part of the word; other languages keep their signs but for arrows.
        #expect(SpokenText.words("vector<int>", language: .english) == "vector<int>")
        #expect(SpokenText.words("42 < 50 → 左", language: .chinese) == "42 < 50, 左")
    }

    @Test func theTranscriptHasEveryStepItsCaptionsAndNote() {
        var a = StepSpan(caption: "insert 42", note: "Compare 42 with *each* node &amp; more.", start: 0, end: 1, frames: 0..<30)
        a.section = "Search trees"
        var b = StepSpan(caption: "Where will 45 go?", note: nil, start: 1, end: 2, frames: 30..<60)
        b.question = "Where will 45 go?"
        let cues = [
            CaptionCue(text: "insert 42", frames: 0..<12, step: 0), CaptionCue(text: "42 < 50 → left", frames: 12..<30, step: 0),
            CaptionCue(text: "Where will 45 go?", frames: 30..<60, step: 1),
        ]
        let text = Transcript.markdown(title: "BST", steps: [a, b], cues: cues, fps: 30, frameCount: 60)
        #expect(text == """
            # BST

            2 steps, 0:02.0 long.

            ## Search trees

            ### 1. insert 42

            0:00.0–0:01.0

            - 0:00.0 insert 42
            - 0:00.4 42 \\< 50 → left

            > Compare 42 with \\*each\\* node \\&amp; more.

            ### 2. Question: Where will 45 go?

            0:01.0–0:02.0

            **Question:** Where will 45 go?

            """)
    }

    /// Strike-through, a table's bar and a numbered list's mark are words
    /// as written, not Markdown.
    @Test func theTranscriptEscapesStrikeThroughTablesAndNumberedLists() {
        let step = StepSpan(caption: "1. ~~x~~ | y", note: "2) ~z~", start: 0, end: 1, frames: 0..<30)
        let text = Transcript.markdown(title: "~~T~~", steps: [step], cues: [CaptionCue(text: "a|b ~c~", frames: 0..<30, step: 0)], fps: 30, frameCount: 30)
        #expect(text.contains("# \\~\\~T\\~\\~\n"))
        #expect(text.contains("## 1. 1\\. \\~\\~x\\~\\~ \\| y\n"))
        #expect(text.contains("- 0:00.0 a\\|b \\~c\\~\n"))
        #expect(text.contains("> 2\\) \\~z\\~\n"))
    }

    @Test func aSoundIsWrittenAndReadAsWAVAndLaidOnSilence() throws {
        let beep = Soundtrack(rate: 8000, samples: (0..<800).map { Int16(($0 % 20) * 1000 - 10000) })
        let wav = beep.wav
        #expect(wav.count == 44 + 1600 && Array(wav[0..<4]) == Array("RIFF".utf8))
        #expect(Soundtrack(wav: wav) == beep)
        #expect(Soundtrack(wav: Array("RIFF0000WAVE".utf8)) == nil)
        // Two beeps on two seconds of silence, one resampled.
        let track = Soundtrack.laying([(beep, 0.5), (beep.resampled(to: 16000), 1.5)], rate: 8000, seconds: 2)
        #expect(track.samples.count == 16000)
        #expect(track.samples[0..<4000].allSatisfy { $0 == 0 } && Array(track.samples[4000..<4800]) == beep.samples)
        #expect(track.samples[4800..<12000].allSatisfy { $0 == 0 } && track.samples[12000..<12800].contains { $0 != 0 })
        // A clip's slice lasts as long as its frames.
        #expect(track.slice(frames: 15..<60, fps: 30).samples.count == 12000)
        #expect(track.slice(frames: 50..<70, fps: 30).samples.count == Int((20.0 / 30 * 8000).rounded()))
    }

    @Test(.tags(.external)) func espeakSaysCaptionsTheSameEveryTimeAndChineseInMandarin() throws {
        let engine = try SpeechEngine(environment: ProcessInfo.processInfo.environment)
        let voices = try engine.voices()
        #expect(engine.voice(for: .english, among: voices)?.identifier == "en-us")
        #expect(engine.voice(for: .chinese, among: voices)?.identifier == "cmn")
        #expect(engine.voice(for: Language("de")!, among: voices)?.identifier == "de")
        #expect(engine.voice(for: Language("en-Latn-US")!, among: voices)?.identifier == "en-us")
        #expect(engine.voice(for: Language("zh-HK")!, among: voices)?.identifier == "yue")
        #expect(engine.voice(for: Language("ja")!, among: voices)?.identifier == "ja")
        #expect(SpeechEngine.readsHan("ja") && SpeechEngine.readsHan("zh-Hant") && !SpeechEngine.readsHan("en-GB"))
        // A voice named as espeak-ng lists it is spoken with by its file, keeping a variant.
        let america = try #require(voices.first { $0.isNamed("English_(America)+f3") })
        #expect(america.argument(for: "English_(America)+f3") == "gmw/en-US+f3")
        #expect(try engine.say("a", voice: america.argument(for: "English_(America)+f3")).samples.count > 1000)
        let texts = ["42 < 50 → left", "插入 42", "42 < 50 → left"]
        let pick = { (t: String) in t.unicodeScalars.contains(where: Language.isHan) ? "cmn" : "en-us" }
        let a = try Narration(saying: texts, engine: engine, voice: pick, language: .english)
        let b = try Narration(saying: texts, engine: engine, voice: pick, language: .english)
        #expect(a.clips.count == 2 && a.clips == b.clips)
        #expect(a.voices["插入 42"] == "cmn")
        for (text, length) in a.lengths { #expect(length > 0.5 && length < 4, "\(text): \(length) s") }
    }
}
