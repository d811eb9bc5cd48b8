/// `v` as an Int within `range`: clamped, and NaN as the range's lower
/// bound, where `Int(v)` would trap. For counts (of chords, of arc pieces)
/// computed from coordinates that a bad input can make huge or NaN.
@inline(__always)
func boundedInt(_ v: Double, _ range: ClosedRange<Int>) -> Int {
    guard !v.isNaN else { return range.lowerBound }
    return Int(min(max(v, Double(range.lowerBound)), Double(range.upperBound)))
}
