import Foundation
import FoundationXML
import Testing
import TestSupport
import ZIPFoundation

/// The documents' words for readers who cannot see the frames, from the
/// command line: the HTML deck's caption tracks hold the captions the
/// whole animation's subtitles hold, in its language; each step's
/// description is the same in the HTML deck, the PowerPoint deck and the
/// tagged PDF handout.
@Suite(.tags(.cli)) struct DocumentAccessibilityCommandTests {
    static let small = CommandOutputTests.small

    @Test func theDeckTracksHoldTheAnimationsCaptionsAndEveryDocumentDescribesEachStepAlike() throws {
        let dir = try CommandRunner.temporaryFolder()
        let html = try CommandRunner.run(
            Self.small + ["--lang", "de", "-o", "deck.html", "--subtitles", "all.vtt"], in: dir)
        try #require(html.status == 0, "stderr: \(html.stderr)")
        let page = try String(contentsOfFile: dir + "/deck.html", encoding: .utf8)
        #expect(page.contains("<html lang=\"de\">"))

        // One track a clip, in German; its cues, clip after clip, are the
        // animation's (a caption that spans two clips shows in both).
        let tracks = page.matches(of: #/<track kind="captions" srclang="([^"]*)" label="([^"]*)" src="data:text/vtt;base64,([^"]*)">/#)
        #expect(tracks.count == 5)
        #expect(tracks.allSatisfy { $0.1 == "de" && $0.2 == "German" })
        let clips = tracks.map { String(decoding: Data(base64Encoded: String($0.3)) ?? Data(), as: UTF8.self) }
        #expect(clips.allSatisfy { $0.hasPrefix("WEBVTT\n\n") })
        let all = try String(contentsOfFile: dir + "/all.vtt", encoding: .utf8)
        var joined = [String]()
        for text in clips.flatMap(Self.cueTexts) where joined.last != text { joined.append(text) }
        #expect(!joined.isEmpty)
        #expect(joined == Self.cueTexts(all))

        // Each step's description, as the page holds it.
        let descriptions = page.matches(of: #/<div class="step-description" id="step-(\d+)-description" hidden>([^<]*)</div>/#)
            .map { Self.unescapedHTML(String($0.2)) }
        try #require(descriptions.count == 5)
        #expect(descriptions.allSatisfy { !$0.isEmpty })

        let pptx = try CommandRunner.run(Self.small + ["--lang", "de", "-o", "deck.pptx"], in: dir)
        try #require(pptx.status == 0, "stderr: \(pptx.stderr)")
        let archive = try Archive(url: URL(fileURLWithPath: dir + "/deck.pptx"), accessMode: .read)
        for (index, description) in descriptions.enumerated() {
            let entry = try #require(archive["ppt/slides/slide\(index + 1).xml"])
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            let movie = try XMLDocument(data: data, options: [])
                .nodes(forXPath: "//*[local-name()='pic']/*/*[local-name()='cNvPr']").first as? XMLElement
            #expect(movie?.attribute(forName: "descr")?.stringValue == description, "slide \(index + 1)")
        }

        let pdf = try CommandRunner.run(Self.small + ["--lang", "de", "-o", "handout.pdf"], in: dir)
        try #require(pdf.status == 0, "stderr: \(pdf.stderr)")
        #expect(try Poppler.info(dir + "/handout.pdf")["Tagged"] == "yes")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: dir + "/handout.pdf"))
        let file = String(decoding: bytes.map { UInt16($0) }, as: UTF16.self)
        #expect(file.contains("/Lang (de)"))
        let figures = file.matches(of: #/<< /Type /StructElem /S /Figure [^\n]* /Alt <FEFF([0-9A-F]*)>/#).map { match in
            let digits = Array(match.1)
            let units = stride(from: 0, to: digits.count - 3, by: 4).compactMap {
                UInt16(String(digits[$0..<$0 + 4]), radix: 16)
            }
            return String(decoding: units, as: UTF16.self)
        }
        #expect(figures == descriptions)
    }

    /// The text of each cue of a WebVTT file, in order, unescaped.
    static func cueTexts(_ vtt: String) -> [String] {
        vtt.components(separatedBy: "\n\n").compactMap { block in
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
            guard let timing = lines.firstIndex(where: { $0.contains(" --> ") }) else { return nil }
            return unescapedHTML(lines[(timing + 1)...].joined(separator: "\n"))
        }
    }

    /// `text` with the character references treeanim writes as characters.
    static func unescapedHTML(_ text: String) -> String {
        [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")].reduce(text) {
            $0.replacingOccurrences(of: $1.0, with: $1.1)
        }
    }
}
