import CPNG

/// How hard to compress a PNG. Every setting gives a valid PNG of the same
/// pixels; they trade encoding time against file size.
///
///     let small = PNGOptions(level: 9, filter: .adaptive, strategy: .filtered)
public struct PNGOptions: Sendable, Hashable {
    /// zlib's compression level, 0 (store) ... 9 (smallest).
    public var level: Int
    /// The row filter, the same for every row unless `.adaptive`.
    public var filter: PNGFilter
    /// How deflate searches for matches.
    public var strategy: PNGStrategy
    /// Words written in tEXt chunks before the image data, where a reader
    /// finds them without decoding the pixels.
    public var text: [PNGText]

    public init(level: Int = 3, filter: PNGFilter = .none, strategy: PNGStrategy = .default, text: [PNGText] = []) {
        self.level = level
        self.filter = filter
        self.strategy = strategy
        self.text = text
    }

    /// The fast setting for animation frames: level 3, no filter, zlib's
    /// default strategy.
    ///
    /// Measured with `Benchmarks/PNG` on a 1280×720 tree frame, it encodes in
    /// about 4.5 ms to 40 KB where libpng's own default takes about 20 ms for
    /// 36 KB. Tree frames are flat colour, so unfiltered rows repeat the row
    /// above byte for byte and deflate's fast matcher finds them at once;
    /// filters turn those runs into zeros that cost more bytes to code, and
    /// levels 4 and up switch to lazy matching, which nearly doubles the time
    /// for a quarter fewer bytes.
    public static let `default` = PNGOptions()

    /// What libpng does when told nothing: level 6, adaptive filtering,
    /// `Z_FILTERED`. Smaller files, several times slower.
    public static let libpngDefault = PNGOptions(level: 6, filter: .adaptive, strategy: .filtered)

    /// The levels zlib accepts.
    public static let levels: ClosedRange<Int> = 0...9

    var cValue: cpng_encode_options {
        cpng_encode_options(level: Int32(clamping: level), filter: filter.cValue, strategy: strategy.cValue)
    }
}
