import Diagram
import Trees

/// The heap operations' pseudocode for the code panel (`--code`), CLRS's
/// procedures with the sift written inline, so that each comparison the
/// animation shows has its line; worded for a min-heap or a max-heap.
struct HeapCode {
    let order: HeapOrder

    private var name: String { order == .min ? "MIN" : "MAX" }
    /// "<" for a max-heap: a child that is larger moves up.
    private var climbs: String { order == .min ? ">" : "<" }
    private var stands: String { order == .min ? "≤" : "≥" }
    private var chosen: String { order == .min ? "smaller" : "larger" }

    /// The lines of a sift down on index `j`, indented `indent` levels.
    private func siftDown(_ indent: String) -> [String] {
        [
            "\(indent)while j has a child",
            "\(indent)  c = j's \(chosen) child",
            "\(indent)  if A[j] \(stands) A[c]: break",
            "\(indent)  exchange A[j] with A[c]; j = c",
        ]
    }

    var insert: CodeListing {
        CodeListing("\(name)-HEAP-INSERT(A, key)", [
            "A.heap-size = A.heap-size + 1",
            "i = A.heap-size − 1; A[i] = key",
            "while i > 0 and A[PARENT(i)] \(climbs) A[i]",
            "  exchange A[i] with A[PARENT(i)]",
            "  i = PARENT(i)",
        ])
    }

    var extract: CodeListing {
        CodeListing("HEAP-EXTRACT-\(name)(A)", [
            "top = A[0]",
            "A[0] = A[A.heap-size − 1]",
            "A.heap-size = A.heap-size − 1",
            "j = 0",
        ] + siftDown("") + ["return top"])
    }

    var build: CodeListing {
        CodeListing("BUILD-\(name)-HEAP(A, n)", [
            "A.heap-size = n",
            "for i = ⌊n/2⌋ − 1 downto 0",
            "  j = i",
        ] + siftDown("  "))
    }

    var heapsort: CodeListing {
        CodeListing("HEAPSORT(A)", [
            "for i = A.heap-size − 1 downto 1",
            "  exchange A[0] with A[i]",
            "  A.heap-size = A.heap-size − 1",
            "  j = 0",
        ] + siftDown("  "))
    }

    var all: [CodeListing] { [insert, extract, build, heapsort] }

    /// The lines of a sift in a listing: where a comparison that swaps,
    /// and one that stops the sift, are.
    struct Sift: Sendable {
        var swap: Int
        var stay: Int
    }

    static let insertSift = Sift(swap: 3, stay: 2)
    enum Insert {
        static let place = 1
    }
    static let extractSift = Sift(swap: 7, stay: 6)
    enum Extract {
        static let top = 0, last = 1, done = 8
    }
    static let buildSift = Sift(swap: 6, stay: 5)
    enum Build {
        static let size = 0, loop = 1, start = 2
    }
    static let heapsortSift = Sift(swap: 7, stay: 6)
    enum Heapsort {
        static let exchange = 1, shrink = 2
    }
}

extension HeapPlayer {
    /// Shows `listing` with `line` running, and says which lines its sift
    /// has, when the animation shows code.
    mutating func code(_ s: inout StepBuilder, _ listing: CodeListing, line: Int?, sift: HeapCode.Sift?) {
        guard options.code else { return }
        s.code(listing, line: line)
        self.sift = sift
    }

    /// Highlights `line` with the next caption, when the animation shows code.
    func line(_ s: inout StepBuilder, _ line: Int?) {
        if options.code { s.line(line, withCaption: true) }
    }
}
