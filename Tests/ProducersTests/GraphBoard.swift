import Diagram
import Foundation
import Geometry
import Graphs
import Output
import Producers
import Trees

/// Random graphs and what their animations show at the end, read back from
/// the scene dump.
enum GraphBoard {
    enum Shape { case any, acyclic, placed }

    /// A graph of 2–30 nodes named `n0`…: directed or not, weighted 1–6
    /// (ties), in up to three parts with no edge between them; acyclic
    /// (edges forward in a shuffled order) or placed (positions, weights no
    /// shorter than the straight line) when asked; with `negative`, some
    /// weights below zero.
    static func graph(seed: UInt64, shape: Shape = .any, directed: Bool? = nil, negative: Bool = false) -> Graph {
        var random = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ 17)
        let n = random.next(in: 2...30)
        var g = Graph(directed: directed ?? (random.next(in: 0...1) == 1 || shape == .acyclic))
        for i in 0..<n { _ = g.node(named: "n\(i)") }
        if shape == .placed {
            for i in 0..<n { g.nodes[i].position = Point(Double(random.next(in: 0...40)) * 10, Double(random.next(in: 0...40)) * 10) }
        }
        let parts = random.next(in: 1...3)
        let part = (0..<n).map { _ in random.next(in: 1...parts) }
        var rank = Array(0..<n)
        rank.shuffle(using: &random)
        var seen = Set<[Int]>()
        for _ in 0..<random.next(in: n - 1...3 * n) {
            var (a, b) = (random.next(in: 0...n - 1), random.next(in: 0...n - 1))
            guard a != b, part[a] == part[b] else { continue }
            if shape == .acyclic, rank[a] > rank[b] { swap(&a, &b) }
            guard seen.insert(g.directed ? [a, b] : [min(a, b), max(a, b)]).inserted else { continue }
            var w = Double(random.next(in: 1...6))
            if negative, random.next(in: 0...2) == 0 { w = -Double(random.next(in: 1...3)) }
            if shape == .placed, let p = g.nodes[a].position, let q = g.nodes[b].position {
                w = (hypot(p.x - q.x, p.y - q.y) + Double(random.next(in: 0...20))).rounded(.up)
            }
            g.edges.append(Graph.Edge(from: a, to: b, weight: w))
        }
        return g
    }

    static let settings = FrameSettings(width: 640, height: 360, fps: 30)

    static func timeline(_ g: Graph, _ run: GraphRun, fps: Double = 30) throws -> Timeline {
        var options = GraphOptions()
        options.stage = Stage(settings)
        options.finalHold = 0.5
        let script = try GraphAnimation(graph: g, runs: [run], options: options, labels: BSTBoard.labels).script
        return try Timeline(script: script, settings: FrameSettings(width: 640, height: 360, fps: fps), labels: BSTBoard.labels)
    }

    /// The last frame as the dump writes it.
    static func lastFrame(_ t: Timeline) throws -> [String: Any] {
        let line = SceneDump.line(for: t.scene(at: t.frameCount - 1))
        return try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
    }

    /// Each graph node's badge at the end, by its name: the texts placed
    /// on a node whose label is a node's name.
    static func badges(_ frame: [String: Any], graph: Graph) -> [String: String] {
        var label = [Int: String]()
        let names = Set(graph.nodes.map(\.label))
        for n in frame["nodes"] as? [[String: Any]] ?? [] {
            if let id = n["id"] as? Int, let l = n["label"] as? String, names.contains(l) { label[id] = l }
        }
        var out = [String: String]()
        for t in frame["texts"] as? [[String: Any]] ?? [] {
            if let node = t["node"] as? Int, let name = label[node], let text = t["text"] as? String { out[name] = text }
        }
        return out
    }

    static func caption(_ frame: [String: Any]) -> String { frame["caption"] as? String ?? "" }

    /// A number as a badge writes it (− for minus, ∞).
    static func number(_ s: String) -> Double? {
        if s == "∞" { return .infinity }
        return Double(s.replacingOccurrences(of: "−", with: "-"))
    }

    /// Each node's neighbours in the order of the edges, both ways when
    /// undirected: the order the animation looks at them in.
    static func neighbours(_ g: Graph) -> [[(edge: Int, node: Int)]] { g.adjacency() }
}
