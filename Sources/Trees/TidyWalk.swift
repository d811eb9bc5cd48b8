/// Buchheim, Jünger and Leipert's linear-time form of the Reingold–Tilford
/// tidy drawing ("Improving Walker's Algorithm to Run in Linear Time", 2002),
/// following the names of the paper and of d3-hierarchy's `tree.js`.
///
/// The first walk runs bottom up. It gives each node a preliminary x
/// relative to its left sibling and pushes each subtree right, against the
/// subtrees on its left, until no level has two nodes closer than the
/// separation (`apportion`); the push is spread over the subtrees in between
/// (`moveSubtree`, `executeShifts`) so that they stay evenly spaced. Each
/// parent is then centred over its outermost children. Threads link the
/// bottom of a shallow contour to the next level of a deeper one, so that
/// contours are followed in time proportional to their overlap. The second
/// walk runs top down and adds up the modifiers into final x values.
///
/// Both walks are loops over the level numbering of ``SlotTree``; processing
/// levels bottom up, left to right within a level, gives each node what the
/// paper's postorder recursion gives it, with no recursion to overflow on a
/// chain. All arithmetic runs in one fixed order, so the result is the same
/// bit for bit on every run.
///
/// How close two neighbours on a level may come is the `spacing`'s to say:
/// one uniform distance for ``TidyLayout``, or half the sum of the two
/// nodes' widths plus a gap for ``SizedTidyLayout``. The walk is generic
/// over it, rather than always reading widths, so that the uniform layout
/// keeps its 32-byte contour records and its arithmetic exactly as before:
/// the same operations in the same order, with the one separation where it
/// read it.
struct TidyWalk<Spacing: TidySpacing> {
    /// What following a contour reads and writes, in 32 bytes per node so
    /// that each step down a contour touches one cache line.
    struct Contour {
        /// Preliminary x, relative to the parent's subtree placement.
        var prelim = 0.0
        /// The shift still to be applied to the node's whole subtree.
        var mod = 0.0
        /// The next node on a contour below a node with no children, or `-1`.
        var thread: Int32 = -1
        /// A pointer towards the node's greatest distinct ancestor, kept as
        /// the paper keeps it.
        var ancestor: Int32
        /// The node's children, copied from the ``SlotTree``.
        var firstChild: Int32
        var childCount: Int32
    }

    /// How one subtree's push is spread over the siblings between it and the
    /// subtree it was pushed from; read once per parent.
    struct Spread {
        var shift = 0.0
        var change = 0.0
    }

    let tree: SlotTree
    let spacing: Spacing
    var contour: [Contour]
    var spread: [Spread]
    /// Per parent, the default ancestor while its children are placed, or
    /// `-1` before the first.
    var defaultAncestor: [Int32]

    init(_ tree: SlotTree, spacing: Spacing) {
        self.tree = tree
        self.spacing = spacing
        contour = tree.nodes.indices.map { v in
            Contour(
                ancestor: Int32(v), firstChild: tree.nodes[v].storedFirstChild,
                childCount: tree.nodes[v].storedChildCount)
        }
        spread = Array(repeating: Spread(), count: tree.count)
        defaultAncestor = Array(repeating: -1, count: tree.count)
    }

    /// The x of every node, by its level number; the root is at 0.
    static func positions(of tree: SlotTree, spacing: Spacing) -> [Double] {
        var walk = TidyWalk(tree, spacing: spacing)
        let levels = tree.levelStarts
        for level in stride(from: levels.count - 2, through: 0, by: -1) {
            for v in levels[level]..<levels[level + 1] {
                walk.firstWalk(v)
            }
        }
        return walk.secondWalk()
    }

    private func nextLeft(_ v: Int) -> Int {
        let node = contour[v]
        return Int(node.childCount > 0 ? node.firstChild : node.thread)
    }

    private func nextRight(_ v: Int) -> Int {
        let node = contour[v]
        return Int(node.childCount > 0 ? node.firstChild + node.childCount - 1 : node.thread)
    }

    /// Places `v`, whose children are placed, after its left sibling, and
    /// moves its subtree clear of its left siblings' subtrees.
    private mutating func firstWalk(_ v: Int) {
        let p = tree.nodes[v].parent
        let w = p >= 0 && v > tree.nodes[p].firstChild ? v - 1 : -1
        let node = contour[v]
        if node.childCount > 0 {
            executeShifts(v)
            let first = Int(node.firstChild), last = first + Int(node.childCount) - 1
            let midpoint = (contour[first].prelim + contour[last].prelim) / 2
            if w >= 0 {
                contour[v].prelim = contour[w].prelim + spacing.separation(w, v)
                contour[v].mod = contour[v].prelim - midpoint
            } else {
                contour[v].prelim = midpoint
            }
        } else if w >= 0 {
            contour[v].prelim = contour[w].prelim + spacing.separation(w, v)
        }
        if p >= 0 {
            let current = defaultAncestor[p] >= 0 ? Int(defaultAncestor[p]) : tree.nodes[p].firstChild
            defaultAncestor[p] = Int32(apportion(v, w, current))
        }
    }

    /// Walks down the inner contours of `v`'s subtree and of its left
    /// siblings' subtrees together, pushing `v`'s subtree right wherever two
    /// nodes of a level come closer than their separation (which depends on
    /// the two contour nodes compared, `vim` on the left and `vip` on the
    /// right, when nodes have widths); then threads the
    /// shallower contour onto the deeper one. Returns the new default
    /// ancestor.
    private mutating func apportion(_ v: Int, _ w: Int, _ defaultAncestor: Int) -> Int {
        guard w >= 0 else { return defaultAncestor }
        var result = defaultAncestor
        // i/o: inside/outside contour; p/m: right (v's) / left subtrees.
        var vip = v, vop = v, vim = w, vom = tree.nodes[tree.nodes[v].parent].firstChild
        var sip = contour[vip].mod, sop = contour[vop].mod, sim = contour[vim].mod, som = contour[vom].mod
        while true {
            vim = nextRight(vim)
            vip = nextLeft(vip)
            guard vim >= 0, vip >= 0 else { break }
            vom = nextLeft(vom)
            vop = nextRight(vop)
            contour[vop].ancestor = Int32(v)
            let push = contour[vim].prelim + sim - contour[vip].prelim - sip + spacing.separation(vim, vip)
            if push > 0 {
                moveSubtree(nextAncestor(vim, v, result), v, push)
                sip += push
                sop += push
            }
            sim += contour[vim].mod
            sip += contour[vip].mod
            som += contour[vom].mod
            sop += contour[vop].mod
        }
        if vim >= 0 && nextRight(vop) < 0 {
            contour[vop].thread = Int32(vim)
            contour[vop].mod += sim - sop
        }
        if vip >= 0 && nextLeft(vom) < 0 {
            contour[vom].thread = Int32(vip)
            contour[vom].mod += sip - som
            result = v
        }
        return result
    }

    /// The sibling of `v` whose subtree `vim` belongs to, or the default
    /// ancestor when the pointer is stale.
    private func nextAncestor(_ vim: Int, _ v: Int, _ defaultAncestor: Int) -> Int {
        let candidate = Int(contour[vim].ancestor)
        return tree.nodes[candidate].parent == tree.nodes[v].parent ? candidate : defaultAncestor
    }

    /// Shifts subtree `wp` right by `amount`, and records how the siblings
    /// between `wm` and `wp` share the move; ``executeShifts(_:)`` applies it.
    private mutating func moveSubtree(_ wm: Int, _ wp: Int, _ amount: Double) {
        // Children are numbered contiguously, so index distance is the number
        // of sibling gaps between the two subtrees.
        let perGap = amount / Double(wp - wm)
        spread[wp].change -= perGap
        spread[wp].shift += amount
        spread[wm].change += perGap
        contour[wp].prelim += amount
        contour[wp].mod += amount
    }

    /// Applies the shares of the pushes recorded among `v`'s children, right
    /// to left, in one pass.
    private mutating func executeShifts(_ v: Int) {
        var total = 0.0, rate = 0.0
        let first = Int(contour[v].firstChild)
        for w in stride(from: first + Int(contour[v].childCount) - 1, through: first, by: -1) {
            contour[w].prelim += total
            contour[w].mod += total
            rate += spread[w].change
            total += spread[w].shift + rate
        }
    }

    /// Adds the modifiers down from the root; the root lands at 0.
    private mutating func secondWalk() -> [Double] {
        var x = [Double](repeating: 0, count: tree.count)
        guard tree.count > 0 else { return x }
        let rootMod = -contour[0].prelim
        for v in 0..<tree.count {
            let p = tree.nodes[v].parent
            let parentMod = p < 0 ? rootMod : contour[p].mod
            x[v] = contour[v].prelim + parentMod
            contour[v].mod += parentMod
        }
        return x
    }
}

/// The least distance between the centres of two neighbouring nodes of a
/// level, by their level numbers in the ``SlotTree``, the left one first.
/// It must be positive, and the same for `(a, b)` and `(b, a)` bit for bit,
/// or a mirrored tree would not be drawn mirrored.
protocol TidySpacing {
    func separation(_ left: Int, _ right: Int) -> Double
}

/// One distance between the centres of any two neighbours: nodes as points.
struct UniformSpacing: TidySpacing {
    let distance: Double

    @inline(__always)
    func separation(_ left: Int, _ right: Int) -> Double { distance }
}

/// Boxes of their own widths kept a gap apart edge to edge: the distance
/// between centres is half of each width plus the gap.
///
/// `halfWidth[a] + halfWidth[b]` is the same sum either way round, so the
/// spacing is symmetric bit for bit. When every half width is `s / 2` and
/// the gap is `g`, the distance is exactly `s + g` as one rounding of the
/// sum, the separation ``TidyLayout`` would be given, since halving and
/// doubling a binary floating-point number are exact.
struct WidthSpacing: TidySpacing {
    /// Half of each node's width, by level number; empty slots included.
    let halfWidth: [Double]
    let gap: Double

    @inline(__always)
    func separation(_ left: Int, _ right: Int) -> Double { halfWidth[left] + halfWidth[right] + gap }
}
