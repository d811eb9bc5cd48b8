import Diagram
import Foundation
import Geometry
import Producers
import Testing
import TestSupport
import Trees

/// Tries and radix trees drawn as their laws say, read back from the scene
/// by the names the dump gives: after every operation the words spelled
/// along the edges to the green nodes are a set model's, siblings stand in
/// the order of their letters, a trie's edges carry one character each, a
/// radix tree keeps no node it could merge, nothing leads to no word; the
/// searches and prefix searches say what the model says; no two nodes
/// overlap at any frame read, and nothing jumps at 30 fps.
@Suite(.tags(.sweep)) struct TrieLawTests {
    static let letters = Array("abct树木")

    static func program(seed: UInt64) -> [(TrieOperation, OperationSource)] {
        var random = SeededGenerator(seed: seed &+ 0x791E)
        var held = [String]()
        var ops = [(TrieOperation, OperationSource)]()
        let word = { (r: inout SeededGenerator) in String((0..<r.next(in: 1...4)).map { _ in letters[r.next(in: 0...letters.count - 1)] }) }
        for i in 0..<random.next(in: 6...16) {
            let op: TrieOperation
            switch random.next(in: 0...19) {
            case 0...9:
                op = .insert(word(&random))
                held.append(op.word)
            case 10...13 where !held.isEmpty:
                op = .delete(held.remove(at: random.next(in: 0...held.count - 1)))
            case 14...16:
                op = .search(held.isEmpty || random.next(in: 0...1) == 0 ? word(&random) : held[random.next(in: 0...held.count - 1)])
            default:
                op = .prefix(String(word(&random).prefix(random.next(in: 0...2))))
            }
            ops.append((op, OperationSource(index: i + 1, text: op.text)))
        }
        return ops
    }

    static func options(compressed: Bool) -> TrieOptions {
        var o = TrieOptions()
        o.stage = Stage(BTreeLawTests.settings)
        o.stage.fitsAll = true
        o.finalHold = 0.2
        o.compressed = compressed
        return o
    }

    /// A trie read from a scene: each node's children left to right and
    /// the label of the edge into it.
    struct Drawn {
        var nodes: [String: NodeState] = [:]
        var children: [String: [String]] = [:]
        var label: [String: String] = [:]

        init(_ scene: Scene) {
            var names = [Int: String]()
            for n in scene.nodes where n.opacity > 0.99 && n.name.hasPrefix("trie:") {
                nodes[n.name] = n
                names[n.id] = n.name
            }
            for e in scene.edges where e.opacity > 0.99 && e.name.hasPrefix("edge:trie:") {
                guard let from = names[e.from], let to = names[e.to] else { continue }
                children[from, default: []].append(to)
                label[to] = e.label
            }
            for (k, v) in children { children[k] = v.sorted { (nodes[$0]?.x ?? 0) < (nodes[$1]?.x ?? 0) } }
        }

        /// Every word, by walking from the root and reading the labels.
        func words() -> [String] {
            var out = [String]()
            var stack = [("trie:0", "")]
            var seen = Set<String>()
            while let (n, s) = stack.popLast(), seen.insert(n).inserted {
                if nodes[n]?.role == "word" { out.append(s) }
                stack += (children[n] ?? []).map { ($0, s + (label[$0] ?? "?")) }
            }
            return out.sorted()
        }
    }

    static func problems(_ scene: Scene, model: Set<String>, compressed: Bool) -> [String] {
        let d = Drawn(scene)
        var out = [String]()
        if d.nodes["trie:0"] == nil { out.append("no root") }
        let words = d.words()
        if words != model.sorted() { out.append("words \(words) ≠ \(model.sorted())") }
        for (n, node) in d.nodes {
            let kids = d.children[n] ?? []
            let firsts = kids.compactMap { d.label[$0]?.first }
            if firsts != firsts.sorted() || Set(firsts).count != firsts.count { out.append("\(n)'s children are \(kids.map { d.label[$0] ?? "?" })") }
            for k in kids {
                let l = d.label[k] ?? ""
                if compressed ? l.isEmpty : l.count != 1 { out.append("the edge into \(k) carries '\(l)'") }
            }
            guard n != "trie:0" else { continue }
            if kids.isEmpty, node.role != "word" { out.append("\(n) leads to no word") }
            if compressed, node.role != "word", kids.count == 1 { out.append("\(n) has one child and ends no word") }
            if !kids.isEmpty, let y = kids.compactMap({ d.nodes[$0]?.y }).min(), y <= node.y { out.append("\(n)'s children stand over it") }
        }
        return out
    }

    /// What the captions of a search or a prefix search say, against the
    /// model.
    static func verdict(_ op: TrieOperation, model: Set<String>, captions: [String]) -> String? {
        switch op {
        case .search(let w):
            let found = captions.contains { $0.hasPrefix("found ‘\(w)’") }
            return found == model.contains(w) ? nil : "search \(w): found \(found), the model \(model.contains(w))"
        case .prefix(let p):
            let words = model.filter { $0.hasPrefix(p) }.sorted()
            let expected = words.isEmpty ? "no word starts with ‘\(p)’"
                : "\(words.count) word\(words.count == 1 ? "" : "s") start\(words.count == 1 ? "s" : "") with ‘\(p)’: "
                + words.prefix(6).map { "‘\($0)’" }.joined(separator: ", ")
            return captions.contains { $0.hasPrefix(expected) } ? nil : "prefix \(p): no caption '\(expected)'"
        default:
            return nil
        }
    }

    @Test(arguments: 0..<4)
    func everyTrieSpellsTheModelsWordsAfterEveryOperation(part: Int) throws {
        let compressed = part >= 2
        for seed in UInt64(part % 2) * 100..<UInt64(part % 2) * 100 + 100 {
            let program = Self.program(seed: seed)
            let script = try TrieAnimation(program: program, options: Self.options(compressed: compressed), labels: BSTBoard.labels).script
            var starts = [Int](), from = 0
            for (op, _) in program {
                guard let i = script.steps[from...].firstIndex(where: { $0.caption == op.text }) else { break }
                starts.append(i)
                from = i + 1
            }
            #expect(starts.count == program.count, "seed \(seed)")
            let t = try Timeline(script: script, settings: FrameSettings(width: 640, height: 360, fps: 5), labels: BSTBoard.labels)
            var last = [Int: Scene](), captions = [Int: [String]](), overlaps = [String]()
            for f in 0..<t.frameCount {
                let s = t.scene(at: f)
                last[s.step] = s
                if let c = s.caption, captions[s.step]?.last != c { captions[s.step, default: []].append(c) }
                overlaps += LinearLawTests.overlaps(LinearLawTests.Drawing(s)).map { "frame \(f): \($0)" }
            }
            #expect(overlaps.isEmpty, "compressed \(compressed), seed \(seed): \(overlaps.prefix(3))")
            let ends = starts.dropFirst().map { $0 - 1 } + [script.steps.count - 1]
            var model = Set<String>()
            for (k, (op, _)) in program.enumerated() where k < ends.count {
                let said = (starts[k]...ends[k]).flatMap { captions[$0] ?? [] }
                if let wrong = Self.verdict(op, model: model, captions: said) { Issue.record("compressed \(compressed), seed \(seed): \(wrong)") }
                switch op {
                case .insert(let w): model.insert(w)
                case .delete(let w): model.remove(w)
                default: break
                }
                guard let scene = last[ends[k]] else { continue }
                let problems = Self.problems(scene, model: model, compressed: compressed)
                #expect(problems.isEmpty, "compressed \(compressed), seed \(seed), after \(op.text): \(problems.prefix(4))")
            }
        }
    }

    /// Every frame of a few runs of each at 30 fps: nothing jumps, nothing
    /// overlaps, every caption stays 0.9 s.
    @Test(arguments: [false, true])
    func everyFrameKeepsTheRules(compressed: Bool) throws {
        for seed: UInt64 in [1, 2, 3, 5, 8, 13] {
            let script = try TrieAnimation(program: Self.program(seed: seed), options: Self.options(compressed: compressed), labels: BSTBoard.labels).script
            let problems = try LinearLawTests.frameProblems(script)
            #expect(problems.isEmpty, "compressed \(compressed), seed \(seed): \(problems.prefix(5))")
        }
    }

    @Test func wordsAreSplitAtEverySpaceEvenOneACombiningMarkFollows() throws {
        // " \u{301}" is one Character: a space still parts two words.
        let ops = try TrieOperation.parse("insert a \u{301}b, 树木")
        #expect(ops.map(\.0) == [.insert("a"), .insert("\u{301}b"), .insert("树木")])
    }
}
