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
struct TidyWalk {
    let tree: SlotTree
    let separation: Double
    /// Preliminary x, relative to the left sibling's subtree placement.
    var prelim: [Double]
    /// The shift still to be applied to a node's whole subtree.
    var mod: [Double]
    /// `shift` and `change` spread one subtree's push over the siblings
    /// between it and the subtree it was pushed from.
    var shift: [Double]
    var change: [Double]
    /// The next node on a contour below a node with no children, or `-1`.
    var thread: [Int]
    /// A pointer towards the node's greatest distinct ancestor, kept as the
    /// paper keeps it.
    var ancestor: [Int]
    /// Per parent, the default ancestor while its children are placed.
    var defaultAncestor: [Int]

    init(_ tree: SlotTree, separation: Double) {
        self.tree = tree
        self.separation = separation
        let n = tree.count
        prelim = Array(repeating: 0, count: n)
        mod = prelim
        shift = prelim
        change = prelim
        thread = Array(repeating: -1, count: n)
        ancestor = Array(0..<n)
        defaultAncestor = Array(repeating: -1, count: n)
    }

    /// The x of every node, by its level number; the root is at 0.
    static func positions(of tree: SlotTree, separation: Double) -> [Double] {
        var walk = TidyWalk(tree, separation: separation)
        let levels = tree.levelStarts
        for level in stride(from: levels.count - 2, through: 0, by: -1) {
            for v in levels[level]..<levels[level + 1] {
                walk.firstWalk(v)
            }
        }
        return walk.secondWalk()
    }

    private func nextLeft(_ v: Int) -> Int {
        tree.childCount[v] > 0 ? tree.firstChild[v] : thread[v]
    }

    private func nextRight(_ v: Int) -> Int {
        tree.childCount[v] > 0 ? tree.firstChild[v] + tree.childCount[v] - 1 : thread[v]
    }

    /// Places `v`, whose children are placed, after its left sibling, and
    /// moves its subtree clear of its left siblings' subtrees.
    private mutating func firstWalk(_ v: Int) {
        let p = tree.parent[v]
        let w = p >= 0 && v > tree.firstChild[p] ? v - 1 : -1
        if tree.childCount[v] > 0 {
            executeShifts(v)
            let first = tree.firstChild[v], last = first + tree.childCount[v] - 1
            let midpoint = (prelim[first] + prelim[last]) / 2
            if w >= 0 {
                prelim[v] = prelim[w] + separation
                mod[v] = prelim[v] - midpoint
            } else {
                prelim[v] = midpoint
            }
        } else if w >= 0 {
            prelim[v] = prelim[w] + separation
        }
        if p >= 0 {
            let current = defaultAncestor[p] >= 0 ? defaultAncestor[p] : tree.firstChild[p]
            defaultAncestor[p] = apportion(v, w, current)
        }
    }

    /// Walks down the inner contours of `v`'s subtree and of its left
    /// siblings' subtrees together, pushing `v`'s subtree right wherever two
    /// nodes of a level come closer than the separation; then threads the
    /// shallower contour onto the deeper one. Returns the new default
    /// ancestor.
    private mutating func apportion(_ v: Int, _ w: Int, _ defaultAncestor: Int) -> Int {
        guard w >= 0 else { return defaultAncestor }
        var result = defaultAncestor
        // i/o: inside/outside contour; p/m: right (v's) / left subtrees.
        var vip = v, vop = v, vim = w, vom = tree.firstChild[tree.parent[v]]
        var sip = mod[vip], sop = mod[vop], sim = mod[vim], som = mod[vom]
        while true {
            vim = nextRight(vim)
            vip = nextLeft(vip)
            guard vim >= 0, vip >= 0 else { break }
            vom = nextLeft(vom)
            vop = nextRight(vop)
            ancestor[vop] = v
            let push = prelim[vim] + sim - prelim[vip] - sip + separation
            if push > 0 {
                moveSubtree(nextAncestor(vim, v, result), v, push)
                sip += push
                sop += push
            }
            sim += mod[vim]
            sip += mod[vip]
            som += mod[vom]
            sop += mod[vop]
        }
        if vim >= 0 && nextRight(vop) < 0 {
            thread[vop] = vim
            mod[vop] += sim - sop
        }
        if vip >= 0 && nextLeft(vom) < 0 {
            thread[vom] = vip
            mod[vom] += sip - som
            result = v
        }
        return result
    }

    /// The sibling of `v` whose subtree `vim` belongs to, or the default
    /// ancestor when the pointer is stale.
    private func nextAncestor(_ vim: Int, _ v: Int, _ defaultAncestor: Int) -> Int {
        tree.parent[ancestor[vim]] == tree.parent[v] ? ancestor[vim] : defaultAncestor
    }

    /// Shifts subtree `wp` right by `amount`, and records how the siblings
    /// between `wm` and `wp` share the move; ``executeShifts(_:)`` applies it.
    private mutating func moveSubtree(_ wm: Int, _ wp: Int, _ amount: Double) {
        // Children are numbered contiguously, so index distance is the number
        // of sibling gaps between the two subtrees.
        let perGap = amount / Double(wp - wm)
        change[wp] -= perGap
        shift[wp] += amount
        change[wm] += perGap
        prelim[wp] += amount
        mod[wp] += amount
    }

    /// Applies the shares of the pushes recorded among `v`'s children, right
    /// to left, in one pass.
    private mutating func executeShifts(_ v: Int) {
        var total = 0.0, rate = 0.0
        let first = tree.firstChild[v]
        for w in stride(from: first + tree.childCount[v] - 1, through: first, by: -1) {
            prelim[w] += total
            mod[w] += total
            rate += change[w]
            total += shift[w] + rate
        }
    }

    /// Adds the modifiers down from the root; the root lands at 0.
    private mutating func secondWalk() -> [Double] {
        var x = [Double](repeating: 0, count: tree.count)
        guard tree.count > 0 else { return x }
        let rootMod = -prelim[0]
        for v in 0..<tree.count {
            let p = tree.parent[v]
            let parentMod = p < 0 ? rootMod : mod[p]
            x[v] = prelim[v] + parentMod
            mod[v] += parentMod
        }
        return x
    }
}
