import Documents
import Foundation
import PNG
import TestSupport
import Testing

/// A deck of real H.264 clips made by ffmpeg, in a temporary folder, whose
/// pictures say where playback stands.
///
/// Step k's clip shows `boundaries[k]` on its first frame, `middles[k]` on
/// every frame between, and `boundaries[k + 1]` on its last frame (the next
/// step's first, as the real clips do). So the stage's colour tells the
/// step and whether it is at its start, its end, or in between; a player
/// that stops a frame short of the end, or of the start, shows a middle.
struct HTMLDeckFixture {
    static let width = 320
    static let height = 180
    static let fps = 30.0

    static let boundaries: [(name: String, rgb: [Int])] = [
        ("red", [220, 40, 40]), ("green", [40, 180, 70]), ("blue", [40, 80, 220]), ("yellow", [235, 205, 40]),
    ]
    static let middles: [(name: String, rgb: [Int])] = [
        ("purple", [130, 20, 140]), ("teal", [0, 150, 150]), ("orange", [255, 130, 0]),
    ]

    let folder: String
    let slides: [DeckSlide]
    /// The deck's language tag and its name.
    let language: (tag: String, name: String)

    /// Makes one clip per entry of `frames` (its frame count), at most three;
    /// `sections`, `questions`, `subtitles` (WebVTT files) and
    /// `descriptions`, when given, have one entry per clip.
    init(
        frames: [Int] = [30, 30, 30],
        captions: [String?] = ["insert 42", "a < b & c → d", "rotate left at 30"],
        notes: [String?] = ["Say why 42 goes right.", "Point at <b> & the arrow.", "Last one."],
        sections: [String?]? = nil, questions: [String?]? = nil, subtitles: [String?]? = nil,
        descriptions: [String?]? = nil, texts: [[DeckTextBlock]?]? = nil,
        language: (tag: String, name: String) = ("en", "English")
    ) throws {
        self.language = language
        var template = Array("\(NSTemporaryDirectory())/treeanim-html-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw FixtureError("no temporary folder") }
        folder = String(cString: made)
        var slides: [DeckSlide] = []
        var time = 0.0
        for (k, count) in frames.enumerated() {
            let clip = "\(folder)/step-\(k + 1).mp4"
            try Self.makeClip(
                clip, first: Self.boundaries[k].rgb, middle: Self.middles[k].rgb, last: Self.boundaries[k + 1].rgb,
                frames: count)
            let length = Double(count - 1) / Self.fps
            slides.append(
                DeckSlide(
                    caption: captions[k], note: notes[k], start: time, end: time + length, clipPath: clip,
                    poster: try Self.flatPNG(Self.boundaries[k].rgb), final: try Self.flatPNG(Self.boundaries[k + 1].rgb),
                    section: sections?[k], question: questions?[k], text: texts?[k], subtitles: subtitles?[k],
                    description: descriptions?[k]))
            time += length
        }
        self.slides = slides
    }

    var format: DeckFormat {
        DeckFormat(
            width: Self.width, height: Self.height, fps: Self.fps, title: "Fixture <deck> & “tests”",
            language: language.tag, languageName: language.name)
    }

    /// Writes the deck to `<folder>/<name>` and returns its path.
    func writeDeck(named name: String = "deck.html", autoplay: Bool = false) throws -> String {
        let path = "\(folder)/\(name)"
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let file = FileHandle(forWritingAtPath: path)
        else { throw FixtureError("cannot create \(path)") }
        defer { try? file.close() }
        try HTMLDeck(format: format, autoplay: autoplay).write(slides) { bytes in
            try file.write(contentsOf: bytes)
        }
        return path
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// The name of the fixture colour nearest `rgb`, or a description of
    /// `rgb` when no colour is near.
    static func name(of rgb: [Int]) -> String {
        let all = boundaries + middles
        let distance = { (other: [Int]) in zip(rgb, other).map { abs($0 - $1) }.max() ?? .max }
        guard let nearest = all.min(by: { distance($0.rgb) < distance($1.rgb) }), distance(nearest.rgb) <= 48 else {
            return "no fixture colour (rgb \(rgb))"
        }
        return nearest.name
    }

    private static func makeClip(_ path: String, first: [Int], middle: [Int], last: [Int], frames: Int) throws {
        func source(_ rgb: [Int], _ count: Int) -> String {
            let hex = rgb.map { String(format: "%02X", $0) }.joined()
            return "color=c=0x\(hex):s=\(width)x\(height):r=\(Int(fps)),trim=end_frame=\(count)"
        }
        let graph =
            "\(source(first, 1))[a];\(source(middle, frames - 2))[b];\(source(last, 1))[c];"
            + "[a][b][c]concat=n=3:v=1:a=0,format=yuv420p[v]"
        // The lead's recipe for deck clips: H.264, yuv420p, a keyframe
        // every half second so that seeking backwards is cheap.
        try run(
            "ffmpeg", "-v", "error", "-y", "-filter_complex", graph, "-map", "[v]", "-c:v", "libx264",
            "-preset", "veryfast", "-tune", "animation", "-crf", "18", "-g", "15", "-pix_fmt", "yuv420p",
            "-movflags", "+faststart", path)
    }

    private static func flatPNG(_ rgb: [Int]) throws -> [UInt8] {
        let pixel = rgb.map(UInt8.init) + [255]
        let pixels = Array([[UInt8]](repeating: pixel, count: width * height).joined())
        return try PNGFile.encode(straightRGBA: pixels, width: width, height: height)
    }

    private static func run(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw FixtureError("\(arguments[0]) failed (\(process.terminationStatus)): \(output)")
        }
    }
}

struct FixtureError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension ChromiumPage {
    /// The name of the fixture colour at the middle of the deck's stage
    /// once it is `expected`, or the last one seen after `timeout`, a
    /// safety net: the page decides a frame before the compositor shows it,
    /// and on a busy machine a video frame reaches the screen late, so the
    /// screen is read again each time the page draws until it shows the
    /// colour.
    func stageColour(settlingOn expected: String, timeout: Duration = Patience.page) async throws -> String {
        let centre = try await evaluate(
            "(() => { const r = document.getElementById('stage').getBoundingClientRect();"
                + " return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)]; })()")
        guard let point = centre.array?.compactMap(\.number), point.count == 2 else {
            throw FixtureError("no stage centre: \(centre)")
        }
        var seen = "never looked"
        _ = try await screenshot(
            until: { image in
                seen = try Self.colour(in: image, x: Int(point[0]), y: Int(point[1]))
                return seen == expected
            }, timeout: timeout)
        if seen != expected {
            // Which frame the player last sent to the screen tells a deck
            // that stopped short from a screen that lags.
            let presented = try? await evaluate(
                "(() => { const v = document.querySelector('.step.current video'); return v ? String(v.dataset.presented) : 'no video'; })()")
            Issue.record("the stage shows \(seen), not \(expected); the current clip's last frame on screen: \(presented?.description ?? "unknown") s")
        }
        return seen
    }

    /// The name of the fixture colour of the 9×9 pixels around (`x`, `y`).
    private static func colour(in image: PNGImage, x: Int, y: Int) throws -> String {
        var sums = [0, 0, 0]
        var count = 0
        for row in (y - 4)...(y + 4) where row >= 0 && row < image.height {
            for column in (x - 4)...(x + 4) where column >= 0 && column < image.width {
                let offset = (row * image.width + column) * 4
                for c in 0..<3 { sums[c] += Int(image.pixels[offset + c]) }
                count += 1
            }
        }
        guard count > 0 else { throw FixtureError("stage centre (\(x), \(y)) is off the screenshot") }
        return HTMLDeckFixture.name(of: sums.map { $0 / count })
    }

    /// The deck's `dataset.step` and `dataset.state`, as "2 end".
    func deckPosition() async throws -> String {
        try await evaluate("document.body.dataset.step + ' ' + document.body.dataset.state").description
    }

    /// Waits until the deck stands at `position`, such as "2 end".
    @discardableResult
    func waitForDeck(_ position: String, timeout: Duration = Patience.page) async throws -> Duration {
        try await waitUntil(
            "document.body.dataset.step + ' ' + document.body.dataset.state === '\(position)'", timeout: timeout)
    }

    /// From now on, the page lists in `window.treeanimPositions` every
    /// position the deck takes ("1 playing", "1 end", …) as it takes it,
    /// so a test can check that a passing state came, however briefly.
    func recordDeckPositions() async throws {
        try await evaluate(
            """
            (() => {
              const body = document.body;
              const position = () => body.dataset.step + ' ' + body.dataset.state;
              window.treeanimPositions = [position()];
              new MutationObserver(() => {
                const now = position();
                if (window.treeanimPositions[window.treeanimPositions.length - 1] !== now) window.treeanimPositions.push(now);
              }).observe(body, { attributes: true, attributeFilter: ['data-step', 'data-state'] });
              return true;
            })()
            """)
    }

    /// The positions recorded since ``recordDeckPositions()``.
    func deckPositions() async throws -> [String] {
        try await evaluate("window.treeanimPositions").array?.compactMap(\.string) ?? []
    }
}
