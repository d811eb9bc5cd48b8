import Diagram
import Foundation
import Geometry
import Producers
import Testing
import Trees

/// Hash tables drawn as a model run apart here says: after every
/// operation, read back from the scene by the names the dump gives, every
/// key is in its bucket's chain in the model's order (chaining) or in the
/// model's cell, tombstones where deletes left them (open addressing);
/// every probe the captions name is the model's probe sequence; the
/// counter shows the model's size; arrows rest on their cells; and every
/// frame keeps the motion and overlap rules.
@Suite struct HashLawTests {
    static let settings = FrameSettings(width: 640, height: 360, fps: 30)

    /// A table model: chains with insertion at the head, or cells with
    /// tombstones, and rehashing past the load limit.
    struct Model {
        enum Cell: Equatable { case empty, key(String), tomb }

        var size: Int
        let probing: Probing?
        let maxLoad: Double?
        var chains: [[Int]]
        var cells: [Cell]
        var count = 0
        /// The cells each operation's probes tried after the home cell.
        var probes: [Int] = []

        init(size: Int, probing: Probing?, maxLoad: Double?) {
            self.size = size
            self.probing = probing
            self.maxLoad = maxLoad
            chains = Array(repeating: [], count: size)
            cells = Array(repeating: .empty, count: size)
        }

        func home(_ k: Int, _ m: Int) -> Int { ((k % m) + m) % m }

        func at(_ k: Int, _ i: Int, _ m: Int) -> Int {
            let h = home(k, m)
            switch probing ?? .linear {
            case .linear: return (h + i) % m
            case .quadratic: return (h + i * i) % m
            case .double: return (h + i * (1 + home(k, m - 1 > 0 ? m - 1 : 1))) % m
            }
        }

        /// The probe from `k`'s home to its own cell or an empty one.
        func path(_ k: Int) -> [Int] {
            var out = [Int]()
            for i in 0..<size {
                let c = at(k, i, size)
                out.append(c)
                if cells[c] == .empty || cells[c] == .key(String(k)) { break }
            }
            return out
        }

        mutating func insert(_ k: Int) {
            if probing == nil {
                let h = home(k, size)
                guard !chains[h].contains(k) else { return }
                chains[h].insert(k, at: 0)
            } else {
                let p = path(k)
                probes = Array(p.dropFirst())
                if let last = p.last, cells[last] == .key(String(k)) { return }
                guard let free = p.first(where: { cells[$0] != .key(String(k)) && (cells[$0] == .empty || cells[$0] == .tomb) }) else { return }
                cells[free] = .key(String(k))
            }
            count += 1
            if let maxLoad, Double(count) / Double(size) > maxLoad + 1e-9 { rehash() }
        }

        mutating func find(_ k: Int, delete: Bool) {
            if probing == nil {
                let h = home(k, size)
                if delete, let i = chains[h].firstIndex(of: k) {
                    chains[h].remove(at: i)
                    count -= 1
                }
                return
            }
            let p = path(k)
            probes = Array(p.dropFirst())
            if delete, let last = p.last, cells[last] == .key(String(k)) {
                cells[last] = .tomb
                count -= 1
            }
        }

        mutating func rehash() {
            var m = 2 * size
            while (2..<m).contains(where: { m % $0 == 0 && $0 * $0 <= m }) { m += 1 }
            if probing == nil {
                let keys = chains.flatMap { $0 }
                size = m
                chains = Array(repeating: [], count: m)
                for k in keys { chains[home(k, m)].insert(k, at: 0) }
            } else {
                let keys = cells.compactMap { if case .key(let k) = $0 { return Int(k) } else { return nil } }
                size = m
                cells = Array(repeating: .empty, count: m)
                for k in keys {
                    let c = (0..<m).map { at(k, $0, m) }.first { cells[$0] == .empty }!
                    cells[c] = .key(String(k))
                }
            }
        }
    }

    static func program(seed: UInt64) -> [(HashOperation, OperationSource)] {
        var random = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 11)
        var inserted = [Int]()
        let ops: [HashOperation] = (0..<random.next(in: 1...12)).map { _ in
            let fresh = random.next(in: 0...60)
            switch random.next(in: 0...9) {
            // At most seven keys: a table of 5 or 7 then rehashes at most
            // to 11 or 17 cells, which read in a row on a small frame.
            case 0...5 where inserted.count < 7:
                inserted.append(fresh)
                return .insert(LinearValue(fresh))
            case 6, 7: return .search(LinearValue(inserted.isEmpty || random.next(in: 0...2) == 0 ? fresh : inserted[random.next(in: 0...inserted.count - 1)]))
            default: return .delete(LinearValue(inserted.isEmpty || random.next(in: 0...2) == 0 ? fresh : inserted[random.next(in: 0...inserted.count - 1)]))
            }
        }
        return ops.enumerated().map { ($0.element, OperationSource(index: $0.offset + 1, text: $0.element.text)) }
    }

    static func options(_ seed: UInt64) -> HashOptions {
        var o = HashOptions()
        o.stage = Stage(settings)
        o.finalHold = 0.2
        o.size = [5, 7, 11][Int(seed % 3)]
        if o.size == 11, seed % 5 != 4 { o.size = 7 }
        o.probing = [nil, .linear, .quadratic, .double][Int(seed / 3 % 4)]
        o.maxLoad = seed % 5 == 4 ? nil : (o.probing == nil ? 1.0 : 0.7)
        return o
    }

    /// The resting scene of every step, and every caption each step shows
    /// in order, read at 5 frames a second.
    static func steps(_ script: Script) throws -> [(scene: Scene, captions: [String])] {
        let t = try Timeline(script: script, settings: FrameSettings(width: 640, height: 360, fps: 5), labels: BSTBoard.labels)
        var out = [Int: (scene: Scene, captions: [String])]()
        for f in 0..<t.frameCount {
            let s = t.scene(at: f)
            var captions = out[s.step]?.captions ?? []
            if let c = s.caption, captions.last != c { captions.append(c) }
            out[s.step] = (s, captions)
        }
        return out.keys.sorted().compactMap { out[$0] }
    }

    /// The chains and cells of the newest table in `scene`.
    static func read(_ scene: Scene) -> (chains: [[String]], cells: [String?], size: Int) {
        let d = LinearLawTests.Drawing(scene)
        let g = d.nodes.keys.filter { $0.hasPrefix("table") }.compactMap { Int($0.dropFirst(5).prefix { $0.isNumber }) }.max() ?? 0
        let prefix = "table\(g)["
        let size = d.nodes.keys.filter { $0.hasPrefix(prefix) }.count
        var next = [String: String]()
        for (name, e) in d.edges where name.hasPrefix("link:") {
            if let from = d.names[e.from], let to = d.names[e.to] { next[from] = to }
        }
        var chains = [[String]]()
        var cells = [String?]()
        for i in 0..<size {
            var chain = [String]()
            var at = next["\(prefix)\(i)]"]
            while let k = at, chain.count <= 64 {
                chain.append(d.nodes[k]?.label ?? "?")
                at = next[k]
            }
            chains.append(chain)
            let c = d.nodes["\(prefix)\(i)]"]
            cells.append(d.nodes.first { $0.key.hasPrefix("key:") && c != nil && abs($0.value.x - c!.x) < 0.5 && abs($0.value.y - c!.y) < 0.5 }?.value.label)
        }
        return (chains, cells, size)
    }

    @Test(arguments: 0..<4)
    func everyTableEqualsTheModelAfterEveryOperation(quarter: Int) throws {
        for seed in UInt64(quarter * 50)..<UInt64(quarter * 50 + 50) {
            let program = Self.program(seed: seed)
            let o = Self.options(seed)
            let steps = try Self.steps(try HashAnimation(program: program, options: o, labels: BSTBoard.labels).script)
            var model = Model(size: o.size, probing: o.probing, maxLoad: o.maxLoad)
            var k = 0
            for (op, _) in program {
                let before = model.size
                model.probes = []
                switch op {
                case .insert(let v): model.insert(v.key!)
                case .search(let v): model.find(v.key!, delete: false)
                case .delete(let v): model.find(v.key!, delete: true)
                }
                guard k < steps.count else { break }
                // The probes the captions name, in order.
                let probes = steps[k].captions.filter { $0.hasPrefix("probe ") }.compactMap { Int($0.split(separator: " ").last ?? "") }
                #expect(probes == model.probes, "seed \(seed), \(op.text): probes \(probes) ≠ \(model.probes)")
                // A rehash is a step of its own.
                if model.size != before { k += 1 }
                guard k < steps.count else { break }
                let (chains, cells, size) = Self.read(steps[k].scene)
                #expect(size == model.size, "seed \(seed), after \(op.text): size \(size) ≠ \(model.size)")
                if o.probing == nil {
                    #expect(chains == model.chains.map { $0.map(String.init) }, "seed \(seed), after \(op.text): \(chains) ≠ \(model.chains)")
                } else {
                    let want = model.cells.map { c -> String? in
                        switch c {
                        case .empty: nil
                        case .key(let k): KeyLabel.text(Int(k)!)
                        case .tomb: "DEL"
                        }
                    }
                    #expect(cells == want, "seed \(seed), after \(op.text): \(cells) ≠ \(want)")
                }
                #expect(LinearLawTests.arrowProblems(steps[k].scene).isEmpty, "seed \(seed): \(LinearLawTests.arrowProblems(steps[k].scene))")
                let counter = steps[k].scene.texts.first { $0.text.hasPrefix("n = ") }?.text ?? ""
                #expect(counter.hasPrefix("n = \(model.count) · m = \(model.size)"), "seed \(seed): \(counter)")
                k += 1
            }
            #expect(k + 1 == steps.count, "seed \(seed): \(steps.count) steps for \(k) operations and rehashes")
        }
    }

    @Test func everyFrameKeepsTheRules() throws {
        for seed: UInt64 in [0, 3, 4, 6, 9, 10] {
            let script = try HashAnimation(program: Self.program(seed: seed), options: Self.options(seed), labels: BSTBoard.labels).script
            let problems = try LinearLawTests.frameProblems(script)
            #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(5))")
        }
    }

    @Test func aHashExpressionReadsAsWritten() throws {
        let h = try HashFunction("(3*k + 5) mod m")
        #expect(h.index(of: 42, size: 11) == 131 % 11)
        #expect(try HashFunction("k mod 7").index(of: -3, size: 11) == 4)
        #expect(try HashFunction("multiplication").index(of: 123, size: 10) == 0)
        #expect(throws: HashFunctionError.unexpected(column: 3, text: "^")) { try HashFunction("k ^ 2") }
        #expect(throws: HashFunctionError.noKey) { try HashFunction("3 mod m") }
        #expect(throws: HashFunctionError.end) { try HashFunction("(k + ") }
        #expect(try HashFunction("k mod 0").index(of: 5, size: 7) == nil)
        #expect(StringHash.sum.code(of: "cat") == 99 + 97 + 116)
        #expect(StringHash.poly.code(of: "cat") == 98262)
    }
}
