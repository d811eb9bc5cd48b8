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

    /// The box for a label of `text` at `size`: its width plus `padding` on
    /// each side, at least as wide as it is high; `height` high. (The seed's
    /// rounded node style: a name in a rounded rectangle.)
    public func boxSize(for text: String, size: Double, padding: Double, height: Double) -> Size {
        Size(width: max(width(of: text) * size + 2 * padding, height), height: height)
    }

    /// The one label size at which every one of `texts` fits a circle of
    /// `radius`: a tree whose labels all have one size reads as one.
    public func commonSize(for texts: some Sequence<String>, inCircleOfRadius radius: Double, largest: Double = 0.95) -> Double {
        texts.reduce(largest * radius) { min($0, size(for: $1, inCircleOfRadius: radius, largest: largest)) }
    }
}
