import Diagram

/// The subtitle file formats: SubRip (`.srt`), which every player and
/// editor reads, and WebVTT (`.vtt`), which browsers read.
public enum SubtitleFormat: String, Sendable, CaseIterable {
    case srt, vtt

    /// The format a file's extension names, if any (case ignored).
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }
}

/// Subtitles made from an animation's caption cues: one cue a caption,
/// timed to the frames that show it, so a player shows each caption's
/// words exactly while the frames would.
///
///     let vtt = Subtitles.text(timeline.cues, fps: 30, format: .vtt)
public enum Subtitles {
    /// The file of `cues` at `fps` in `format`, as UTF-8 text with LF line
    /// ends. Times are the cues' frames' times to the millisecond.
    public static func text(_ cues: [CaptionCue], fps: Double, format: SubtitleFormat) -> String {
        var out = format == .vtt ? "WEBVTT\n\n" : ""
        for (k, cue) in cues.enumerated() {
            let start = milliseconds(frame: cue.frames.lowerBound, fps: fps)
            let end = milliseconds(frame: cue.frames.upperBound, fps: fps)
            guard end > start else { continue }
            out += "\(k + 1)\n\(timestamp(start, format)) --> \(timestamp(end, format))\n"
            out += lines(of: cue.text, format).joined(separator: "\n") + "\n\n"
        }
        return out
    }

    /// The time of frame `frame` at `fps`, to the millisecond.
    public static func milliseconds(frame: Int, fps: Double) -> Int {
        Int((Double(frame) * 1000 / fps).rounded())
    }

    /// `ms` as `HH:MM:SS,mmm` (SubRip) or `HH:MM:SS.mmm` (WebVTT).
    public static func timestamp(_ ms: Int, _ format: SubtitleFormat) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        let millis = ms % 1000, seconds = ms / 1000
        let m = String(millis), padded = String(repeating: "0", count: 3 - m.count) + m
        return "\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60))"
            + (format == .srt ? "," : ".") + padded
    }

    /// The lines of a cue's text: a blank line would end the cue, so there
    /// are none. WebVTT escapes `&`, `<` and `>` (so "a --> b" stays text).
    /// SubRip has no escapes, and players read `<b>`, `</i>`, `<font …>`
    /// and `{\an8}` in it as styling: a word joiner (U+2060, unseen) after
    /// a `<` that starts such a tag, and after a `{` before a `\`, keeps
    /// them as words. A caption could also form a cue of its own, a number
    /// and a timing line (ffmpeg reads a timing line wherever it stands):
    /// a word joiner inside every `-->` keeps a timing line from forming.
    static func lines(of text: String, _ format: SubtitleFormat) -> [String] {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        return lines.map { line in
            var out = ""
            let characters = Array(line)
            for (i, c) in characters.enumerated() {
                let next = i + 1 < characters.count ? characters[i + 1] : " "
                switch (format, c) {
                case (.vtt, "&"): out += "&amp;"
                case (.vtt, "<"): out += "&lt;"
                case (.vtt, ">"): out += "&gt;"
                case (.srt, "<") where next.isLetter || next == "/": out += "<\u{2060}"
                case (.srt, "{") where next == "\\": out += "{\u{2060}"
                default: out.append(c)
                }
            }
            return format == .srt ? Self.brokenArrows(out) : out
        }
    }

    /// `line` with a word joiner between the `--` and the `>` of every
    /// `-->`, scalar by scalar (a combining mark on the `>` does not hide
    /// an arrow from a byte-reading player).
    static func brokenArrows(_ line: String) -> String {
        var out = String.UnicodeScalarView()
        var dashes = 0
        for s in line.unicodeScalars {
            if s == ">", dashes >= 2 { out.append("\u{2060}") }
            dashes = s == "-" ? dashes + 1 : 0
            out.append(s)
        }
        return String(out)
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
