import Foundation
import Testing
import TestSupport

/// Subtitles, transcripts and narration through the command line: what
/// the files and tracks hold is read back by ffmpeg and ffprobe and held
/// against the scene dump of the same run.
@Suite(.tags(.cli)) struct AccessibilityCommandTests {
    typealias Cue = (text: String, start: Int, end: Int)

    /// Runs treeanim in a new folder and returns the folder.
    static func render(_ args: [String]) throws -> String {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(args, in: dir)
        try #require(r.status == 0, "treeanim \(args.joined(separator: " ")): \(r.stderr)")
        return dir
    }

    /// What a program writes on its standard output; the test fails if it fails.
    static func tool(_ name: String, _ args: [String], in dir: String) throws -> String {
        let r = try CommandRunner.run(args, in: dir, executable: CommandRunner.onPath(name))
        try #require(r.status == 0, "\(name) \(args.joined(separator: " ")): \(r.stderr)")
        return r.stdout
    }

    /// The dump's frames as JSON objects.
    static func frames(_ path: String) throws -> [[String: Any]] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// The runs of frames that show one caption: its words and the times,
    /// in milliseconds, of its first frame and of the frame after its last.
    static func captionRuns(_ frames: [[String: Any]], fps: Double) -> [Cue] {
        var runs = [Cue]()
        var current: (String, Int)?
        let ms = { (frame: Int) in Int((Double(frame) * 1000 / fps).rounded()) }
        for (i, frame) in frames.enumerated() {
            let caption = frame["caption"] as? String
            if caption == current?.0 { continue }
            if let (text, start) = current { runs.append((text, ms(start), ms(i))) }
            current = caption.map { ($0, i) }
        }
        if let (text, start) = current { runs.append((text, ms(start), ms(frames.count))) }
        return runs
    }

    /// The cues of a WebVTT text as ffmpeg writes it (`-f webvtt`):
    /// their words (lines joined) and times in milliseconds.
    static func webVTTCues(_ text: String) -> [Cue] {
        func ms(_ stamp: Substring) -> Int {
            let parts = stamp.split(separator: ":").map(String.init)
            let seconds = parts.reversed().enumerated().reduce(0.0) { $0 + (Double($1.element) ?? 0) * pow(60, Double($1.offset)) }
            return Int((seconds * 1000).rounded())
        }
        var cues = [Cue]()
        let blocks = text.replacingOccurrences(of: "\r\n", with: "\n").components(separatedBy: "\n\n")
        for block in blocks {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: true)
            guard let timing = lines.firstIndex(where: { $0.contains("-->") }) else { continue }
            let ends = lines[timing].components(separatedBy: "-->").map { $0.trimmingCharacters(in: .whitespaces) }
            let words = lines[(timing + 1)...].joined(separator: "\n")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
            cues.append((words, ms(Substring(ends[0])), ms(Substring(ends[1].split(separator: " ")[0]))))
        }
        return cues
    }

    static func same(_ a: [Cue], _ b: [Cue]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.text == $1.text && $0.start == $1.start && $0.end == $1.end }
    }

    static let bst = ["bst", "--ops", "insert 50 30 70; search 70", "--size", "320x180", "--fps", "10"]

    @Test func srtAndVTTFilesHoldEveryCaptionTimedToItsFrames() throws {
        let dir = try Self.render(Self.bst + ["-o", "f/", "--dump-scene", "d.jsonl", "--subtitles", "s.vtt"])
        let srt = try Self.render(Self.bst + ["-o", "f/", "--subtitles", "s.srt"])
        let runs = Self.captionRuns(try Self.frames(dir + "/d.jsonl"), fps: 10)
        #expect(runs.count >= 8)
        #expect(runs.contains { $0.text == "30 < 50 → left" })
        // ffmpeg reads both files; what it reads is the dump's captions and times.
        let vtt = Self.webVTTCues(try Self.tool("ffmpeg", ["-v", "error", "-i", "s.vtt", "-f", "webvtt", "-"], in: dir))
        let fromSRT = Self.webVTTCues(try Self.tool("ffmpeg", ["-v", "error", "-i", "s.srt", "-f", "webvtt", "-"], in: srt))
        #expect(Self.same(vtt, runs), "\(vtt)\n\(runs)")
        #expect(vtt.map(\.text) == fromSRT.map(\.text) && vtt.map(\.start) == fromSRT.map(\.start))
        let file = try String(contentsOfFile: dir + "/s.vtt", encoding: .utf8)
        #expect(file.hasPrefix("WEBVTT\n\n1\n00:00:00.000 --> "))
        #expect(file.contains("30 &lt; 50 → left"))
    }

    @Test func anMP4AndAWebMCarryTheCaptionsAsATaggedTrack() throws {
        let dir = try Self.render(Self.bst + ["-o", "v.mp4", "--subtitles", "embed", "--lang", "de", "--dump-scene", "d.jsonl"])
        let runs = Self.captionRuns(try Self.frames(dir + "/d.jsonl"), fps: 10)
        let streams = try Self.tool(
            "ffprobe", ["-v", "error", "-show_entries", "stream=codec_type,codec_name:stream_tags=language", "-of", "csv=p=0", "v.mp4"], in: dir)
        #expect(streams.split(separator: "\n").contains("mov_text,subtitle,deu"), "\(streams)")
        let inside = Self.webVTTCues(try Self.tool("ffmpeg", ["-v", "error", "-i", "v.mp4", "-map", "0:s", "-f", "webvtt", "-"], in: dir))
        #expect(Self.same(inside, runs), "\(inside)\n\(runs)")

        // A clean picture with the words beside it: no caption drawn, all in the track.
        let webm = try Self.render(
            Self.bst + ["-o", "v.webm", "--no-captions", "--subtitles", "embed", "--dump-scene", "d.jsonl"])
        #expect(try Self.frames(webm + "/d.jsonl").allSatisfy { $0["caption"] is NSNull })
        let track = Self.webVTTCues(try Self.tool("ffmpeg", ["-v", "error", "-i", "v.webm", "-map", "0:s", "-f", "webvtt", "-"], in: webm))
        #expect(track.map(\.text) == runs.map(\.text))
        let codec = try Self.tool(
            "ffprobe", ["-v", "error", "-select_streams", "s", "-show_entries", "stream=codec_name:stream_tags=language", "-of", "csv=p=0", "v.webm"],
            in: webm)
        #expect(codec.trimmingCharacters(in: .whitespacesAndNewlines) == "webvtt,eng")
    }

    @Test func theTranscriptListsEveryStepWithItsCaptionsAndNote() throws {
        let dir = try Self.render(Self.bst + ["-o", "f/", "--dump-scene", "d.jsonl", "--transcript", "t.md"])
        let frames = try Self.frames(dir + "/d.jsonl")
        let steps = Set(frames.compactMap { $0["step"] as? Int }).count
        let text = try String(contentsOfFile: dir + "/t.md", encoding: .utf8)
        let plain = text.replacingOccurrences(of: "\\", with: "")
        #expect(text.hasPrefix("# Binary search tree\n\n\(steps) steps, "))
        for k in 1...steps { #expect(text.contains("\n## \(k). "), "step \(k) missing:\n\(text)") }
        #expect(!text.contains("\n## \(steps + 1). "))
        for run in Self.captionRuns(frames, fps: 10) { #expect(plain.contains(run.text), "\(run.text)") }
        #expect(text.contains("30 \\< 50 → left"))
        #expect(text.contains("\n> Compare 70 with each node from the root"))
    }

    @Test func stepClipsCarryTheirOwnSubtitles() throws {
        let dir = try Self.render(Self.bst + ["-o", "a.gif", "--steps-dir", "s"])
        let index = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/s/steps.json"))) as? [String: Any])
        let steps = try #require(index["steps"] as? [[String: Any]])
        for step in steps {
            let name = try #require(step["subtitles"] as? String)
            let captions = try #require(step["captions"] as? [[String: Any]])
            let cues = Self.webVTTCues(try Self.tool("ffmpeg", ["-v", "error", "-i", "s/\(name)", "-f", "webvtt", "-"], in: dir))
            #expect(cues.map(\.text) == captions.map { $0["text"] as? String ?? "" })
            #expect(cues.map(\.start) == captions.map { Int((($0["start"] as? Double) ?? -1) * 1000) })
            let last = try #require(cues.last)
            #expect(Double(last.end) <= ((step["duration"] as? Double) ?? 0) * 1000 + 1)
        }
    }

    /// The speeches the dump records, in order: words and times in seconds.
    static func speeches(_ frames: [[String: Any]]) -> [(text: String, start: Double, end: Double, frame: Int)] {
        var out = [(text: String, start: Double, end: Double, frame: Int)]()
        for (i, frame) in frames.enumerated() {
            guard let s = frame["speech"] as? [String: Any], let text = s["text"] as? String,
                let start = s["start"] as? Double, let end = s["end"] as? Double
            else { continue }
            if let last = out.last, last.text == text, last.start == start { continue }
            out.append((text, start, end, i))
        }
        return out
    }

    /// The loudness (RMS of 16-bit samples) of `samples` from `a` to `b` seconds at `rate`.
    static func loudness(_ samples: [Int16], from a: Double, to b: Double, rate: Int) -> Double {
        let i = max(0, Int(a * Double(rate))), j = min(samples.count, Int(b * Double(rate)))
        guard j > i else { return 0 }
        return (samples[i..<j].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(j - i)).squareRoot()
    }

    @Test func narrationSaysEachCaptionInItsStepWithoutOverlapAndAsLongAsTheVideo() throws {
        let args = ["bst", "--ops", "insert 50 30; search 30", "--size", "320x180", "--fps", "10"]
        let dir = try CommandRunner.temporaryFolder()
        let run = try CommandRunner.run(args + ["-o", "n.mp4", "--narrate", "--dump-scene", "d.jsonl"], in: dir)
        try #require(run.status == 0, "\(run.stderr)")
        let silent = try Self.render(args + ["-o", "f/", "--dump-scene", "d.jsonl"])
        let frames = try Self.frames(dir + "/d.jsonl")
        let said = Self.speeches(frames)
        let runs = Self.captionRuns(frames, fps: 10)
        // Every caption is said, once a time it shows, in order, and the note counts them.
        #expect(said.map(\.text) == runs.map(\.text))
        #expect(run.stderr.contains("--narrate: \(said.count) captions said in "), "\(run.stderr)")
        for (k, s) in said.enumerated() {
            // It starts on the frame its caption first shows, within that step ...
            #expect(frames[s.frame]["caption"] as? String == s.text)
            #expect(abs(s.start - Double(s.frame) / 10) < 1e-9)
            #expect(Int((s.start * 1000).rounded()) == runs[k].start)
            // ... and its caption stays up until it is said: the animation does not talk over itself.
            #expect(Double(runs[k].end) / 1000 >= s.end - 1e-9, "\(s.text): said until \(s.end), shown until \(runs[k].end) ms")
            if k + 1 < said.count { #expect(s.end <= said[k + 1].start, "\(s.text) overlaps \(said[k + 1].text)") }
            #expect(s.end > s.start + 0.3)
        }
        // The same steps and captions as without speech, held longer.
        let plain = try Self.frames(silent + "/d.jsonl")
        #expect(Self.captionRuns(plain, fps: 10).map(\.text) == runs.map(\.text))
        #expect(Set(plain.compactMap { $0["step"] as? Int }) == Set(frames.compactMap { $0["step"] as? Int }))
        #expect(frames.count > plain.count)
        // The sound track lasts as long as the video, and holds sound where speech is, silence between.
        let durations = try Self.tool(
            "ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,duration", "-of", "csv=p=0", "n.mp4"], in: dir)
            .split(separator: "\n").map { $0.split(separator: ",") }
        let video = try #require(durations.first { $0.first == "h264" }.flatMap { Double($0[1]) })
        let audio = try #require(durations.first { $0.first == "aac" }.flatMap { Double($0[1]) })
        #expect(abs(video - Double(frames.count) / 10) < 1e-6)
        #expect(abs(audio - video) < 0.05, "audio \(audio) s, video \(video) s")
        let raw = Process()
        raw.executableURL = URL(fileURLWithPath: CommandRunner.onPath("ffmpeg"))
        raw.currentDirectoryURL = URL(fileURLWithPath: dir)
        raw.arguments = ["-v", "error", "-i", "n.mp4", "-map", "0:a", "-ac", "1", "-ar", "8000", "-f", "s16le", "-"]
        let pipe = Pipe()
        raw.standardOutput = pipe
        try raw.run()
        let bytes = pipe.fileHandleForReading.readDataToEndOfFile()
        raw.waitUntilExit()
        let samples = stride(from: 0, to: bytes.count - 1, by: 2).map { Int16(bitPattern: UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8) }
        for (k, s) in said.enumerated() {
            #expect(Self.loudness(samples, from: s.start + 0.1, to: s.end - 0.1, rate: 8000) > 500, "no sound for \(s.text)")
            let next = k + 1 < said.count ? said[k + 1].start : video
            if next - s.end > 0.2 {
                #expect(Self.loudness(samples, from: s.end + 0.05, to: next - 0.05, rate: 8000) < 50, "sound after \(s.text)")
            }
        }
    }

    @Test func narratedStepClipsCarryTheirPartOfTheSpeech() throws {
        let dir = try Self.render(
            ["bst", "--ops", "insert 50 30", "--size", "320x180", "--fps", "10", "-o", "n.webm", "--narrate", "--steps-dir", "s"])
        let codecs = try Self.tool("ffprobe", ["-v", "error", "-show_entries", "stream=codec_name", "-of", "csv=p=0", "n.webm"], in: dir)
        #expect(codecs.split(separator: "\n").contains("opus"))
        let index = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/s/steps.json"))) as? [String: Any])
        for step in try #require(index["steps"] as? [[String: Any]]) {
            let file = try #require(step["file"] as? String)
            let streams = try Self.tool(
                "ffprobe", ["-v", "error", "-show_entries", "stream=codec_name,duration", "-of", "csv=p=0", "s/\(file)"], in: dir)
            let audio = try #require(streams.split(separator: "\n").first { $0.hasPrefix("aac,") })
            let seconds = try #require(Double(audio.split(separator: ",")[1]))
            #expect(abs(seconds - ((step["duration"] as? Double) ?? 0)) < 0.05, "\(file): \(streams)")
        }
    }

    @Test func aNarratedDeckPlaysEachStepsSpeechFromTheFirstPress() async throws {
        let dir = try Self.render(
            ["bst", "--ops", "insert 50 30", "--size", "320x180", "--fps", "10", "-o", "d.html", "--narrate"])
        try await Chromium.with { browser in
            let page = try await browser.open(file: dir + "/d.html", width: 800, height: 600)
            try await page.waitUntil("typeof window.treeanimDeck === 'object'")
            // Muted until the viewer presses something, as browsers require, and saying so.
            #expect(try await page.evaluate("document.body.dataset.sound") == .string("true"))
            #expect(try await page.evaluate("Array.from(document.querySelectorAll('video')).every((v) => v.muted)") == .bool(true))
            let hint = "getComputedStyle(document.querySelector('.sound-hint')).display !== 'none'"
            #expect(try await page.evaluate(hint) == .bool(true))
            try await page.press(.arrowRight)
            try await page.waitUntil("document.body.dataset.step + ' ' + document.body.dataset.state === '1 end'")
            #expect(try await page.evaluate("treeanimDeck.audible") == .bool(true))
            #expect(try await page.evaluate("Array.from(document.querySelectorAll('video')).some((v) => v.muted)") == .bool(false))
            #expect(try await page.evaluate(hint) == .bool(false))
            // The step's clip played its sound: Chromium decoded its audio.
            let decoded = try await page.evaluate("document.querySelector('.step.current video').webkitAudioDecodedByteCount")
            #expect((decoded.number ?? 0) > 0, "\(decoded)")
            #expect(await page.problems() == [])
        }
    }

    @Test func narratingWhatHasNoCaptionsGivesNoSoundAndSaysSo() throws {
        let dir = try CommandRunner.temporaryFolder()
        let csv = "city,2000,2010\nOslo,1,2\nLima,2,3\n"
        try csv.write(toFile: dir + "/c.csv", atomically: true, encoding: .utf8)
        let r = try CommandRunner.run(["bars", "c.csv", "--narrate", "-o", "b.mp4", "--size", "320x180", "--fps", "5"], in: dir)
        try #require(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("--narrate: the animation shows no caption, so nothing is said and it has no sound"), "\(r.stderr)")
        let streams = try Self.tool("ffprobe", ["-v", "error", "-show_entries", "stream=codec_type", "-of", "csv=p=0", "b.mp4"], in: dir)
        #expect(streams.trimmingCharacters(in: .whitespacesAndNewlines) == "video")
    }

    @Test func aVoiceNamedAsEspeakListsItSpeaks() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["bst", "--ops", "insert 1 2", "--narrate", "--voice", "English_(Great_Britain)", "-o", "a.mp4", "--count-frames"], in: dir)
        #expect(r.status == 0 && Int(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) != nil, "\(r.stderr)")
    }

    @Test func mistakesInTheWordsOptionsAreOneLineEach() throws {
        let dir = try CommandRunner.temporaryFolder()
        let cases: [([String], String)] = [
            (["--subtitles", "embed", "-o", "a.gif"], "--subtitles embed puts a subtitle track into an .mp4 or .webm: 'a.gif' is a GIF"),
            (["--subtitles", "embed", "-o", "d.html"], "--subtitles embed: an HTML deck carries each slide's subtitles already"),
            (["--subtitles", "s.txt"], "--subtitles 's.txt': name a .srt or .vtt file, or give 'embed'"),
            (["--subtitles", "s.vtt", "--frame-range", "0:5", "-o", "f/"], "--frame-range renders part of the animation: --subtitles tells of all of it"),
            (["--lang", "1x"], "'1x' is not a language tag"),
            (["--narrate", "-o", "a.gif"], "--narrate says the captions into a sound track: 'a.gif' is a GIF, which has no sound"),
            (["--voice", "en-us", "-o", "a.mp4"], "--voice chooses the voice of --narrate; give --narrate too"),
            (["--narrate", "--voice", "nosuchvoice", "-o", "a.mp4"], "--voice 'nosuchvoice': espeak-ng has no such voice"),
            (["--narrate", "--voice", "mb-us1", "-o", "a.mp4"], "--voice 'mb-us1' is an MBROLA voice, and MBROLA or its us1 voice is not installed"),
            (["--dump-scene", "x.md", "--transcript", "x.md", "-o", "a.gif"], "--dump-scene and --transcript must name different paths"),
            (["--transcript", "x.vtt", "-o", "a.gif"], "--transcript 'x.vtt': name a .md or .txt file"),
        ]
        for (args, message) in cases {
            let r = try CommandRunner.run(["bst", "--ops", "insert 1 2"] + args, in: dir)
            #expect(r.status != 0 && r.stderr.contains(message), "\(args): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(args): \(r.stderr)")
        }
        #expect(CommandRunner.files(in: dir).isEmpty)
    }

    @Test func theHelpListsTheWordsOptions() throws {
        let r = try CommandRunner.run(["bst", "--help"])
        for flag in ["--subtitles <file|embed>", "--transcript <file.md>", "--lang <tag>", "--narrate", "--voice <name>"] {
            #expect(r.stdout.contains(flag), "\(flag)")
        }
    }
}
