import Documents
import Testing
import TestSupport

/// The deck in real headless Chromium, opened from a file path: what a
/// presenter's keys do, read from the page's state and from screenshots.
@Suite(.tags(.external)) struct HTMLDeckChromiumTests {
    @Test func opensFromAFileAtTheFirstStepsStartWithNoError() async throws {
        try await withDeck { page, _ throws in
            #expect(try await page.deckPosition() == "1 start")
            #expect(try await page.stageColour(settlingOn: "red") == "red")
            #expect(try await page.evaluate("document.getElementById('counter').textContent") == .string("1 / 3"))
            #expect(try await page.evaluate("document.title") == .string("Fixture <deck> & “tests”"))
            #expect(try await page.evaluate("treeanimDeck.count") == .number(3))
        }
    }

    @Test func rightArrowPlaysAStepAndStopsOnItsLastFrame() async throws {
        try await withDeck { page, _ in
            try await page.press(.arrowRight)
            try await page.waitForDeck("1 end")
            #expect(try await page.stageColour(settlingOn: "green") == "green")
            try await page.press(.arrowRight)
            try await page.waitForDeck("2 end")
            #expect(try await page.stageColour(settlingOn: "blue") == "blue")
        }
    }

    /// A title or text slide has nothing to play: one press shows it
    /// whole, and the next plays the step after it.
    @Test func aTextSlideShowsWholeOnOnePress() async throws {
        try await withDeck(texts: [[.title("Search trees")], nil, nil]) { page, _ in
            try await page.recordDeckPositions()
            try await page.press(.arrowRight)
            try await page.waitForDeck("1 end")
            #expect(try await page.deckPositions() == ["1 start", "1 end"])
            #expect(try await page.stageColour(settlingOn: "green") == "green")
            try await page.press(.arrowRight)
            try await page.waitForDeck("2 end")
            #expect(try await page.deckPositions().contains("2 playing"))
        }
    }

    /// A machine too busy to draw a clip's last frames in time drops them,
    /// and the player stops on the last frame it drew: the deck shows the
    /// step's last frame all the same. (Stalled a second and a half while
    /// the one-second clip plays, the player stopped on frames 15 to 28.)
    @Test func aStepStopsOnItsLastFrameWhenTheMachineWasTooBusyToDrawIt() async throws {
        try await withDeck { page, _ in
            try await page.press(.arrowRight)
            try await page.waitUntil("document.querySelector('video').currentTime > 0.3")
            await page.browser.stall(for: .milliseconds(1500))
            try await page.waitForDeck("1 end")
            try await page.waitUntil("Math.round(document.querySelector('video').dataset.presented * 30) === 29")
            #expect(try await page.stageColour(settlingOn: "green") == "green")
        }
    }

    @Test func leftArrowShowsTheEndOfTheStepBefore() async throws {
        try await withDeck { page, _ in
            try await page.press(.arrowRight)
            try await page.waitForDeck("1 end")
            try await page.press(.arrowRight)
            try await page.waitForDeck("2 end")
            try await page.press(.arrowLeft)
            try await page.waitForDeck("1 end")
            #expect(try await page.stageColour(settlingOn: "green") == "green")
        }
    }

    @Test func rPlaysTheStepBackwardsToItsFirstFrame() async throws {
        try await withDeck(frames: [150, 30, 30]) { page, _ in
            try await page.press(.arrowRight)
            try await page.waitForDeck("1 end")
            try await page.recordDeckPositions()
            try await page.recordPresentedVideoFrames()
            // The deck paces the reversal by the page's clock, skipping
            // frames it is late for. A clock that moves one frame each time
            // it is read makes it show every frame, however slow the
            // machine, so the test sees the middle frames it is after.
            try await page.evaluate(
                "(() => { let t = performance.now(); performance.now = () => (t += 1000 / 30); return true; })()")
            try await page.press(.letter("r"))
            try await page.waitForDeck("1 start")
            #expect(try await page.deckPositions() == ["1 end", "1 reversing", "1 start"])
            // The first frame reaches the screen a moment after its seek.
            try await page.waitUntil("document.querySelector('video').dataset.presented === '0'")
            // Backwards the stage showed the step's middle frames, later
            // ones first, and ended on its first, read from the frames the
            // video sent to the screen.
            let shown = try await page.evaluate("window.treeanimPresented.filter((p) => p[0] === 0).map((p) => p[1])")
                .array?.compactMap(\.number) ?? []
            let middles = shown.filter { $0 > 0.5 / 30 && $0 < 149.0 / 30 }
            #expect(!middles.isEmpty, "frames shown: \(shown)")
            #expect(middles == middles.sorted(by: >), "frames shown: \(shown)")
            #expect(shown.last == 0, "frames shown: \(shown)")
            #expect(try await page.stageColour(settlingOn: "red") == "red")
            #expect(try await page.evaluate("document.querySelector('video').currentTime") == .number(0))
        }
    }

    @Test func homeAndEndGoToTheFirstStartAndTheLastEnd() async throws {
        try await withDeck { page, _ in
            try await page.press(.end)
            try await page.waitForDeck("3 end")
            #expect(try await page.stageColour(settlingOn: "yellow") == "yellow")
            try await page.press(.home)
            try await page.waitForDeck("1 start")
            #expect(try await page.stageColour(settlingOn: "red") == "red")
        }
    }

    @Test func theAddressKeepsThePlaceAndOpensThere() async throws {
        try await withDeck { page, _ in
            try await page.press(.arrowRight)
            try await page.waitForDeck("1 end")
            #expect(try await page.evaluate("location.hash") == .string("#1"))
            try await page.press(.home)
            try await page.waitForDeck("1 start")
            #expect(try await page.evaluate("location.hash") == .string("#0"))
            // A link to #2 (or a reload there) shows the end of step 2.
            try await page.evaluate("location.hash = '#2'")
            try await page.waitForDeck("2 end")
            #expect(try await page.stageColour(settlingOn: "blue") == "blue")
        }
        try await withDeck(fragment: "3") { page, _ in
            try await page.waitForDeck("3 end")
            #expect(try await page.stageColour(settlingOn: "yellow") == "yellow")
        }
    }

    @Test func aPressDuringPlaybackJumpsToTheStepsEnd() async throws {
        // A minute-long first step, as long as the page is given to answer
        // a command (Patience.command), so the second press lands mid-clip
        // on any machine the suite runs on.
        try await withDeck(frames: [1800, 30, 30]) { page, _ in
            try await page.recordDeckPositions()
            try await page.press(.arrowRight)
            try await page.waitUntil("document.querySelector('video').currentTime > 0.1")
            try await page.press(.arrowRight)
            try await page.waitForDeck("1 end")
            #expect(try await page.deckPositions() == ["1 start", "1 playing", "1 end"])
            #expect(try await page.stageColour(settlingOn: "green") == "green")
            // On the clip's last frame (1799 of 1800 at 30 fps), and the
            // clip was not played to its end: the press skipped the rest.
            // What was played is read from the video itself. (Chromium
            // counts a seek onto the last frame as `ended`, so that flag
            // tells nothing here.)
            #expect(try await page.evaluate("Math.floor(document.querySelector('video').currentTime * 30)") == .number(1799))
            let played = try await page.evaluate(
                "(() => { const p = document.querySelector('video').played; return p.length ? p.end(p.length - 1) : 0; })()")
            #expect((played.number ?? .infinity) < 59, "played to \(played) s of the 60 s clip")
            try await page.press(.space)
            try await page.waitForDeck("2 end")
            #expect(try await page.stageColour(settlingOn: "blue") == "blue")
        }
    }

    @Test func aClickOnTheStagePlaysTheNextStep() async throws {
        try await withDeck { page, _ in
            try await page.click(x: 400, y: 250)
            try await page.waitForDeck("1 end")
            #expect(try await page.stageColour(settlingOn: "green") == "green")
        }
    }

    @Test func theCaptionIsTheStepsTextInALiveRegion() async throws {
        try await withDeck { page, _ in
            let caption = "document.getElementById('caption')"
            #expect(try await page.evaluate("\(caption).getAttribute('aria-live')") == .string("polite"))
            #expect(try await page.evaluate("\(caption).textContent") == .string("insert 42"))
            try await page.press(.arrowRight)
            try await page.waitForDeck("1 end")
            try await page.press(.arrowRight)
            try await page.waitForDeck("2 end")
            #expect(try await page.evaluate("\(caption).textContent") == .string("a < b & c → d"))
            #expect(try await page.evaluate("\(caption).children.length") == .number(0))
        }
    }

    @Test func anAutoplayDeckPlaysToTheLastStepsEndByItself() async throws {
        try await withDeck(autoplay: true) { page, _ in
            try await page.waitForDeck("3 end")
            #expect(try await page.stageColour(settlingOn: "yellow") == "yellow")
        }
    }

    @Test func sOpensSpeakerNotesThatFollowTheDeck() async throws {
        try await withDeck { page, _ in
            let before = try await page.browser.pageIDs()
            try await page.press(.letter("s"))
            let notes = try await page.browser.newPage(besides: before)
            let text = "document.body.innerText"
            try await notes.waitUntil("\(text).includes('Say why 42 goes right.')")
            #expect(try await notes.evaluate("\(text).includes('a < b & c → d')") == .bool(true))
            try await page.press(.arrowRight)
            try await page.waitForDeck("1 end")
            try await page.press(.arrowRight)
            try await notes.waitUntil("\(text).includes('Point at <b> & the arrow.')")
            #expect(await notes.problems() == [])
        }
    }

    @Test func oOpensAnOverviewOfEveryStepAndAClickOnOneShowsThatStepsEnd() async throws {
        try await withDeck(sections: ["Insert", "Insert", "Rotate"]) { page, fixture throws in
            #expect(try await page.evaluate("document.body.dataset.overview") == .string("closed"))
            try await page.press(.letter("o"))
            try await page.waitUntil("document.body.dataset.overview === 'open'")
            let cells = "document.querySelectorAll('#overview .cell')"
            #expect(try await page.evaluate("\(cells).length") == .number(Double(fixture.slides.count)))
            #expect(try await page.evaluate("treeanimDeck.count") == .number(Double(fixture.slides.count)))
            let texts = try await page.evaluate(
                "Array.from(\(cells), (c) => [c.querySelector('.cell-number').textContent,"
                    + " c.querySelector('.cell-caption').textContent, c.querySelector('.cell-section').textContent])")
            #expect(
                texts == .array([
                    .array([.string("1"), .string("insert 42"), .string("Insert")]),
                    .array([.string("2"), .string("a < b & c → d"), .string("Insert")]),
                    .array([.string("3"), .string("rotate left at 30"), .string("Rotate")]),
                ]))
            // Each cell shows its step's last frame, the still the step has.
            #expect(
                try await page.evaluate(
                    "Array.from(\(cells)).every((c, i) => c.querySelector('img').src"
                        + " === document.querySelectorAll('.step .final')[i].src)") == .bool(true))
            // The overview is what the pointer meets: the second cell's
            // middle, clicked.
            try await page.waitUntil("\(cells)[1].querySelector('img').complete")
            let centre = try await page.evaluate(
                "(() => { const r = \(cells)[1].getBoundingClientRect();"
                    + " return [r.left + r.width / 2, r.top + r.height / 2]; })()")
            let point = centre.array?.compactMap(\.number) ?? []
            try #require(point.count == 2, "no cell centre: \(centre)")
            #expect(
                try await page.evaluate(
                    "document.elementFromPoint(\(point[0]), \(point[1])).closest('.cell') === \(cells)[1]")
                    == .bool(true))
            try await page.click(x: point[0], y: point[1])
            try await page.waitForDeck("2 end")
            try await page.waitUntil("document.body.dataset.overview === 'closed'")
            #expect(try await page.stageColour(settlingOn: "blue") == "blue")
            #expect(try await page.evaluate("document.getElementById('section').textContent") == .string("Insert"))
        }
    }

    @Test func inTheOverviewArrowsAndEnterChooseAStepAndEscapeOrOCloseIt() async throws {
        try await withDeck { page, _ throws in
            let enter = ChromiumKey(key: "Enter", code: "Enter", virtualKeyCode: 13, text: "\r")
            let overview = "document.body.dataset.overview"
            try await page.press(.letter("o"))
            try await page.waitUntil("\(overview) === 'open'")
            // It opens on the step shown, and the arrows move from there,
            // leaving the deck behind where it stands.
            try await page.waitUntil("document.activeElement.dataset.step === '1'")
            try await page.press(.arrowRight)
            try await page.press(.arrowRight)
            try await page.waitUntil("document.activeElement.dataset.step === '3'")
            #expect(try await page.deckPosition() == "1 start")
            try await page.press(enter)
            try await page.waitForDeck("3 end")
            try await page.waitUntil("\(overview) === 'closed'")
            #expect(try await page.stageColour(settlingOn: "yellow") == "yellow")

            try await page.press(.letter("o"))
            try await page.waitUntil("\(overview) === 'open'")
            try await page.press(.escape)
            try await page.waitUntil("\(overview) === 'closed'")
            try await page.evaluate("treeanimDeck.overview()")
            try await page.waitUntil("\(overview) === 'open'")
            try await page.press(.letter("o"))
            try await page.waitUntil("\(overview) === 'closed'")
            #expect(try await page.deckPosition() == "3 end")
            #expect(try await page.evaluate("document.getElementById('overview').hidden") == .bool(true))
        }
    }

    @Test func theKeysHelpListsTheOverview() async throws {
        try await withDeck { page, _ throws in
            try await page.press(.questionMark)
            try await page.waitUntil("!document.getElementById('help').hidden")
            #expect(
                try await page.evaluate(
                    "Array.from(document.querySelectorAll('#help dt')).some((dt) => dt.textContent.trim() === 'O')")
                    == .bool(true))
        }
    }

    @Test func aQuestionSlideShowsItsQuestionOverTheStageAndItsSectionBesideTheCounter() async throws {
        let question = "Where does 42 go: left < or right > of 30?"
        try await withDeck(sections: ["Insert", "Insert", "Rotate"], questions: [nil, question, nil]) { page, _ throws in
            let banner = "document.querySelector('.step.current .question')"
            let section = "document.getElementById('section')"
            #expect(try await page.evaluate(banner) == .null)
            #expect(try await page.evaluate("\(section).textContent") == .string("Insert"))
            #expect(try await page.evaluate("\(section).hidden") == .bool(false))
            try await page.press(.arrowRight)
            try await page.waitForDeck("1 end")
            try await page.press(.arrowRight)
            try await page.waitForDeck("2 end")
            #expect(
                try await page.evaluate("document.querySelector('.step.current').dataset.question") == .string(question))
            #expect(try await page.evaluate("\(banner).querySelector('.question-label').textContent") == .string("Question"))
            #expect(try await page.evaluate("\(banner).querySelector('.question-text').textContent") == .string(question))
            // Seen: on the stage, in front of the clip, where a point in it
            // finds the banner.
            let seen = try await page.evaluate(
                """
                (() => {
                  const b = \(banner).getBoundingClientRect();
                  const s = document.getElementById('stage').getBoundingClientRect();
                  const inside = b.width > 0 && b.height > 0 && b.left >= s.left && b.right <= s.right
                    && b.top >= s.top && b.bottom <= s.bottom;
                  const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
                  return inside && getComputedStyle(\(banner)).visibility === 'visible' && \(banner).contains(hit);
                })()
                """)
            #expect(seen == .bool(true))
            // The next press plays the answer: the banner goes with the
            // question's step.
            try await page.press(.arrowRight)
            try await page.waitForDeck("3 end")
            #expect(try await page.evaluate(banner) == .null)
            #expect(try await page.evaluate("\(section).textContent") == .string("Rotate"))
        }
    }

    @Test func aDeckWithoutSectionsShowsNoSectionName() async throws {
        try await withDeck { page, _ throws in
            #expect(try await page.evaluate("document.getElementById('section').hidden") == .bool(true))
            #expect(try await page.evaluate("document.querySelectorAll('[data-question], [data-section]').length") == .number(0))
        }
    }

    @Test func theStageKeepsTheFramesAspectInAnyWindow() async throws {
        try await withDeck { page, _ in
            for (width, height) in [(1200, 400), (500, 900), (800, 600)] {
                try await page.setViewport(width: width, height: height)
                let box = try await page.evaluate(
                    "(() => { const r = document.getElementById('stage').getBoundingClientRect();"
                        + " return [r.left, r.top, r.width, r.height]; })()")
                let numbers = box.array?.compactMap(\.number) ?? []
                try #require(numbers.count == 4)
                let (left, top, w, h) = (numbers[0], numbers[1], numbers[2], numbers[3])
                #expect(abs(w / h - 16.0 / 9.0) < 0.01, "\(width)x\(height): stage \(w)x\(h)")
                #expect(left >= 0 && top >= 0 && left + w <= Double(width) && top + h <= Double(height))
                // Letterboxed: it fills the window's width or its height.
                #expect(w >= Double(width) * 0.9 || h >= Double(height) * 0.75, "\(width)x\(height): stage \(w)x\(h)")
            }
        }
    }

    /// Opens a deck of a new fixture at 800×600 in a browser of its own
    /// (one the test may stall, whose screen it reads), waits for its
    /// script, runs `body`, and checks that the page logged no error.
    private func withDeck(
        frames: [Int] = [30, 30, 30], autoplay: Bool = false, fragment: String? = nil,
        sections: [String?]? = nil, questions: [String?]? = nil, texts: [[DeckTextBlock]?]? = nil,
        _ body: (ChromiumPage, HTMLDeckFixture) async throws -> Void
    ) async throws {
        let fixture = try HTMLDeckFixture(frames: frames, sections: sections, questions: questions, texts: texts)
        defer { fixture.remove() }
        let path = try fixture.writeDeck(autoplay: autoplay)
        // These tests read the stage's colour off the screen: a browser of
        // their own (see Chromium.withOwnBrowser).
        try await Chromium.withOwnBrowser { browser in
            let page = try await browser.open(file: path, fragment: fragment, width: 800, height: 600)
            try await page.waitUntil("typeof window.treeanimDeck === 'object'")
            try await page.recordPresentedVideoFrames()
            try await body(page, fixture)
            #expect(await page.problems() == [])
        }
    }
}
