import Diagram

/// Quick sort's captions: the working of a partition in words a student
/// follows, each short enough to read in a few seconds (the step's own
/// caption names the pivot: `partition A[0..7] around the pivot x = A[7] =
/// 4`). Lomuto's (CLRS's PARTITION):
///
///     i starts at p − 1 = −1
///     A[4] = 7 > pivot 4: j moves on, 7 stays in the > part
///     A[5] = 2 ≤ 4: i moves to 2, exchange A[2] with A[5]
///     A[0] = 3 ≤ 4: i moves to 0, where j is: 3 joins the ≤ part
///     the pivot 4 goes between the parts, to index 2: it is in its final place
///
/// Hoare's (HOARE-PARTITION):
///
///     i starts at p − 1 = −1
///     j starts at r + 1 = 8
///     A[7] = 9 > 5: j moves on, 9 joins the ≥ part
///     A[5] = 2 ≤ 5: j stops at 5
///     A[1] = 3 < 5: i moves on, 3 joins the ≤ part
///     i < j: exchange A[0] = 5 with A[5] = 2
///     i = 4 ≥ j = 3, return 3: parts A[0..3], A[4..7]
extension SortPlayer {
    /// A number as a caption writes it: a minus sign, not a hyphen.
    func written(_ n: Int) -> String { n < 0 ? "−\(-n)" : String(n) }


    /// The caption of comparison `a` with the pivot at `b`, with its
    /// outcome: what `i` and `j` then do, and where the item goes. `line`
    /// says which of Hoare's scans compares (`until A[j] ≤ x` or
    /// `until A[i] ≥ x`).
    func partitionCaption(_ a: Int, _ b: Int, line: Int?) -> String {
        let (v, x) = (value(at: a), value(at: b))
        let item = "A[\(a)] = \(v)"
        if run.partition == .hoare {
            if line == 12 {
                return v >= x ? "\(item) ≥ \(x): i stops at \(a)" : "\(item) < \(x): i moves on, \(v) joins the ≤ part"
            }
            return v <= x ? "\(item) ≤ \(x): j stops at \(a)" : "\(item) > \(x): j moves on, \(v) joins the ≥ part"
        }
        guard v <= x else { return "\(item) > pivot \(x): j moves on, \(v) stays in the > part" }
        let i = (markers[.i] ?? a - 1) + 1
        if i == a { return "\(item) ≤ \(x): i moves to \(a), where j is: \(v) joins the ≤ part" }
        return "\(item) ≤ \(x): i moves to \(i), exchange A[\(i)] with A[\(a)]"
    }

    /// The caption of a marker moving, when it says what the next
    /// comparison does not: where `i` (and Hoare's `j`) start, outside the
    /// part; Lomuto's `j` leaving at the end of the loop when the pivot is
    /// already between the parts (its exchange would be with itself, and
    /// is not played).
    func markerCaption(_ name: SortMarker, _ k: Int?, then next: SortEvent?) -> String? {
        guard run.algorithm == .quick, let range else { return nil }
        if let k, markers[name] == nil || markers[name] == k {
            // Its first place in this partition.
            switch name {
            case .i where k == range.lowerBound - 1: return "i starts at p − 1 = \(written(k))"
            case .j where k == range.upperBound + 1: return "j starts at r + 1 = \(k)"
            default: return nil
            }
        }
        guard run.partition == .lomuto, name == .j, k == nil else { return nil }
        if case .swap? = next { return nil }
        let r = range.upperBound
        return "the pivot \(value(at: r)) is already between the parts, at index \(r): its final place"
    }

    /// Hoare's partition returns `q`: `i` and `j` have met or crossed.
    func splitCaption(_ q: Int) -> String {
        guard let range, let i = markers[.i], let j = markers[.j] else { return "the part splits after index \(q)" }
        return "i = \(i) ≥ j = \(j), return \(q): parts A[\(range.lowerBound)..\(q)], A[\(q + 1)..\(range.upperBound)]"
    }
}
