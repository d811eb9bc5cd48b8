/// A deck as one self-contained HTML page: each step's clip plays on a key
/// press and stops on its last frame, as a slide of reveal.js or
/// manim-slides does, with the step's caption as text below it, and its
/// lecture section, if it has one, beside the step counter. A question
/// slide shows its question in a banner over the stage; the press after it
/// plays the step that answers it.
///
///     let deck = HTMLDeck(format: DeckFormat(width: 1280, height: 720, fps: 30, title: "BST"), autoplay: false)
///     try deck.write(slides) { bytes in try file.write(contentsOf: bytes) }
///
/// The page needs nothing else: clips and pictures are inside it as data
/// URLs, its style and script are inline, it loads nothing from the
/// network, and it opens from a file path in Chromium, Firefox and Safari.
///
/// Keys: → Space PageDown ↓ or a click play the next step (during playback:
/// jump to its end); ← PageUp ↑ show the end of the step before; R plays
/// the step backwards to its start; Home and End go to the first step's
/// start and the last step's end; A turns autoplay on or off; F is full
/// screen; S opens the speaker notes; O opens the overview, a grid of every
/// step's last frame with its number, caption and section, where a click on
/// a step (or Enter on the focused one) shows that step's end, and Escape
/// or O closes it; C turns subtitles on or off; ? shows the keys.
///
/// For readers who cannot see the frames: each step is a group a screen
/// reader calls a slide, "Step k of n" (and its section), described by the
/// step's words (``DeckSlide/description``), which are also the
/// description of its clip and the alternative text of its still. Its clip
/// carries the captions it shows as a WebVTT captions track in the page's
/// language, hidden (the frames draw the captions already) until C shows it
/// over every clip; while a step plays, the caption line under the stage,
/// a live region, says each caption as the clip shows it.
///
/// For tests and for pages that embed a deck, `document.body.dataset.step`
/// is the step shown (from 1), `dataset.state` is `start`, `playing`,
/// `end` or `reversing`, `dataset.overview` is `open` or `closed`, and
/// `dataset.subtitles` is `on` or `off`, and
/// `window.treeanimDeck` has `next()`, `previous()`, `go(n, "start" |
/// "end")`, `first()`, `last()`, `reverse()`, `toggleAutoplay()`,
/// `toggleSubtitles()`, `openNotes()`, `overview()` (opens or closes the
/// overview), `step`, `state`, `subtitles` (whether they show), `count`. A question slide's element has `data-question`, a
/// slide of a section `data-section`, a title or text slide `data-text` (one press shows it whole, unless it speaks or
/// the deck plays by itself).
public struct HTMLDeck: Sendable {
    public var format: DeckFormat
    /// Play every step, one after another, as soon as the page opens.
    public var autoplay: Bool

    public init(format: DeckFormat, autoplay: Bool) {
        self.format = format
        self.autoplay = autoplay
    }

    /// Writes the page for `slides`, in order, handing its bytes to `emit`
    /// a piece at a time: clips are read and encoded a chunk at a time, so
    /// the page is never whole in memory.
    ///
    /// - Throws: ``HTMLDeckError/noSlides`` for no slides, an error for a
    ///   format without a positive size and frame rate, for a clip that
    ///   cannot be read, and ``HTMLDeckError/cannotWrite(reason:)`` with what
    ///   `emit` threw.
    /// - Complexity: O(*n*) in the size of the clips and pictures.
    public func write(_ slides: [DeckSlide], to emit: (_ bytes: [UInt8]) throws -> Void) throws(HTMLDeckError) {
        guard !slides.isEmpty else { throw .noSlides }
        guard format.width > 0, format.height > 0 else {
            throw .badSize(width: format.width, height: format.height)
        }
        guard format.fps.isFinite, format.fps > 0 else { throw .badFrameRate(fps: format.fps) }
        try withoutActuallyEscaping(emit) { (emit) throws(HTMLDeckError) in
            var page = HTMLPageStream(emit: emit)
            try page.write(head)
            for (index, slide) in slides.enumerated() {
                try write(slide, number: index + 1, of: slides.count, to: &page)
            }
            try page.write(tail(slides))
            try page.finish()
        }
    }

    private var head: String {
        let title = HTMLText.escape(format.title)
        return """
            <!DOCTYPE html>
            <html lang="\(HTMLText.escape(format.language))">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="treeanim">
            <title>\(title)</title>
            <style>\(Self.style)</style>
            </head>
            <body data-step="1" data-state="start" data-overview="closed" data-subtitles="off" data-fps="\(format.fps)" data-autoplay="\(autoplay)" data-sound="\(format.sound)" data-audible="false">
            <main class="deck" id="deck" aria-label="\(title)" style="--aspect: \(Double(format.width) / Double(format.height))">
            <div class="viewport">
            <div class="stage" id="stage">

            """
    }

    /// One step: its video (with its captions track), over its last frame
    /// as a still for a browser that cannot play the video, its question's
    /// banner, and its caption, note and description as the text the
    /// script and screen readers read.
    private func write(_ slide: DeckSlide, number: Int, of count: Int, to page: inout HTMLPageStream)
        throws(HTMLDeckError)
    {
        let section = slide.section.map { " data-section=\"\(HTMLText.escape($0))\"" } ?? ""
        let question = slide.question.map { " data-question=\"\(HTMLText.escape($0))\"" } ?? ""
        // A title or text slide does not move: a press shows it whole.
        let text = slide.text == nil ? "" : " data-text=\"true\""
        let name = "Step \(number) of \(count)" + (slide.section.map { ": \($0)" } ?? "")
        let descriptionID = "step-\(number)-description"
        let describedBy = slide.description == nil ? "" : " aria-describedby=\"\(descriptionID)\""
        try page.write(
            "<section class=\"step\(number == 1 ? " current" : "")\" role=\"group\" aria-roledescription=\"slide\""
                + " aria-label=\"\(HTMLText.escape(name))\"\(describedBy)\(section)\(question)\(text)>\n"
                + "<video muted playsinline preload=\"auto\" disablepictureinpicture disableremoteplayback"
                + " tabindex=\"-1\"\(describedBy) poster=\"data:image/png;base64,")
        try page.writeBase64(slide.poster)
        try page.write("\" src=\"data:video/mp4;base64,")
        try page.writeBase64(file: slide.clipPath)
        try page.write("\">")
        if let subtitles = slide.subtitles {
            try page.write(
                "<track kind=\"captions\" srclang=\"\(HTMLText.escape(format.language))\""
                    + " label=\"\(HTMLText.escape(format.languageName))\" src=\"data:text/vtt;base64,")
            try page.writeBase64(Array(subtitles.utf8))
            try page.write("\">")
        }
        try page.write(
            "</video>\n<img class=\"final\" alt=\"\(HTMLText.escape(slide.description ?? ""))\" hidden"
                + " src=\"data:image/png;base64,")
        try page.writeBase64(slide.final)
        try page.write("\">\n" + (slide.question.map(questionBanner) ?? ""))
        try page.write(
            "<div class=\"step-caption\" hidden>\(HTMLText.escape(slide.caption ?? ""))</div>\n"
                + "<div class=\"step-note\" hidden>\(HTMLText.escape(slide.note ?? ""))</div>\n"
                + (slide.description.map {
                    "<div class=\"step-description\" id=\"\(descriptionID)\" hidden>\(HTMLText.escape($0))</div>\n"
                } ?? "") + "</section>\n")
    }

    /// A question's banner over the stage: a label and the question.
    private func questionBanner(_ question: String) -> String {
        "<div class=\"question\" role=\"note\" aria-label=\"Question\"><span class=\"question-label\">Question</span>"
            + "<p class=\"question-text\">\(HTMLText.escape(question))</p></div>\n"
    }

    private func tail(_ slides: [DeckSlide]) -> String {
        let section = slides[0].section ?? ""
        return """
        </div>
        </div>
        <footer class="bar">
        <div class="status"><span class="autoplay-badge">Autoplay</span><span class="sound-hint">Sound starts with your first key</span><span class="hint"><kbd>?</kbd> keys</span></div>
        <p class="caption" id="caption" aria-live="polite">\(HTMLText.escape(slides[0].caption ?? ""))</p>
        <div class="where"><span class="section-name" id="section"\(section.isEmpty ? " hidden" : "")>\(HTMLText.escape(section))</span><span class="counter" id="counter">1 / \(slides.count)</span></div>
        </footer>
        <div class="progress" aria-hidden="true"><div id="progress"></div></div>
        <div class="overview" id="overview" hidden>
        <div class="overview-card" role="dialog" aria-labelledby="overview-title">
        <h2 id="overview-title">Overview</h2>
        <ol class="overview-grid" id="overview-grid"></ol>
        </div>
        </div>
        <div class="help" id="help" hidden>
        <div class="card" role="dialog" aria-labelledby="help-title">
        <h2 id="help-title">Keys</h2>
        <dl>
        <dt><kbd>→</kbd> <kbd>Space</kbd> <kbd>PgDn</kbd> click</dt><dd>Play the next step; while it plays, jump to its end</dd>
        <dt><kbd>←</kbd> <kbd>PgUp</kbd></dt><dd>Back to the end of the step before</dd>
        <dt><kbd>R</kbd></dt><dd>Play the step backwards to its start</dd>
        <dt><kbd>Home</kbd> <kbd>End</kbd></dt><dd>First step, end of the last step</dd>
        <dt><kbd>A</kbd></dt><dd>Autoplay on or off</dd>
        <dt><kbd>F</kbd></dt><dd>Full screen</dd>
        <dt><kbd>S</kbd></dt><dd>Speaker notes in a new window</dd>
        <dt><kbd>C</kbd></dt><dd>Subtitles on or off: each clip's captions as text over it</dd>
        <dt><kbd>O</kbd></dt><dd>Overview of every step: click one, or Enter, to go to its end; <kbd>Esc</kbd> or <kbd>O</kbd> closes it</dd>
        <dt><kbd>?</kbd> <kbd>Esc</kbd></dt><dd>Show or hide these keys</dd>
        </dl>
        </div>
        </div>
        </main>
        <script>\(Self.script)</script>
        </body>
        </html>

        """
    }
}
