import Geometry
import Testing
import Trees

/// The laws every tidy drawing of a binary search tree keeps, checked on one
/// tree and its layout. Each failed law is recorded with `label`, so a
/// failure names the tree it came from.
struct LayoutLaws {
    let tree: BinarySearchTree<Int>
    let layout: Layout
    let levelGap: Double
    let siblingGap: Double
    let label: String

    /// Slack for sums of halves rounded in a different order.
    var tolerance: Double { 1e-9 * max(1, siblingGap) }

    func record(_ message: String, _ location: SourceLocation) {
        Issue.record("\(label): \(message)", sourceLocation: location)
    }

    func point(_ id: NodeID) -> Point {
        layout[id] ?? Point(.nan, .nan)
    }

    func placesEveryNodeOnItsLevel(_ location: SourceLocation = #_sourceLocation) {
        if layout.positions.count != tree.count { record("\(layout.positions.count) positions for \(tree.count) nodes", location) }
        for id in tree.preorder {
            let p = point(id)
            if p.y != Double(tree.depth(of: id)) * levelGap { record("\(id) at y \(p.y), depth \(tree.depth(of: id))", location) }
        }
        if let root = tree.root, point(root) != Point(0, 0) { record("root at \(point(root))", location) }
        if layout.edges != tree.edges { record("edges differ from the tree's", location) }
        let expectedBounds = Rect(bounding: tree.preorder.map(point))
        if layout.bounds != expectedBounds { record("bounds \(String(describing: layout.bounds))", location) }
    }

    func keepsTheSiblingGapOnEveryLevel(_ location: SourceLocation = #_sourceLocation) {
        for row in levels() {
            for (a, b) in zip(row, row.dropFirst()) where point(b).x - point(a).x < siblingGap - tolerance {
                record("\(a) and \(b) only \(point(b).x - point(a).x) apart", location)
            }
        }
    }

    /// Left children left, right children right, half a gap out for a lone
    /// child, and centred parents over two children.
    func placesChildrenOnTheirSides(_ location: SourceLocation = #_sourceLocation) {
        for id in tree.preorder {
            let x = point(id).x
            let left = tree.left(of: id), right = tree.right(of: id)
            if let left, !(point(left).x < x) { record("left child \(left) not left of \(id)", location) }
            if let right, !(point(right).x > x) { record("right child \(right) not right of \(id)", location) }
            switch (left, right) {
            case (let l?, let r?):
                if abs((point(l).x + point(r).x) / 2 - x) > tolerance { record("\(id) not centred", location) }
            case (let l?, nil):
                if abs(x - point(l).x - siblingGap / 2) > tolerance { record("lone left child of \(id) off by \(x - point(l).x)", location) }
            case (nil, let r?):
                if abs(point(r).x - x - siblingGap / 2) > tolerance { record("lone right child of \(id) off by \(point(r).x - x)", location) }
            case (nil, nil):
                break
            }
        }
    }

    /// Straight edges between two levels cross exactly when two of them meet
    /// their children in the other order than their parents.
    func drawsNoCrossingEdges(_ location: SourceLocation = #_sourceLocation) {
        var byLevel: [Int: [(parent: Double, child: Double)]] = [:]
        for edge in tree.edges {
            byLevel[tree.depth(of: edge.parent), default: []].append((point(edge.parent).x, point(edge.child).x))
        }
        for (level, edges) in byLevel {
            let ordered = edges.sorted { ($0.parent, $0.child) < ($1.parent, $1.child) }
            for (a, b) in zip(ordered, ordered.dropFirst()) where !(a.child < b.child) {
                record("edges below level \(level) cross", location)
            }
        }
    }

    /// Subtrees of one shape are drawn alike, relative to their roots.
    func drawsEqualSubtreesAlike(_ location: SourceLocation = #_sourceLocation) {
        var shapeOf: [NodeID: Int] = [:]
        var shapes: [[Int]: Int] = [:]
        var firstOfShape: [Int: NodeID] = [:]
        // Reversed preorder meets every node after its descendants.
        for id in tree.preorder.reversed() {
            let signature = [tree.left(of: id).map { shapeOf[$0]! } ?? -1, tree.right(of: id).map { shapeOf[$0]! } ?? -1]
            let shape = shapes[signature] ?? shapes.count
            shapes[signature] = shape
            shapeOf[id] = shape
            if let first = firstOfShape[shape] {
                let a = relativeDrawing(of: first), b = relativeDrawing(of: id)
                let alike = zip(a, b).allSatisfy { (u: Vector, v: Vector) -> Bool in
                    abs(u.dx - v.dx) <= tolerance && u.dy == v.dy
                }
                if !alike {
                    record("subtrees at \(first) and \(id) drawn differently", location)
                }
            } else {
                firstOfShape[shape] = id
            }
        }
    }

    func relativeDrawing(of id: NodeID) -> [Vector] {
        var offsets: [Vector] = []
        var stack = [id]
        while let node = stack.popLast() {
            offsets.append(point(node) - point(id))
            stack.append(contentsOf: [tree.right(of: node), tree.left(of: node)].compactMap { $0 })
        }
        return offsets
    }

    /// Ids level by level, left to right.
    func levels() -> [[NodeID]] {
        var rows: [[NodeID]] = []
        for id in tree.preorder {
            let depth = tree.depth(of: id)
            if rows.count <= depth { rows.append([]) }
            rows[depth].append(id)
        }
        return rows.map { $0.sorted { point($0).x < point($1).x } }
    }

    func checkTidy(_ location: SourceLocation = #_sourceLocation) {
        placesEveryNodeOnItsLevel(location)
        keepsTheSiblingGapOnEveryLevel(location)
        placesChildrenOnTheirSides(location)
        drawsNoCrossingEdges(location)
        drawsEqualSubtreesAlike(location)
    }
}

/// The same insertions with every key negated build the mirror image, with
/// the same ids.
func mirrored(_ keys: [Int]) -> [Int] {
    keys.map { -$0 }
}
