import Foundation
import Geometry
import Graphs

/// A graph of `n` nodes as bench.sh makes them: a tree of short hops with
/// half as many again extra edges between near nodes, weights 1–9.
func graph(_ n: Int) -> Graph {
    var state: UInt64 = 1
    func random(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
    var g = Graph(directed: false)
    for i in 0..<n { _ = g.node(named: "v\(i)") }
    for i in 1..<n { g.edges.append(Graph.Edge(from: i, to: max(0, i - 1 - random(min(i, 12))), weight: Double(1 + random(9)))) }
    for _ in 0..<n / 2 {
        let a = random(n), b = min(n - 1, a + 1 + random(19))
        if a != b { g.edges.append(Graph.Edge(from: a, to: b, weight: Double(1 + random(9)))) }
    }
    return g
}

func seconds(_ body: () throws -> Void) rethrows -> Double {
    var best = Double.infinity
    for _ in 0..<5 {
        let t0 = Date()
        try body()
        best = min(best, Date().timeIntervalSince(t0))
    }
    return best
}

/// The program `engine` run on `dot` with its plain output, as a pipe.
func program(_ engine: String, _ dot: String) throws {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/\(engine)")
    p.arguments = ["-Tplain"]
    let input = Pipe(), output = Pipe()
    p.standardInput = input
    p.standardOutput = output
    try p.run()
    input.fileHandleForWriting.write(Data(dot.utf8))
    try input.fileHandleForWriting.close()
    _ = output.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
}

print("graph layout, best of 5: Graphviz's libraries in process (treeanim) against its program on the same DOT")
for n in [30, 300] {
    let g = graph(n)
    let sizes = Array(repeating: Size(width: 0.6, height: 0.6), count: n)
    let circles = Array(repeating: true, count: n)
    for engine in [GraphLayout.Engine.neato, .sfdp, .dot, .fdp, .circo] {
        let library = try seconds { _ = try GraphLayout(g, engine: engine, sizes: sizes, circles: circles, labelled: true) }
        let text = GraphLayout.dot(g, engine: engine, sizes: sizes, circles: circles, labelled: true)
        let separate = try seconds { try program(engine.rawValue, text) }
        print(String(format: "%4d nodes, %4d edges, %-6@ library %8.2f ms   program %8.2f ms", n, g.edges.count, engine.rawValue, library * 1000, separate * 1000))
    }
}
