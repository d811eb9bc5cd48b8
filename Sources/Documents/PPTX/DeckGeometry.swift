/// A rectangle in EMU (English Metric Units: 914 400 to the inch, 12 700 to
/// the point), the unit of every length in Office Open XML.
struct EMURect: Sendable, Equatable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// The largest rectangle of aspect `aspect` (width over height) inside
    /// this one, centred in it.
    func fitting(aspect: Double) -> EMURect {
        let (w, h): (Int, Int)
        if Double(width) / Double(height) > aspect {
            (w, h) = (Int((Double(height) * aspect).rounded()), height)
        } else {
            (w, h) = (width, Int((Double(width) / aspect).rounded()))
        }
        return EMURect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
    }
}

/// Where things sit on every slide and notes page of a deck, from the
/// frames' size alone.
///
/// The slide is 12 192 000 EMU wide (PowerPoint's widescreen width, 13.33
/// in), and as high as the frames' aspect makes it, within PowerPoint's
/// limits of 914 400…51 206 400 EMU a side: 1280×720 frames give the
/// standard 16:9 slide. The title takes a band across the top; the clip
/// fills the rest, less a margin, with its aspect kept and centred.
struct DeckGeometry: Sendable, Equatable {
    /// The width of every slide.
    static let slideWidth = 12_192_000
    /// PowerPoint refuses a slide side outside this range.
    static let sideLimits = 914_400...51_206_400
    /// The title band of a 16:9 slide: 81 pt, PowerPoint's own title
    /// height. It stays this high on taller slides (the width is fixed, so
    /// the title looks the same on all), and shrinks on very wide ones.
    static let titleBandHeight = 1_028_700
    /// A portrait US-letter page, as PowerPoint's notes pages are.
    static let notesPage = EMURect(x: 0, y: 0, width: 6_858_000, height: 9_144_000)

    var slide: EMURect
    var titleBand: EMURect
    var video: EMURect
    /// The title's size in hundredths of a point: four tenths of the band,
    /// so one line sits in it with room, and two fit when shrunk.
    var titleSize: Int
    /// The slide's picture on a notes page.
    var notesImage: EMURect
    /// The speaker notes' text box on a notes page.
    var notesBody: EMURect

    /// - Precondition: `frameWidth` and `frameHeight` are positive.
    init(frameWidth: Int, frameHeight: Int) {
        precondition(frameWidth > 0 && frameHeight > 0, "frames have a positive size")
        let aspect = Double(frameWidth) / Double(frameHeight)
        let height = (Double(Self.slideWidth) / aspect).rounded()
        let limits = Self.sideLimits
        let slideHeight = Int(min(max(height, Double(limits.lowerBound)), Double(limits.upperBound)))
        slide = EMURect(x: 0, y: 0, width: Self.slideWidth, height: slideHeight)

        let band = min(Self.titleBandHeight, slideHeight / 4)
        let margin = band / 8
        titleBand = EMURect(x: margin, y: 0, width: Self.slideWidth - 2 * margin, height: band)
        let below = EMURect(
            x: margin, y: band, width: Self.slideWidth - 2 * margin, height: slideHeight - band - margin)
        video = below.fitting(aspect: aspect)
        titleSize = max(1, Int((Double(band) / 12_700 * 0.4).rounded())) * 100

        let page = Self.notesPage
        let inch = 914_400
        let pageMargin = inch * 3 / 4
        let imageBox = EMURect(
            x: pageMargin, y: pageMargin, width: page.width - 2 * pageMargin, height: page.height * 3 / 8)
        notesImage = imageBox.fitting(aspect: Double(slide.width) / Double(slide.height))
        let bodyTop = imageBox.y + imageBox.height + inch / 4
        notesBody = EMURect(x: pageMargin, y: bodyTop, width: imageBox.width, height: page.height - pageMargin - bodyTop)
    }
}
