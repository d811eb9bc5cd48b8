import CPNG

/// zlib's compression strategy: how deflate looks for repeated bytes.
///
/// `.rle` only matches runs of the previous byte, which is what filtered
/// rows of flat synthetic images mostly are, and is several times faster
/// than the full search of `.default` and `.filtered`.
public enum PNGStrategy: String, Sendable, CaseIterable {
    /// `Z_DEFAULT_STRATEGY`.
    case `default`
    /// `Z_FILTERED`, libpng's own choice when rows are filtered.
    case filtered
    /// `Z_HUFFMAN_ONLY`: no matching at all.
    case huffmanOnly
    /// `Z_RLE`: matches at distance one only.
    case rle
    /// `Z_FIXED`: fixed Huffman codes.
    case fixed

    var cValue: cpng_strategy {
        switch self {
        case .default: CPNG_STRATEGY_DEFAULT
        case .filtered: CPNG_STRATEGY_FILTERED
        case .huffmanOnly: CPNG_STRATEGY_HUFFMAN_ONLY
        case .rle: CPNG_STRATEGY_RLE
        case .fixed: CPNG_STRATEGY_FIXED
        }
    }
}
