import Graphs
import Testing

/// Graphviz's parser reads one graph from a text and keeps the rest in its
/// lexer: each read starts afresh, whatever the read before it left.
@Suite struct GraphvizReadTests {
    /// Texts that leave the lexer mid-way: a second graph, text after the
    /// graph, and texts cut inside a comment, a string and an HTML label.
    /// (One test, the reads in turn: run side by side, another test's read
    /// could come between the two.)
    @Test func aReadIsNotConfusedByWhatTheReadBeforeLeft() throws {
        for before in [
            "graph { x -- y } digraph { p -> q }", "graph { x -- y } trailing {", "digraph { /* open", "digraph { a -> \"open",
            "digraph { a [label=<open",
        ] {
            _ = try? Graphviz.read(dot: before)
            let graph = try Graphviz.read(dot: "graph { a -- b; b -- c }")
            #expect(graph.nodes.map(\.name) == ["a", "b", "c"], "after \(before)")
            #expect(graph.edges.count == 2, "after \(before)")
        }
    }
}
