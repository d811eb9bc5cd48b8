import Geometry
import Raster

/// Sizes labels with the font they will be drawn in, so that a label fits
/// its node whatever its script and whatever the font's widths.
///
/// Fonts scale linearly (outlines are unhinted), so sizes found here in
/// layout units hold at every zoom.
public struct LabelFit: Sendable {
    public let font: Font

    public init(font: Font) {
        self.font = font
    }

    /// The width of `text` at a font size of 1.
    public func width(of text: String) -> Double {
        font.measure(text, size: 1).advance
    }

    /// The label size for `text` in a circle of `radius`: as large as reads
    /// well (`largest` radii, 0.95 by default), smaller for a long label so
    /// that it stays within 1.45 radii across.
    public func size(for text: String, inCircleOfRadius radius: Double, largest: Double = 0.95) -> Double {
        let w = width(of: text)
        return w > 0 ? min(largest * radius, 1.45 * radius / w) : largest * radius
    }

    /// The box for a label of `text` at `size`: its widest line plus
    /// `padding` on each side, at least as wide as it is high; `height` high
    /// for one line, and ``Font/lineSpacing`` ems more for each further line.
    /// (The seed's rounded node style: a name in a rounded rectangle.)
    public func boxSize(for text: String, size: Double, padding: Double, height: Double) -> Size {
        let tall = height + Double(Self.lineCount(of: text) - 1) * Font.lineSpacing * size
        return Size(width: max(width(of: text) * size + 2 * padding, tall), height: tall)
    }

    /// How many lines `text` is drawn in: one more than its `\n`s.
    public static func lineCount(of text: String) -> Int {
        text.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
    }

    /// `text` broken into lines of at most `columns` characters: at spaces
    /// where it has them (a run of spaces at a break is dropped), and inside
    /// a word longer than a line, which is cut after its last hyphen within
    /// the line or else at `columns` (Chinese and
    /// Japanese, written without spaces, break anywhere). Line breaks
    /// already in `text` stay.
    ///
    ///     LabelFit.wrap("Balanced binary search trees", columns: 12)  // "Balanced\nbinary\nsearch trees"
    public static func wrap(_ text: String, columns: Int) -> String {
        precondition(columns > 0, "wrap needs a positive number of columns")
        var lines = [String]()
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var word = Substring(word)
                if !line.isEmpty, line.count + 1 + word.count <= columns {
                    line += " " + word
                    continue
                }
                if !line.isEmpty { lines.append(line) }
                while word.count > columns {
                    // After the line's last hyphen, if it has one.
                    let head = word.prefix(columns)
                    let cut = head.dropLast().lastIndex(of: "-").map { word.distance(from: word.startIndex, to: $0) + 1 } ?? columns
                    lines.append(String(word.prefix(cut)))
                    word = word.dropFirst(cut)
                }
                line = String(word)
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The one label size at which every one of `texts` fits a circle of
    /// `radius`: a tree whose labels all have one size reads as one.
    public func commonSize(for texts: some Sequence<String>, inCircleOfRadius radius: Double, largest: Double = 0.95) -> Double {
        texts.reduce(largest * radius) { min($0, size(for: $1, inCircleOfRadius: radius, largest: largest)) }
    }
}
