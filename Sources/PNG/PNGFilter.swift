import CPNG

/// The PNG row filter: a per-row transform that makes pixel data easier for
/// deflate to compress.
///
/// `.adaptive` lets libpng try all five on every row and keep the one whose
/// output looks smallest, which costs about five filters' worth of time.
public enum PNGFilter: String, Sendable, CaseIterable {
    case none, sub, up, average, paeth, adaptive

    var cValue: cpng_filter {
        switch self {
        case .none: CPNG_FILTER_NONE
        case .sub: CPNG_FILTER_SUB
        case .up: CPNG_FILTER_UP
        case .average: CPNG_FILTER_AVERAGE
        case .paeth: CPNG_FILTER_PAETH
        case .adaptive: CPNG_FILTER_ADAPTIVE
        }
    }
}
