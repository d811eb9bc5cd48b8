import Diagram
import Foundation
import Output
import Producers
import Testing
import TestSupport
import Trees

/// The family chart's layout rules, read back from the scene dump of the
/// last frame over random forests (FamilyBoard.random).
@Suite(.tags(.sweep)) struct FamilyLayoutLawTests {
    struct Box {
        var name: String
        var x, y, w, h: Double
        var frame: (minX: Double, maxX: Double, minY: Double, maxY: Double) { (x - w / 2, x + w / 2, y - h / 2, y + h / 2) }
    }

    /// What breaks a rule in the chart a dump line shows, or nil.
    static func problems(inDump line: String, family: Family) throws -> [String] {
        let frame = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        var boxes = [String: Box]()
        let byName = Dictionary(uniqueKeysWithValues: family.people.map { ($0.name, $0.id) })
        for n in frame["nodes"] as? [[String: Any]] ?? [] {
            let label = n["label"] as! String
            let name = String(label.split(separator: "\n", omittingEmptySubsequences: false)[0])
            guard let id = byName[name] else { return ["a node labelled \(label) is no one"] }
            boxes[id] = Box(name: name, x: n["x"] as! Double, y: n["y"] as! Double, w: n["w"] as! Double, h: n["h"] as! Double)
        }
        var out = [String]()
        if boxes.count != family.people.count { out.append("\(boxes.count) boxes for \(family.people.count) people") }
        // One y per generation, and a lower row for a later one.
        let generation = FamilyBoard.generations(of: family)
        var ys = [Int: Double]()
        for (id, g) in generation {
            guard let b = boxes[id] else { continue }
            if let y = ys[g], abs(y - b.y) > 1e-6 { out.append("generation \(g) at y \(y) and \(b.y) (\(b.name))") }
            ys[g] = b.y
        }
        for (g, y) in ys where (ys[g + 1].map { $0 <= y } ?? false) { out.append("generation \(g + 1) not below \(g)") }
        // Spouses side by side, no one between.
        for union in family.unions where union.partners.count == 2 {
            guard let a = boxes[union.partners[0]], let b = boxes[union.partners[1]] else { continue }
            let (l, r) = (min(a.x, b.x), max(a.x, b.x))
            let between = boxes.values.filter { abs($0.y - a.y) < 1e-6 && $0.x > l + 1e-6 && $0.x < r - 1e-6 }
            if !between.isEmpty { out.append("\(between[0].name) between spouses \(a.name) and \(b.name)") }
        }
        // A couple centred over its children (a single child directly below).
        for union in family.unions where !union.children.isEmpty {
            let parents = union.partners.compactMap { boxes[$0] }
            let kids = union.children.compactMap { boxes[$0] }
            guard parents.count == union.partners.count, !kids.isEmpty else { continue }
            let mid = parents.map(\.x).reduce(0, +) / Double(parents.count)
            let span = (kids.map(\.x).min()! + kids.map(\.x).max()!) / 2
            if abs(mid - span) > 1 { out.append("\(parents[0].name)’s couple at x \(mid), children centred at \(span)") }
        }
        // No two boxes overlap.
        let all = boxes.values.sorted { $0.x < $1.x }
        for (i, a) in all.enumerated() {
            for b in all[(i + 1)...] {
                if b.frame.minX >= a.frame.maxX { break }
                if a.frame.minY < b.frame.maxY, b.frame.minY < a.frame.maxY {
                    out.append("\(a.name) and \(b.name) overlap")
                }
            }
        }
        // Connectors: orthogonal, outside every box, of the right kinds.
        var kinds = [String: Int]()
        for e in frame["edges"] as? [[String: Any]] ?? [] {
            let kind = e["kind"] as! String
            kinds[kind, default: 0] += 1
            let points = (e["points"] as! [[Double]]).map { ($0[0], $0[1]) }
            for (p, q) in zip(points, points.dropFirst()) {
                if abs(p.0 - q.0) > 1e-6, abs(p.1 - q.1) > 1e-6 { out.append("a \(kind) segment from \(p) to \(q) is slanted") }
                for b in boxes.values {
                    let f = b.frame
                    // The segment's box, against the box shrunk by half a pixel.
                    if min(p.0, q.0) < f.maxX - 0.5, max(p.0, q.0) > f.minX + 0.5, min(p.1, q.1) < f.maxY - 0.5,
                        max(p.1, q.1) > f.minY + 0.5
                    {
                        out.append("a \(kind) segment from \(p) to \(q) passes through \(b.name)")
                    }
                }
            }
        }
        let couples = Set(family.unions.filter { $0.partners.count == 2 }.map { $0.partners.sorted() }).count
        let children = family.unions.map(\.children.count).reduce(0, +)
        if kinds["couple", default: 0] != couples { out.append("\(kinds["couple", default: 0]) couple lines for \(couples) couples") }
        if kinds["descent", default: 0] != children { out.append("\(kinds["descent", default: 0]) descent lines for \(children) children") }
        return out
    }

    @Test(arguments: [FamilyOptions.Reveal.generations, .none])
    func randomForestsKeepTheRules(reveal: FamilyOptions.Reveal) throws {
        for seed in UInt64(1)...60 {
            let family = FamilyBoard.random(seed: seed &+ (reveal == .none ? 500 : 0))
            try family.validate()
            let timeline = try FamilyBoard.timeline([family], width: 1920, height: 1080) {
                $0.reveal = reveal
                // Every person drawn: the summary of a large family is not.
                $0.summarise = false
            }
            let line = SceneDump.line(for: timeline.scene(at: timeline.frameCount - 1))
            let problems = try Self.problems(inDump: line, family: family)
            #expect(problems.isEmpty, "seed \(seed): \(problems.prefix(5).joined(separator: "; "))")
        }
    }

    @Test func theChecksCatchABrokenChart() throws {
        let family = FamilyBoard.random(seed: 3)
        let timeline = try FamilyBoard.timeline([family])
        let line = SceneDump.line(for: timeline.scene(at: timeline.frameCount - 1))
        #expect(try Self.problems(inDump: line, family: family).isEmpty)
        // Move one child off centre: the centring and overlap checks see it.
        var frame = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        var nodes = frame["nodes"] as! [[String: Any]]
        let child = family.unions.first { $0.children.count >= 2 }!.children[0]
        let name = family.person(child)!.name
        let i = nodes.firstIndex { ($0["label"] as! String).hasPrefix(name) }!
        nodes[i]["x"] = (nodes[i]["x"] as! Double) - 40
        frame["nodes"] = nodes
        let broken = String(decoding: try JSONSerialization.data(withJSONObject: frame), as: UTF8.self)
        #expect(try !Self.problems(inDump: broken, family: family).isEmpty)
    }
}
