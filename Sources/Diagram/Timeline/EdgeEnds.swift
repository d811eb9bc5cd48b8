import Geometry

/// Where an edge's drawn line meets its nodes, for arrowheads and labels.
enum EdgeEnds {
    /// Whether `p` lies inside a node's outline: a box of `box`'s size
    /// round `centre`, its corners rounded (a circle when the rounding is
    /// half of each side).
    static func inside(_ p: Point, box: NodeBox, centre: Point) -> Bool {
        let hx = box.w / 2, hy = box.h / 2
        let dx = abs(p.x - centre.x), dy = abs(p.y - centre.y)
        guard dx <= hx, dy <= hy else { return false }
        let r = min(box.cornerRadius, hx, hy)
        let cx = dx - (hx - r), cy = dy - (hy - r)
        return cx <= 0 || cy <= 0 || cx * cx + cy * cy <= r * r
    }

    /// `points` cut where they leave the outline of the node at `centre`:
    /// at the end (`atEnd`) or at the start. A line that never leaves the
    /// outline is kept as it is.
    static func clip(_ points: [Point], atEnd: Bool, box: NodeBox, centre: Point) -> [Point] {
        guard points.count >= 2, box.w > 0, box.h > 0 else { return points }
        var line = atEnd ? Array(points.reversed()) : points
        // The first segment, from the node's end, that reaches outside.
        guard let k = (1..<line.count).first(where: { !inside(line[$0], box: box, centre: centre) }) else { return points }
        var (a, b) = (line[k - 1], line[k])
        guard inside(a, box: box, centre: centre) else { return points }
        // The outline's crossing, by bisection: exact to far under a pixel.
        for _ in 0..<24 {
            let m = Point((a.x + b.x) / 2, (a.y + b.y) / 2)
            if inside(m, box: box, centre: centre) { a = m } else { b = m }
        }
        line = [b] + line[k...]
        return atEnd ? line.reversed() : line
    }

    /// The arrowhead at the last point of `points` (the first, with
    /// `atEnd` false), and `points` shortened by `back` there so that the
    /// line's round cap hides under the head.
    static func arrowhead(_ points: inout [Point], atEnd: Bool, back: Double) -> Arrowhead? {
        guard points.count >= 2 else { return nil }
        let (tip, before) = atEnd ? (points[points.count - 1], points[points.count - 2]) : (points[0], points[1])
        let d = Vector(tip.x - before.x, tip.y - before.y)
        guard d.length > 0 else { return nil }
        let unit = d * (1 / d.length)
        let cut = min(back, d.length)
        let end = Point(tip.x - unit.dx * cut, tip.y - unit.dy * cut)
        if atEnd { points[points.count - 1] = end } else { points[0] = end }
        return Arrowhead(tip: tip, direction: unit)
    }
}
