/// A text slide set on a handout page: its blocks as lines in a frame,
/// wrapped to the frame's width, the title largest, headings larger than
/// the text, bullets hanging from their mark, code line for line.
///
/// Text that does not fit is set smaller, down to ``smallest`` of its size,
/// as a slide's text box shrinks its text; what does not fit even then is
/// cut, the last line shown ending in an ellipsis. What fits is centred top
/// to bottom, as on a slide.
struct TextCard {
    /// A line to show: its text at `x` on `baseline`, `size` points per em.
    struct Line: Equatable {
        var text: String
        var x: Double
        var baseline: Double
        var size: Double
        var grey: Double
    }

    /// The lines, in the order they read.
    private(set) var lines: [Line] = []
    /// Whether every block is shown whole.
    private(set) var isComplete = true

    /// The scales tried, in order, until the text fits: the last is the
    /// least, about 6.5 points for the smallest layout's text.
    static let scales = [1, 0.85, 0.7]
    static var smallest: Double { scales[scales.count - 1] }

    /// Sets `blocks` inside `box`, in `setter`'s fonts; `bodySize` is the
    /// size of a paragraph's text, which every other size follows.
    init(_ blocks: [DeckTextBlock], in box: PageBox, bodySize: Double, setter: TextSetter) {
        var card = TextCard(blocks, in: box, bodySize: bodySize, scale: Self.scales[0], setter: setter)
        for scale in Self.scales.dropFirst() where !card.isComplete {
            card = TextCard(blocks, in: box, bodySize: bodySize, scale: scale, setter: setter)
        }
        self = card
    }

    /// Sets `blocks` at `scale` times their sizes (the frame's padding
    /// stays), cutting what does not fit.
    private init(_ blocks: [DeckTextBlock], in box: PageBox, bodySize: Double, scale: Double, setter: TextSetter) {
        let font = setter.fonts[0]
        let ascent = Double(font.ascent) / Double(font.unitsPerEm)
        let depth = ascent - Double(font.descent) / Double(font.unitsPerEm)
        let padding = bodySize
        let width = box.width - 2 * padding
        let room = box.height - 2 * padding
        guard width > 0, room > 0 else {
            isComplete = blocks.isEmpty
            return
        }
        let mark = setter.fonts.contains { $0.glyphs["•"] != nil } ? "•" : "-"

        var used = 0.0
        for block in blocks {
            let style = Self.style(of: block, bodySize: bodySize * scale)
            let indent = block.isBullet ? max(setter.width(mark + " ", size: style.size), style.size) : 0
            var texts = Self.lines(of: block, width: width - indent, size: style.size, setter: setter)
            guard !texts.isEmpty else { continue }
            let before = lines.isEmpty ? 0 : style.spaceBefore
            // The lines that fit: the first takes the text's depth, each
            // after it a leading.
            let left = room - used - before - depth * style.size
            let fitting = left < 0 ? 0 : min(texts.count, Int(left / style.leading) + 1)
            guard fitting > 0 else {
                // The block after the last line shown is left out: that
                // line says so.
                isComplete = false
                if let last = lines.indices.last {
                    lines[last].text = setter.ellipsized(lines[last].text, width: width, size: lines[last].size)
                }
                break
            }
            let cut = fitting < texts.count
            if cut {
                isComplete = false
                texts = Array(texts.prefix(fitting))
                texts[fitting - 1] = setter.ellipsized(texts[fitting - 1], width: width - indent, size: style.size)
            }
            let top = used + before
            for (index, text) in texts.enumerated() {
                let baseline = top + ascent * style.size + Double(index) * style.leading
                if index == 0 && block.isBullet {
                    lines.append(
                        Line(text: mark, x: box.x + padding, baseline: baseline, size: style.size, grey: style.grey))
                }
                lines.append(
                    Line(text: text, x: box.x + padding + indent, baseline: baseline, size: style.size, grey: style.grey))
            }
            used = top + Double(texts.count - 1) * style.leading + depth * style.size
            if cut { break }
        }
        let offset = box.y + padding + max(0, (room - used) / 2)
        for index in lines.indices { lines[index].baseline += offset }
    }

    /// How a block is set: its size, the distance between its baselines,
    /// the space above it (after another block) and its grey.
    private static func style(
        of block: DeckTextBlock, bodySize: Double
    ) -> (size: Double, leading: Double, spaceBefore: Double, grey: Double) {
        switch block {
        case .title: (bodySize * 2, bodySize * 2.4, bodySize * 0.8, 0)
        case .heading: (bodySize * 1.4, bodySize * 1.75, bodySize * 1.1, 0)
        case .paragraph, .bullet: (bodySize, bodySize * 1.35, bodySize * 0.55, 0.12)
        case .code: (bodySize * 0.9, bodySize * 1.2, bodySize * 0.55, 0.3)
        }
    }

    /// A block's lines: wrapped at spaces, but a code block's lines as
    /// written (indentation and empty lines kept), each cut to the width.
    private static func lines(of block: DeckTextBlock, width: Double, size: Double, setter: TextSetter) -> [String] {
        guard case .code(let code) = block else {
            return setter.lines(block.text, width: width, size: size, limit: .max)
        }
        let source = code.replacingOccurrences(of: "\t", with: "    ").split(
            omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        return source.map { line in
            let line = String(line)
            return setter.width(line, size: size) <= width ? line : setter.ellipsized(line, width: width, size: size)
        }
    }
}

extension DeckTextBlock {
    fileprivate var isBullet: Bool {
        if case .bullet = self { return true }
        return false
    }
}
