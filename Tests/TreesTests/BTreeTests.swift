import Testing
import Trees

@Suite struct BTreeTests {
    /// Every law of a B-tree (or B+ tree) that holds between operations.
    static func check(_ tree: BTree, holds expected: Set<Int>, _ context: String) {
        #expect(Set(tree.keys) == expected, "\(context): keys")
        #expect(tree.keys == tree.keys.sorted() && Set(tree.keys).count == tree.keys.count, "\(context): order")
        guard let root = tree.root else {
            #expect(expected.isEmpty, "\(context): empty")
            return
        }
        var leafDepths = Set<Int>()
        // Each node with the open range its keys must lie in.
        var stack: [(NodeID, Int, Int?, Int?)] = [(root, 0, nil, nil)]
        while let (id, depth, low, high) = stack.popLast() {
            let n = tree[id]
            let least = id == root ? 1 : (tree.isPlus && n.isLeaf ? tree.minLeafKeys : tree.minKeys)
            #expect((least...tree.maxKeys).contains(n.keys.count), "\(context): node \(id) holds \(n.keys.count) keys")
            #expect(n.keys == n.keys.sorted(), "\(context): node \(id) in order")
            for k in n.keys {
                // A B+ tree's separator may equal the first key right of it.
                if let low { #expect(tree.isPlus ? k >= low : k > low, "\(context): \(k) above \(low)") }
                if let high { #expect(k < high, "\(context): \(k) below \(high)") }
            }
            if n.isLeaf {
                leafDepths.insert(depth)
            } else {
                #expect(n.children.count == n.keys.count + 1, "\(context): children of \(id)")
                for (i, c) in n.children.enumerated() {
                    stack.append((c, depth + 1, i == 0 ? low : n.keys[i - 1], i == n.keys.count ? high : n.keys[i]))
                }
            }
        }
        #expect(leafDepths.count == 1, "\(context): leaves at depths \(leafDepths)")
    }

    static let rules: [(BTree.Rule, Bool)] = [
        (.order(3), false), (.order(4), false), (.order(5), false), (.order(6), false),
        (.minimumDegree(2), false), (.minimumDegree(3), false),
        (.order(3), true), (.order(4), true), (.order(5), true),
    ]

    @Test(arguments: 0..<rules.count) func randomOperationsKeepEveryLaw(rule: Int) {
        let (r, plus) = Self.rules[rule]
        var rng = SeededGenerator(seed: UInt64(rule) &* 7919)
        for run in 0..<150 {
            var tree = BTree(rule: r, plus: plus)
            var model = Set<Int>()
            for step in 0..<rng.next(in: 5...40) {
                let k = rng.next(in: 1...60)
                switch rng.next(in: 0...9) {
                case 0...4:
                    tree.insert(k)
                    model.insert(k)
                case 5...7:
                    let victim = model.isEmpty || rng.next(in: 0...3) == 0 ? k : model.sorted()[rng.next(in: 0...model.count - 1)]
                    tree.delete(victim)
                    model.remove(victim)
                default:
                    tree.search(k)
                }
                Self.check(tree, holds: model, "\(r) plus \(plus) run \(run) step \(step)")
                // Between events a node holds at most one key too many
                // (bottom-up), and none too many (CLRS).
                let slack = if case .minimumDegree = r { 0 } else { 1 }
                for e in tree.events {
                    #expect(e.tree.nodes.values.allSatisfy { $0.keys.count <= tree.maxKeys + slack })
                }
                tree.events = []
            }
        }
    }

    @Test func orderThreeSplitsTheLeafAndTheMedianRises() {
        var tree = BTree(rule: .order(3))
        for k in [10, 20, 30] { tree.insert(k) }
        guard case .split(let left, let right, let parent, let median, let newRoot, let copied) = tree.events.last?.event else {
            Issue.record("no split: \(tree.events.map(\.event))")
            return
        }
        #expect(median == 20 && newRoot && !copied)
        #expect(tree[left].keys == [10] && tree[right].keys == [30] && tree[parent].keys == [20])
        #expect(tree.root == parent)
    }

    @Test func bPlusLeafSplitCopiesTheFirstKeyOfTheRightHalfUp() {
        var tree = BTree(rule: .order(3), plus: true)
        for k in [10, 20, 30] { tree.insert(k) }
        let root = tree[tree.root!]
        #expect(root.keys == [20])
        #expect(root.children.map { tree[$0].keys } == [[10], [20, 30]])
        #expect(tree.leaves.map { tree[$0].keys } == [[10], [20, 30]])
    }

    @Test func clrsDeletionMeetsEachOfItsCases() {
        var cases = Set<BTreeCase>()
        var rng = SeededGenerator(seed: 18)
        for _ in 0..<20 {
            var tree = BTree(rule: .minimumDegree(2))
            for k in 1...15 { tree.insert(k) }
            for k in (1...15).shuffled(using: &rng) {
                tree.delete(k)
                for e in tree.events {
                    switch e.event {
                    case .announce(let c, _, _), .removed(_, _, let c), .replaced(_, _, _, _, _, let c),
                        .merge(_, _, _, _, _, _, let c), .borrow(_, _, _, _, _, _, _, let c):
                        cases.insert(c)
                    default: break
                    }
                }
                tree.events = []
            }
            #expect(tree.root == nil)
        }
        #expect(cases == [.leaf, .predecessor, .successor, .mergeAround, .borrow, .mergeDown], "\(cases)")
    }

    @Test func clrsDeletionOfAnAbsentKeyStillFillsTheNodesOnItsWay() {
        // B-TREE-DELETE fixes the nodes on its way down whether or not the
        // key is there: some of these walks pass a minimal node.
        var announced = 0
        for n in 3...20 {
            var tree = BTree(rule: .minimumDegree(2))
            for k in 1...n { tree.insert(10 * k) }
            tree.events = []
            let before = tree.keys
            tree.delete(15)
            #expect(tree.keys == before)
            #expect(tree.events.contains { if case .missing(_, 15) = $0.event { true } else { false } })
            if tree.events.contains(where: { if case .announce = $0.event { true } else { false } }) { announced += 1 }
            BTreeTests.check(tree, holds: Set(before), "n \(n)")
        }
        #expect(announced > 0)
    }
}
