import Testing
import Trees

@Suite struct TrieTests {
    /// The laws a trie (or radix tree) keeps between operations.
    static func check(_ t: Trie, holds model: Set<String>, _ context: String) {
        #expect(t.words == model.sorted(), "\(context): words \(t.words)")
        var stack = [t.root]
        while let n = stack.popLast() {
            let node = t[n]
            let firsts = node.children.map { t[$0].label.first! }
            #expect(firsts == firsts.sorted() && Set(firsts).count == firsts.count, "\(context): children of \(n)")
            for c in node.children {
                #expect(t.isCompressed ? !t[c].label.isEmpty : t[c].label.count == 1, "\(context): label '\(t[c].label)'")
            }
            if n != t.root {
                // Nothing is kept that leads to no word; a radix tree keeps
                // no node with one child that ends no word.
                #expect(node.isWord || !node.children.isEmpty, "\(context): \(n) leads nowhere")
                if t.isCompressed { #expect(node.isWord || node.children.count >= 2, "\(context): \(n) could merge") }
            }
            stack += node.children
        }
    }

    @Test(arguments: [false, true]) func randomOperationsKeepTheWordsAndTheShape(compressed: Bool) {
        var rng = SeededGenerator(seed: compressed ? 2 : 1)
        let letters = Array("abct树木")
        for run in 0..<200 {
            var t = Trie(compressed: compressed)
            var model = Set<String>()
            for step in 0..<rng.next(in: 3...30) {
                let word = String((0..<rng.next(in: 1...5)).map { _ in letters[rng.next(in: 0...letters.count - 1)] })
                switch rng.next(in: 0...9) {
                case 0...4:
                    t.insert(word)
                    model.insert(word)
                case 5...6:
                    let w = model.isEmpty || rng.next(in: 0...2) == 0 ? word : model.sorted()[rng.next(in: 0...model.count - 1)]
                    t.delete(w)
                    model.remove(w)
                case 7:
                    t.search(word)
                    let found = t.events.contains { if case .found = $0.event { true } else { false } }
                    #expect(found == model.contains(word), "run \(run): search \(word)")
                default:
                    let p = String(word.prefix(2))
                    t.prefix(p)
                    guard case .listed(_, _, let words) = t.events.last?.event else {
                        Issue.record("no listing")
                        continue
                    }
                    #expect(words == model.filter { $0.hasPrefix(p) }.sorted(), "run \(run): prefix \(p)")
                }
                t.events = []
                Self.check(t, holds: model, "compressed \(compressed) run \(run) step \(step)")
            }
        }
    }

    @Test func aRadixTreeSplitsAnEdgeWhereAWordLeavesIt() {
        var t = Trie(compressed: true)
        t.insert("team")
        t.insert("tea")
        t.insert("ten")
        #expect(t[t.root].children.map { t[$0].label } == ["te"])
        let te = t[t.root].children[0]
        #expect(t[te].children.map { t[$0].label } == ["a", "n"])
        #expect(t.events.contains { if case .split = $0.event { true } else { false } })
    }

    @Test func aChineseWordIsOneCharacterAnEdge() {
        var t = Trie()
        t.insert("树木")
        #expect(t[t.root].children.map { t[$0].label } == ["树"])
    }
}
