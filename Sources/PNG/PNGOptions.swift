import CPNG

/// How hard to compress a PNG. Every setting gives a valid PNG of the same
/// pixels; they trade encoding time against file size.
///
///     let small = PNGOptions(level: 9, filter: .adaptive, strategy: .filtered)
public struct PNGOptions: Sendable, Hashable {
    /// zlib's compression level, 0 (store) ... 9 (smallest).
    public var level: Int
    public var filter: PNGFilter
    public var strategy: PNGStrategy

    public init(level: Int = 1, filter: PNGFilter = .up, strategy: PNGStrategy = .rle) {
        self.level = level
        self.filter = filter
        self.strategy = strategy
    }

    /// The fast setting for animation frames, chosen by measuring a typical
    /// 1280×720 tree frame (see `Benchmarks/PNG`).
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
