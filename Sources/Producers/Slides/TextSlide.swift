import Diagram
import Geometry
import Raster

/// A slide of words drawn in the theme, as a lecture's `title:` and
/// `text:` sections make it: a script of one step whose texts are placed
/// on the frame (no camera), set in the animation's faces, wrapped to the
/// frame's width, and held long enough to read.
///
/// Headings and strong words are set in the main (bold) face, running
/// text in the regular face, emphasis in the accent colour, code in the
/// mono face. Lines break between words, and between any two characters
/// of Chinese, Japanese and Korean, which are written without spaces.
/// A slide too long for the frame is set smaller, never under the
/// legibility floor; one that does not fit even then is refused.
///
///     let slide = try TextSlide(markdown: "# Trees\n- a root\n- children", stage: stage, fonts: fonts).script
public struct TextSlide: Sendable {
    public let script: Script

    /// The faces a slide is set in, for measuring.
    public struct Fonts: Sendable {
        public var main: Font
        public var regular: Font
        public var mono: Font

        public init(main: Font, regular: Font, mono: Font) {
            self.main = main
            self.regular = regular
            self.mono = mono
        }

        func font(_ face: TextFace) -> Font {
            switch face {
            case .main: main
            case .regular: regular
            case .mono: mono
            }
        }
    }

    public enum SlideError: Error, Equatable, Sendable {
        /// The slide's words do not fit the frame at the legibility floor:
        /// their height at that size, as a fraction of the room.
        case tooLong(fill: Double)
        case empty
    }

    /// Sizes as fractions of the frame's shorter side, before any fitting.
    static let body = 0.048
    static let headings = [0.078, 0.062, 0.054]
    static let codeSize = 0.04
    static let titleSize = 0.09
    static let subtitleSize = 0.052
    static let lineHeight = 1.3

    /// A text slide of `markdown`.
    public init(markdown: String, stage: Stage, fonts: Fonts, hold: Double? = nil) throws(SlideError) {
        let blocks = SlideMarkdown.parse(markdown)
        guard !blocks.isEmpty else { throw .empty }
        let lines = try Self.fit(blocks, stage: stage, fonts: fonts)
        let words = blocks.map(\.plain)
        script = Self.script(lines, room: Self.room(stage), slide: words, caption: Self.headline(blocks), hold: hold ?? Self.readingTime(of: words), stage: stage)
    }

    /// A title slide: `title` large in the middle of the frame, `subtitle`
    /// (a line or a few) under it.
    public init(title: String, subtitle: String? = nil, stage: Stage, fonts: Fonts, hold: Double? = nil) throws(SlideError) {
        guard !title.allSatisfy(\.isWhitespace) else { throw .empty }
        let room = Self.room(stage)
        var lines = [Line]()
        var scale = 1.0
        // Large, and smaller for a long title; never under the floor.
        let floor = stage.minimumText / Stage.shortSide
        func set(_ text: String, size: Double, face: TextFace, role: Role) -> [Line] {
            Self.wrap([SlideMarkdown.Run(text: text, style: .plain)], face: face, role: role, size: size, indent: 0,
                      width: room.width, fonts: fonts, stage: stage, centred: true)
        }
        repeat {
            lines = set(title, size: Self.titleSize * scale, face: .main, role: .normal)
            if let subtitle, !subtitle.isEmpty {
                var sub = subtitle.split(whereSeparator: \.isNewline).flatMap {
                    set(String($0), size: Self.subtitleSize * scale, face: .regular, role: .muted)
                }
                if !sub.isEmpty { sub[0].gapBefore = Self.subtitleSize * scale * 0.8 }
                lines += sub
            }
            if Self.height(of: lines, stage) <= room.height * 0.9 { break }
            scale *= 0.9
        } while Self.subtitleSize * scale >= floor
        guard Self.height(of: lines, stage) <= room.height else { throw .tooLong(fill: Self.height(of: lines, stage) / room.height) }
        // Centred on the frame, a little above the middle.
        let top = room.minY + (room.height - Self.height(of: lines, stage)) * 0.45
        var words = [SlideBlock.title(title)]
        if let subtitle, !subtitle.isEmpty { words.append(.subtitle(subtitle)) }
        script = Self.script(
            Self.placed(lines, top: top, stage), room: room, slide: words, caption: nil, hold: hold ?? Self.readingTime(of: words),
            stage: stage)
    }

    // MARK: Setting

    /// One piece of a line in one face and colour.
    struct Piece {
        var text: String
        var face: TextFace
        var role: Role
        /// From the room's left, as a fraction of the frame's width.
        var x: Double
    }

    struct Line {
        var pieces: [Piece]
        /// Fractions of the frame's shorter side.
        var size: Double
        var gapBefore: Double = 0
        /// The line's top, as a fraction of the frame's height, once placed.
        var top: Double = 0
        var centred = false
        var width: Double = 0
    }

    /// The room the words have: the frame less its margins, in fractions
    /// of the frame.
    static func room(_ stage: Stage) -> Rect {
        let mx = stage.margin * 1.6 / stage.size.width, my = stage.margin * 1.4 / stage.size.height
        return Rect(x: mx, y: my, width: 1 - 2 * mx, height: 1 - 2 * my)
    }

    /// The blocks set at the largest scale that fits, from 1 down to the
    /// legibility floor for the smallest text.
    static func fit(_ blocks: [SlideMarkdown.Block], stage: Stage, fonts: Fonts) throws(SlideError) -> [Line] {
        let room = room(stage)
        let floor = stage.minimumText / Stage.shortSide
        var scale = 1.0
        while true {
            let lines = set(blocks, scale: scale, room: room, stage: stage, fonts: fonts)
            let h = height(of: lines, stage)
            if h <= room.height { return placed(lines, top: room.minY, stage) }
            let next = scale * 0.92
            if min(codeSize, body) * next < floor { throw .tooLong(fill: h / room.height) }
            scale = next
        }
    }

    /// The height of `lines` as a fraction of the frame's height (their
    /// sizes are fractions of the shorter side).
    static func height(of lines: [Line], _ stage: Stage) -> Double {
        lines.reduce(0) { $0 + $1.gapBefore + $1.size * lineHeight } * short(stage) / stage.size.height
    }

    /// The frame's shorter side, in stage units.
    static func short(_ stage: Stage) -> Double { min(stage.size.width, stage.size.height) }

    /// Sets each line's top from `top` down, in fractions of the frame's
    /// height.
    static func placed(_ lines: [Line], top: Double, _ stage: Stage) -> [Line] {
        let k = short(stage) / stage.size.height
        var y = top
        return lines.map { line in
            var l = line
            y += l.gapBefore * k
            l.top = y
            y += l.size * lineHeight * k
            return l
        }
    }

    static func set(_ blocks: [SlideMarkdown.Block], scale: Double, room: Rect, stage: Stage, fonts: Fonts) -> [Line] {
        var lines = [Line]()
        let b = body * scale
        for (i, block) in blocks.enumerated() {
            var set: [Line]
            var gap: Double
            switch block {
            case .heading(let level, let runs):
                let size = headings[level - 1] * scale
                set = wrap(runs, face: .main, role: .normal, size: size, indent: 0, width: room.width, fonts: fonts, stage: stage)
                gap = size * 0.6
            case .paragraph(let runs):
                set = wrap(runs, face: .regular, role: .normal, size: b, indent: 0, width: room.width, fonts: fonts, stage: stage)
                gap = b * 0.55
            case .item(let marker, let runs):
                // Wide enough for the marker ("10.") and a space after it.
                let indent = max(b * 1.5, b * 0.3 + (measure(marker, .main, fonts) + measure(" ", .regular, fonts)) * b)
                set = wrap(runs, face: .regular, role: .normal, size: b, indent: indent, width: room.width, fonts: fonts, stage: stage)
                if !set.isEmpty {
                    set[0].pieces.insert(Piece(text: marker, face: .main, role: .accent, x: b * 0.3 * short(stage) / stage.size.width), at: 0)
                }
                gap = b * 0.25
            case .code(let code):
                let size = codeSize * scale
                set = code.map { text in
                    Line(pieces: [Piece(text: text.isEmpty ? " " : text, face: .mono, role: .normal, x: b * 0.6 * short(stage) / stage.size.width)], size: size)
                }
                gap = b * 0.4
            }
            if i > 0, !set.isEmpty { set[0].gapBefore = gap }
            lines += set
        }
        return lines
    }

    /// The runs set in lines of at most `width` (a fraction of the frame's
    /// width), from `indent` (a fraction of the shorter side).
    static func wrap(
        _ runs: [SlideMarkdown.Run], face: TextFace, role: Role, size: Double, indent: Double, width: Double, fonts: Fonts,
        stage: Stage, centred: Bool = false
    ) -> [Line] {
        // Fractions of the frame's width per em at this size, and the
        // indent in them.
        let perUnit = size * short(stage) / stage.size.width
        let start = indent * short(stage) / stage.size.width
        var lines = [Line]()
        var pieces = [Piece]()
        var x = start
        func breakLine() {
            // A line's trailing space takes no room.
            if var last = pieces.popLast() {
                while last.text.hasSuffix(" ") { last.text.removeLast() }
                if !last.text.isEmpty { pieces.append(last) }
            }
            var line = Line(pieces: pieces, size: size)
            line.width = pieces.last.map { $0.x + measure($0.text, $0.face, fonts) * perUnit } ?? 0
            line.centred = centred
            lines.append(line)
            pieces = []
            x = start
        }
        for run in runs {
            let (pieceFace, pieceRole): (TextFace, Role) = switch run.style {
            case .plain: (face, role)
            case .emphasis: (face, .accent)
            case .strong: (.main, role)
            case .code: (.mono, role)
            }
            for atom in atoms(of: run.text).flatMap({ split($0, face: pieceFace, fonts: fonts, width: (width - start) / perUnit) }) {
                let w = measure(atom, pieceFace, fonts) * perUnit
                let trimmed = measure(atom.trimmingSpaces(), pieceFace, fonts) * perUnit
                if x + trimmed > width, x > start {
                    breakLine()
                    if atom == " " { continue }
                }
                if let last = pieces.last, last.face == pieceFace, last.role == pieceRole {
                    pieces[pieces.count - 1].text += atom
                } else {
                    pieces.append(Piece(text: atom, face: pieceFace, role: pieceRole, x: x))
                }
                x += w
            }
        }
        if !pieces.isEmpty { breakLine() }
        return lines
    }

    /// `atom` cut into pieces no wider than `width` (at size 1): a word
    /// longer than a line (a URL, an identifier) breaks between letters
    /// rather than running off the frame.
    static func split(_ atom: String, face: TextFace, fonts: Fonts, width: Double) -> [String] {
        guard measure(atom.trimmingSpaces(), face, fonts) > width, width > 0 else { return [atom] }
        var pieces = [String](), piece = ""
        for c in atom {
            if !piece.isEmpty, measure(piece + String(c), face, fonts) > width {
                pieces.append(piece)
                piece = ""
            }
            piece.append(c)
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }

    /// Width of `text` at size 1.
    static func measure(_ text: String, _ face: TextFace, _ fonts: Fonts) -> Double {
        fonts.font(face).measure(text, size: 1).advance
    }

    /// The pieces a line may break between: a word with the spaces after
    /// it, or one character of a script written without spaces.
    static func atoms(of text: String) -> [String] {
        var atoms = [String]()
        var word = ""
        for c in text {
            if c.isWide {
                if !word.isEmpty { atoms.append(word) }
                word = ""
                atoms.append(String(c))
            } else if c == " " {
                word.append(c)
                atoms.append(word)
                word = ""
            } else {
                word.append(c)
            }
        }
        if !word.isEmpty { atoms.append(word) }
        return atoms
    }

    // MARK: The script

    /// Seconds to read `words` from the back of a room: two seconds, and a
    /// second for every two and a half words, at most 20.
    static func readingTime(of words: [SlideBlock]) -> Double {
        let count = words.reduce(0) { n, block in
            let text: String = switch block {
            case .title(let t), .subtitle(let t), .heading(let t), .paragraph(let t), .bullet(let t), .code(let t): t
            }
            return n + text.split(whereSeparator: { $0 == " " || $0 == "\n" }).count + text.filter(\.isWide).count / 2
        }
        return min(20, leastHold + Double(count) / 2.5)
    }

    /// The least a slide holds, in seconds: a title of one word.
    public static let leastHold = 2.0

    /// The first heading, as the step's name in decks.
    static func headline(_ blocks: [SlideMarkdown.Block]) -> String? {
        for case .heading(_, let runs) in blocks { return runs.map(\.text).joined() }
        return nil
    }

    static func script(_ lines: [Line], room: Rect, slide: [SlideBlock], caption: String?, hold: Double, stage: Stage) -> Script {
        let short = Self.short(stage), heightUnits = stage.size.height
        var builder = ScriptBuilder(camera: CameraOptions())
        builder.step(caption, note: nil, camera: .keep) { s in
            s.hideCaption()
            // At once: the slide's first frame (a deck's poster, a
            // thumbnail) shows its words.
            s.beat(.linear(duration: 0)) { d in
                for (i, line) in lines.enumerated() {
                    // `size` is a fraction of the shorter side; `top` of the height.
                    let baseline = line.top + line.size * 0.95 * short / heightUnits
                    let shift = line.centred ? (room.width - line.width) / 2 : 0
                    let left = room.minX
                    for (k, piece) in line.pieces.enumerated() {
                        var t = TextElement(
                            id: ElementID("slide:\(i).\(k)"), text: piece.text,
                            placement: .screen(Point(left + shift + piece.x, baseline)), size: line.size,
                            alignment: .left, role: piece.role)
                        t.face = piece.face
                        d.texts.insert(t)
                    }
                }
            }
            s.hold(hold)
        }
        var script = builder.script
        script.steps[0].slide = slide
        return script
    }
}

extension Character {
    /// Whether the character belongs to a script written without spaces
    /// between words (CJK ideographs, kana, hangul, and their punctuation
    /// and full-width forms).
    var isWide: Bool {
        guard let s = unicodeScalars.first else { return false }
        switch s.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x2FFFD:
            return true
        default:
            return false
        }
    }
}
