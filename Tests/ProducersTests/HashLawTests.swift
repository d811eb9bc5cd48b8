import Diagram
import Foundation
import Geometry
import Producers
import Testing
import TestSupport
import Trees

/// Hash tables drawn as a model run apart here says: after every
/// operation, read back from the scene by the names the dump gives, every
/// key is in its bucket's chain in the model's order (chaining) or in the
/// model's cell, tombstones where deletes left them (open addressing);
/// every probe the captions name is the model's probe sequence; the
/// counter shows the model's size; arrows rest on their cells; and every
/// frame keeps the motion and overlap rules.
@Suite(.tags(.sweep)) struct HashLawTests {
    static let settings = FrameSettings(width: 640, height: 360, fps: 30)

    /// A table model: chains with insertion at the head, or cells with
    /// tombstones, and rehashing past the load limit. Keys are their
    /// labels; `code` is the number each hashes as, `hash` the function.
    struct Model {
        enum Cell: Equatable { case empty, key(String), tomb }

        var size: Int
        let probing: Probing?
        let maxLoad: Double?
        let hash: (Int, Int) -> Int
        var chains: [[String]]
        var cells: [Cell]
        var count = 0
        /// The cells the last operation's probes tried after the home.
        var probes: [Int] = []

        init(size: Int, probing: Probing?, maxLoad: Double?, hash: @escaping (Int, Int) -> Int) {
            self.size = size
            self.probing = probing
            self.maxLoad = maxLoad
            self.hash = hash
            chains = Array(repeating: [], count: size)
            cells = Array(repeating: .empty, count: size)
        }

        static func mod(_ k: Int, _ m: Int) -> Int { ((k % m) + m) % m }

        func at(_ code: Int, _ i: Int, _ m: Int) -> Int {
            let h = hash(code, m)
            switch probing ?? .linear {
            case .linear: return (h + i) % m
            case .quadratic: return (h + i * i) % m
            case .double: return (h + i * max(1, 1 + Self.mod(code, m - 1))) % m
            }
        }

        /// The probe from the home to the key's own cell or an empty one.
        func path(_ key: String, _ code: Int) -> [Int] {
            var out = [Int]()
            for i in 0..<size {
                let c = at(code, i, size)
                out.append(c)
                if cells[c] == .empty || cells[c] == .key(key) { break }
            }
            return out
        }

        mutating func insert(_ key: String, _ code: Int, codes: [String: Int]) {
            if probing == nil {
                let h = hash(code, size)
                guard !chains[h].contains(key) else { return }
                chains[h].insert(key, at: 0)
            } else {
                let p = path(key, code)
                probes = Array(p.dropFirst())
                if let last = p.last, cells[last] == .key(key) { return }
                guard let free = p.first(where: { cells[$0] == .empty || cells[$0] == .tomb }) else { return }
                cells[free] = .key(key)
            }
            count += 1
            while let maxLoad, Double(count) / Double(size) > maxLoad + 1e-9 { rehash(codes) }
        }

        mutating func find(_ key: String, _ code: Int, delete: Bool) {
            if probing == nil {
                let h = hash(code, size)
                if delete, let i = chains[h].firstIndex(of: key) {
                    chains[h].remove(at: i)
                    count -= 1
                }
                return
            }
            let p = path(key, code)
            probes = Array(p.dropFirst())
            if delete, let last = p.last, cells[last] == .key(key) {
                cells[last] = .tomb
                count -= 1
            }
        }

        static func nextPrime(_ n: Int) -> Int {
            var m = n
            while (2..<m).contains(where: { m % $0 == 0 && $0 * $0 <= m }) { m += 1 }
            return m
        }

        mutating func rehash(_ codes: [String: Int]) {
            let m = Self.nextPrime(2 * size)
            let keys = probing == nil ? chains.flatMap { $0 } : cells.compactMap { if case .key(let k) = $0 { return k } else { return nil } }
            size = m
            chains = Array(repeating: [], count: m)
            cells = Array(repeating: .empty, count: m)
            for k in keys {
                let code = codes[k]!
                if probing == nil {
                    chains[hash(code, m)].insert(k, at: 0)
                } else {
                    let c = (0..<m).map { at(code, $0, m) }.first { cells[$0] == .empty }!
                    cells[c] = .key(k)
                }
            }
        }
    }

    /// Words, anagrams among them (their sums of codes collide).
    static let words = ["cat", "act", "dog", "god", "ant", "tan", "owl", "low", "emu", "yak", "elk", "bee"]

    static func program(seed: UInt64) -> [(HashOperation, OperationSource)] {
        var random = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 11)
        let wordy = seed % 4 == 1
        func key(_ n: Int) -> LinearValue { wordy ? LinearValue(token: words[n % words.count])! : LinearValue(n) }
        var inserted = [Int]()
        let ops: [HashOperation] = (0..<random.next(in: 1...12)).map { _ in
            let fresh = random.next(in: 0...60)
            switch random.next(in: 0...9) {
            // At most seven keys: a table of 5 or 7 then rehashes at most
            // to 11 or 17 cells, which read in a row on a small frame.
            case 0...5 where inserted.count < 7:
                inserted.append(fresh)
                return .insert(key(fresh))
            case 6, 7: return .search(key(inserted.isEmpty || random.next(in: 0...2) == 0 ? fresh : inserted[random.next(in: 0...inserted.count - 1)]))
            default: return .delete(key(inserted.isEmpty || random.next(in: 0...2) == 0 ? fresh : inserted[random.next(in: 0...inserted.count - 1)]))
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
        if seed % 6 == 5 { o.hash = try! HashFunction("(3*k + 5) mod m") }
        return o
    }

    /// The model's hash for `o`: the default, or (3k + 5) mod m.
    static func hash(_ o: HashOptions) -> (Int, Int) -> Int {
        o.hash == .division ? { Model.mod($0, $1) } : { Model.mod(3 * $0 + 5, $1) }
    }

    /// The resting scene of every step, and every caption each step shows
    /// in order, read at 5 frames a second; no two nodes overlap at any of
    /// the frames read.
    static func steps(_ script: Script) throws -> [(scene: Scene, captions: [String])] {
        let t = try Timeline(script: script, settings: FrameSettings(width: 640, height: 360, fps: 5), labels: BSTBoard.labels)
        var out = [Int: (scene: Scene, captions: [String])]()
        for f in 0..<t.frameCount {
            let s = t.scene(at: f)
            let overlaps = LinearLawTests.overlaps(LinearLawTests.Drawing(s))
            #expect(overlaps.isEmpty, "frame \(f) at 5 fps (\(s.caption ?? "")): \(overlaps.prefix(3))")
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
            var o = Self.options(seed)
            // The table's contents are the point here, not whether a deep
            // chain reads on a small frame (the command refuses what does
            // not; LinearCommandTests checks it): drawn whole.
            o.stage.fitsAll = true
            let steps = try Self.steps(try HashAnimation(program: program, options: o, labels: BSTBoard.labels).script)
            var model = Model(size: o.size, probing: o.probing, maxLoad: o.maxLoad, hash: Self.hash(o))
            var codes = [String: Int]()
            var k = 0
            for (op, _) in program {
                let before = model.size
                model.probes = []
                let v: LinearValue
                switch op {
                case .insert(let x), .search(let x), .delete(let x): v = x
                }
                let code = v.key ?? StringHash.sum.code(of: v.text)
                codes[v.text] = code
                switch op {
                case .insert: model.insert(v.text, code, codes: codes)
                case .search: model.find(v.text, code, delete: false)
                case .delete: model.find(v.text, code, delete: true)
                }
                guard k < steps.count else { break }
                // The probes the captions name, in order.
                // "probe 2: (9 + 2·3) mod 11 = 4, with h₂(42) = 3": the cell
                // after "mod m =".
                let probes = steps[k].captions.filter { $0.hasPrefix("probe ") }.compactMap { c -> Int? in
                    guard let r = c.range(of: #"mod \d+ = \d+"#, options: .regularExpression) else { return nil }
                    return Int(c[r].split(separator: " ").last ?? "")
                }
                #expect(probes == model.probes, "seed \(seed), \(op.text): probes \(probes) ≠ \(model.probes)")
                // Each rehash is a step of its own.
                var grown = before
                while grown != model.size {
                    grown = Model.nextPrime(2 * grown)
                    k += 1
                }
                guard k < steps.count else { break }
                let (chains, cells, size) = Self.read(steps[k].scene)
                #expect(size == model.size, "seed \(seed), after \(op.text): size \(size) ≠ \(model.size)")
                if o.probing == nil {
                    #expect(chains == model.chains, "seed \(seed), after \(op.text): \(chains) ≠ \(model.chains)")
                } else {
                    let want = model.cells.map { c -> String? in
                        switch c {
                        case .empty: nil
                        case .key(let k): Int(k).map(KeyLabel.text) ?? k
                        case .tomb: "DEL"
                        }
                    }
                    #expect(cells == want, "seed \(seed), after \(op.text): \(cells) ≠ \(want)")
                }
                // No key drawn twice, none left over: as many key nodes
                // as the model has keys and tombstones.
                let keyNodes = steps[k].scene.nodes.filter { $0.name.hasPrefix("key:") && $0.opacity > 0.99 }.count
                let tombs = model.cells.filter { $0 == .tomb }.count
                #expect(keyNodes == model.count + tombs, "seed \(seed), after \(op.text): \(keyNodes) key nodes")
                #expect(LinearLawTests.arrowProblems(steps[k].scene).isEmpty, "seed \(seed): \(LinearLawTests.arrowProblems(steps[k].scene))")
                let counter = steps[k].scene.texts.first { $0.text.hasPrefix("n = ") }?.text ?? ""
                #expect(counter.hasPrefix("n = \(model.count) · m = \(model.size)"), "seed \(seed): \(counter)")
                k += 1
            }
            #expect(k + 1 == steps.count, "seed \(seed): \(steps.count) steps for \(k) operations and rehashes")
        }
    }

    @Test func everyFrameKeepsTheRules() throws {
        for seed: UInt64 in [0, 1, 3, 4, 5, 6, 9, 10, 11, 17] {
            let script = try HashAnimation(program: Self.program(seed: seed), options: Self.options(seed), labels: BSTBoard.labels).script
            let problems = try LinearLawTests.frameProblems(script)
            #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(5))")
        }
    }

    /// Double hashing gives its step's working, and an insert that passed
    /// a tombstone says why it stops at an empty cell and goes back to it.
    @Test func theWorkingOfAStepAndAStopAfterATombstoneAreSaid() throws {
        func captions(_ ops: String, _ configure: (inout HashOptions) -> Void) throws -> [String] {
            var o = Self.options(0)
            o.maxLoad = nil
            configure(&o)
            let program = try HashOperation.parse(ops)
            return try Self.steps(try HashAnimation(program: program, options: o, labels: BSTBoard.labels).script).flatMap(\.captions)
        }
        // 3 and 14 both hash to 3 in a table of 11; 14's step is 1 + (14 mod 10) = 5.
        let double = try captions("insert 3 14") { $0.size = 11; $0.probing = .double }
        #expect(double.contains("probe 1: (3 + 1·5) mod 11 = 8, with h₂(14) = 1 + (14 mod 10) = 5"), "\(double)")
        // 5 and 16 hash to 5; 5 is deleted; 27 passes its tombstone and 16, then meets an empty cell.
        let tomb = try captions("insert 5 16; delete 5; insert 27") { $0.size = 11; $0.probing = .linear }
        #expect(tomb.contains("cell 7 is empty: 27 is not in the table, so it takes the first tombstone passed, cell 5"), "\(tomb)")
        // A custom step is written out with the key put in.
        var o = HashOptions()
        o.secondHash = try HashFunction.step("7 - (k mod 7)")
        #expect(o.secondHash.working(of: 30, size: 11) == "7 − (30 mod 7)")
        #expect(try HashFunction("(3*k + 5) mod m").working(of: 4, size: 11) == "(3·4 + 5) mod 11")
        #expect(try HashFunction("k mod (m - 1)").working(of: 25, size: 11) == "25 mod 10")
    }

    @Test func aHashExpressionReadsAsWritten() throws {
        let h = try HashFunction("(3*k + 5) mod m")
        #expect(h.index(of: 42, size: 11) == 131 % 11)
        #expect(try HashFunction("k mod 7").index(of: -3, size: 11) == 4)
        #expect(try HashFunction("multiplication").index(of: 123, size: 10) == 0)
        #expect(throws: HashFunctionError.unexpected(column: 3, text: "^")) { try HashFunction("k ^ 2") }
        #expect(throws: HashFunctionError.noKey) { try HashFunction("3 mod m") }
        #expect(throws: HashFunctionError.end) { try HashFunction("(k + ") }
        // A modulus of 0 is refused as written, before any key meets it.
        #expect(throws: HashFunctionError.self) { try HashFunction("k mod 0") }
        #expect(StringHash.sum.code(of: "cat") == 99 + 97 + 116)
        #expect(StringHash.poly.code(of: "cat") == 98262)
    }
}
