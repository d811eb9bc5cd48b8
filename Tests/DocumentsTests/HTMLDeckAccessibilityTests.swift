import Documents
import Foundation
import Testing
import TestSupport

/// The deck for readers who cannot see it or hear it, in real headless
/// Chromium: each clip's captions as a WebVTT track whose cues the browser
/// reads back, subtitles that C shows and hides, a caption line that says
/// each caption as the clip shows it, and steps a screen reader names and
/// describes (read from Chromium's own accessibility tree).
@Suite(.tags(.external)) struct HTMLDeckAccessibilityTests {
    /// Step 1 shows two captions, one after the other, as a real step's
    /// clip does (the step before's conclusion, then its own); step 2 one,
    /// with characters WebVTT escapes; step 3 none.
    static let subtitles: [String?] = [
        "WEBVTT\n\n1\n00:00:00.000 --> 00:00:01.500\ninsert 42\n\n2\n00:00:01.500 --> 00:00:03.000\n42 &gt; 30: go right\n\n",
        "WEBVTT\n\n1\n00:00:00.000 --> 00:00:00.967\na &lt; b &amp; c → d\n\n",
        nil,
    ]
    /// What each track's cues say, with their times.
    static let cues: [[Cue]] = [
        [Cue(text: "insert 42", start: 0, end: 1.5), Cue(text: "42 > 30: go right", start: 1.5, end: 3)],
        [Cue(text: "a < b & c → d", start: 0, end: 0.967)],
        [],
    ]
    static let descriptions: [String?] = [
        "insert 42. 42 > 30: go right.", "a < b & c → d. The tree is \"balanced\" & 'sorted'.", nil,
    ]

    struct Cue: Equatable {
        var text: String
        var start: Double
        var end: Double
    }

    @Test func eachClipWithCaptionsHasACaptionsTrackWhoseCuesChromiumReadsBack() async throws {
        try await withDeck { page, fixture throws in
            #expect(try await page.evaluate("document.documentElement.lang") == .string("en"))
            let tracks = try await page.evaluate(
                "Array.from(document.querySelectorAll('.step'), (s) => Array.from(s.querySelectorAll('video > track'),"
                    + " (t) => [t.kind, t.srclang, t.label, t.src.slice(0, 21), t.default]))")
            #expect(
                tracks == .array([
                    .array([.array([.string("captions"), .string("en"), .string("English"), .string("data:text/vtt;base64,"), .bool(false)])]),
                    .array([.array([.string("captions"), .string("en"), .string("English"), .string("data:text/vtt;base64,"), .bool(false)])]),
                    .array([]),
                ]))
            // Hidden, not disabled, from the start: loaded, reporting its
            // cues, drawing nothing over the frames that show the captions.
            try await page.waitUntil(
                "Array.from(document.querySelectorAll('video'), (v) => v.textTracks.length ? v.textTracks[0].mode : 'none')"
                    + ".join() === 'hidden,hidden,none'")
            for (k, expected) in Self.cues.enumerated() where !expected.isEmpty {
                let track = "document.querySelectorAll('video')[\(k)].textTracks[0]"
                // The track loads on its own time: its element's readyState
                // is 2 (LOADED) once its cues are in.
                try await page.waitUntil("document.querySelectorAll('video')[\(k)].querySelector('track').readyState === 2")
                let read = try await page.evaluate(
                    "Array.from(\(track).cues, (c) => [c.getCueAsHTML().textContent, c.startTime, c.endTime])")
                let cues = (read.array ?? []).compactMap { cue -> Cue? in
                    guard let parts = cue.array, parts.count == 3, let text = parts[0].string,
                        let start = parts[1].number, let end = parts[2].number
                    else { return nil }
                    return Cue(text: text, start: start, end: end)
                }
                #expect(cues == expected, "step \(k + 1): \(read)")
            }
            #expect(fixture.slides[2].subtitles == nil)
        }
    }

    @Test func cShowsAndHidesTheSubtitlesOfEveryStep() async throws {
        try await withDeck { page, _ throws in
            let modes = "Array.from(document.querySelectorAll('video'), (v) => v.textTracks.length ? v.textTracks[0].mode : 'none').join()"
            #expect(try await page.evaluate("document.body.dataset.subtitles") == .string("off"))
            #expect(try await page.evaluate("treeanimDeck.subtitles") == .bool(false))
            try await page.waitUntil("\(modes) === 'hidden,hidden,none'")
            try await page.press(.letter("c"))
            try await page.waitUntil("document.body.dataset.subtitles === 'on'")
            #expect(try await page.evaluate(modes) == .string("showing,showing,none"))
            #expect(try await page.evaluate("treeanimDeck.subtitles") == .bool(true))
            // They stay on from step to step.
            try await page.press(.arrowRight)
            try await page.waitForDeck("1 end")
            try await page.press(.arrowRight)
            try await page.waitForDeck("2 end")
            #expect(try await page.evaluate(modes) == .string("showing,showing,none"))
            try await page.evaluate("treeanimDeck.toggleSubtitles()")
            try await page.waitUntil("document.body.dataset.subtitles === 'off'")
            #expect(try await page.evaluate(modes) == .string("hidden,hidden,none"))
            #expect(try await page.evaluate("treeanimDeck.subtitles") == .bool(false))
            // The keys' help names C.
            try await page.press(.questionMark)
            try await page.waitUntil("!document.getElementById('help').hidden")
            #expect(
                try await page.evaluate(
                    "Array.from(document.querySelectorAll('#help dt')).some((dt) => dt.textContent.trim() === 'C')")
                    == .bool(true))
        }
    }

    /// The caption line is a live region: a screen reader says what it is
    /// given. While step 1 plays it says the first caption, then the
    /// second as the clip shows it, before the step ends; at the end it
    /// holds the step's caption, as before.
    @Test func whileAStepPlaysTheCaptionLineSaysEachCaptionAsTheClipShowsIt() async throws {
        try await withDeck { page, _ throws in
            try await page.waitUntil("document.querySelector('track').readyState === 2")
            // Every text the line takes, with the deck's state when it takes it.
            try await page.evaluate(
                """
                (() => {
                  const line = document.getElementById('caption');
                  window.treeanimSaid = [];
                  new MutationObserver(() => window.treeanimSaid.push([line.textContent, document.body.dataset.state]))
                    .observe(line, { childList: true, characterData: true, subtree: true });
                  return true;
                })()
                """)
            #expect(try await page.evaluate("document.getElementById('caption').textContent") == .string("42 > 30: go right"))
            try await page.press(.arrowRight)
            // The first cue comes, then the second while the clip still plays.
            try await page.waitUntil("window.treeanimSaid.some(([text, state]) => text === 'insert 42' && state === 'playing')")
            try await page.waitUntil(
                "window.treeanimSaid.some(([text, state]) => text === '42 > 30: go right' && state === 'playing')")
            try await page.waitForDeck("1 end")
            let said = try await page.evaluate("window.treeanimSaid")
            #expect(
                said == .array([
                    .array([.string("insert 42"), .string("playing")]),
                    .array([.string("42 > 30: go right"), .string("playing")]),
                ]), "\(said)")
            #expect(try await page.evaluate("document.getElementById('caption').textContent") == .string("42 > 30: go right"))
            // A cue's WebVTT escapes are not what it says.
            try await page.press(.arrowRight)
            try await page.waitForDeck("2 end")
            #expect(try await page.evaluate("document.getElementById('caption').textContent") == .string("a < b & c → d"))
            #expect(
                try await page.evaluate("window.treeanimSaid.some(([text]) => text.includes('&lt;') || text.includes('&amp;'))")
                    == .bool(false))
        }
    }

    @Test func eachStepIsASlideNamedByItsNumberAndSectionAndDescribedInWords() async throws {
        try await withDeck(sections: ["Insert", "Insert", nil]) { page, fixture throws in
            let sections = try await page.evaluate(
                """
                Array.from(document.querySelectorAll('section.step'), (s) => {
                  const described = s.getAttribute('aria-describedby');
                  const video = s.querySelector('video');
                  return [s.getAttribute('role'), s.getAttribute('aria-roledescription'), s.getAttribute('aria-label'),
                    described === null ? null : document.getElementById(described).textContent,
                    video.getAttribute('aria-describedby') === described,
                    s.querySelector('img.final').getAttribute('alt')];
                })
                """)
            #expect(
                sections == .array([
                    .array([.string("group"), .string("slide"), .string("Step 1 of 3: Insert"),
                            .string("insert 42. 42 > 30: go right."), .bool(true), .string("insert 42. 42 > 30: go right.")]),
                    .array([.string("group"), .string("slide"), .string("Step 2 of 3: Insert"),
                            .string("a < b & c → d. The tree is \"balanced\" & 'sorted'."), .bool(true),
                            .string("a < b & c → d. The tree is \"balanced\" & 'sorted'.")]),
                    .array([.string("group"), .string("slide"), .string("Step 3 of 3"), .null, .bool(true), .string("")]),
                ]), "\(sections)")
            // What a screen reader is told, from Chromium's accessibility
            // tree, of each step on the stage (the others are hidden).
            for (k, description) in Self.descriptions.enumerated() {
                try await page.evaluate("treeanimDeck.go(\(k + 1), 'end')")
                try await page.waitForDeck("\(k + 1) end")
                let step = try await page.accessibleNode("section.step.current")
                #expect(step.role == "group", "step \(k + 1): \(step)")
                #expect(step.roleDescription == "slide", "step \(k + 1): \(step)")
                #expect(step.name == "Step \(k + 1) of 3" + (k < 2 ? ": Insert" : ""), "step \(k + 1): \(step)")
                #expect(step.description == description, "step \(k + 1): \(step)")
                let video = try await page.accessibleNode("section.step.current video")
                #expect(video.description == description, "step \(k + 1)'s video: \(video)")
            }
            #expect(fixture.slides.map(\.description) == Self.descriptions)
        }
    }

    @Test func thePageAndItsTracksAreInTheDecksLanguage() async throws {
        try await withDeck(language: ("zh-Hans", "Chinese")) { page, _ throws in
            #expect(try await page.evaluate("document.documentElement.lang") == .string("zh-Hans"))
            #expect(
                try await page.evaluate("Array.from(document.querySelectorAll('track'), (t) => t.srclang + ' ' + t.label).join()")
                    == .string("zh-Hans Chinese,zh-Hans Chinese"))
        }
    }

    /// Opens a deck of a new fixture, with the subtitles and descriptions
    /// above, in a new browser at 800×600, waits for its script, runs
    /// `body`, and checks that the page logged no error.
    private func withDeck(
        sections: [String?]? = nil, language: (tag: String, name: String) = ("en", "English"),
        _ body: (ChromiumPage, HTMLDeckFixture) async throws -> Void
    ) async throws {
        let fixture = try HTMLDeckFixture(
            frames: [91, 30, 30], captions: ["42 > 30: go right", "a < b & c → d", "rotate left at 30"],
            sections: sections, subtitles: Self.subtitles, descriptions: Self.descriptions, language: language)
        defer { fixture.remove() }
        let path = try fixture.writeDeck()
        try await Chromium.with { browser in
            let page = try await browser.open(file: path, width: 800, height: 600)
            try await page.waitUntil("typeof window.treeanimDeck === 'object'")
            try await body(page, fixture)
            #expect(await page.problems() == [])
        }
    }
}

/// An element as Chromium's accessibility tree has it: what a screen
/// reader is told.
struct AccessibleNode {
    var role: String?
    var roleDescription: String?
    var name: String?
    var description: String?
}

extension ChromiumPage {
    /// The accessibility node of the first element `selector` finds.
    func accessibleNode(_ selector: String) async throws -> AccessibleNode {
        let document = try await browser.send("DOM.getDocument", ["depth": .number(0)], session: sessionID)
        guard let root = document["root"]?["nodeId"] else { throw FixtureError("no document node") }
        let found = try await browser.send(
            "DOM.querySelector", ["nodeId": root, "selector": .string(selector)], session: sessionID)
        guard let node = found["nodeId"], node.number != 0 else { throw FixtureError("nothing matches \(selector)") }
        let tree = try await browser.send(
            "Accessibility.getPartialAXTree", ["nodeId": node, "fetchRelatives": .bool(false)], session: sessionID)
        guard let ax = tree["nodes"]?.array?.first else { throw FixtureError("no accessibility node for \(selector)") }
        let property = { (name: String) -> String? in
            ax["properties"]?.array?.first { $0["name"]?.string == name }?["value"]?["value"]?.string
        }
        return AccessibleNode(
            role: ax["role"]?["value"]?.string, roleDescription: property("roledescription"),
            name: ax["name"]?["value"]?.string, description: ax["description"]?["value"]?.string)
    }
}
