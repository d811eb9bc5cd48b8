// Times the drawing of tree frames on one thread: each case runs a few
// warm-up rounds, then reports the median and fastest of many.
//
//     swift run -c release --package-path Benchmarks/Raster [name filter]
//
// `Raster` comes with the `TreeAnimKit` product: the package exports no
// library of its own for it.
import Geometry
import Raster

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A complete binary tree in heap order (node i's children are 2i+1 and
/// 2i+2), the levels spread evenly over the canvas.
struct TreeFrame {
    var centres: [Point] = []
    var labels: [String] = []
    let radius: Double
    let outline: Double
    let edgeWidth: Double
    let labelSize: Double

    init(nodes: Int, width: Double, height: Double, radius: Double, outline: Double, edgeWidth: Double, labelSize: Double) {
        (self.radius, self.outline, self.edgeWidth, self.labelSize) = (radius, outline, edgeWidth, labelSize)
        let levels = Int(log2(Double(nodes))) + 1
        for i in 0..<nodes {
            let level = Int(log2(Double(i + 1)))
            let first = (1 << level) - 1
            let slots = Double(1 << level)
            let x = (Double(i - first) + 0.5) / slots * (width - 40) + 20
            let y = 40 + Double(level) * (height - 80) / Double(max(levels - 1, 1))
            centres.append(Point(x, y))
            labels.append(String(10 + (i * 37) % 90))
        }
    }

    struct Parts: OptionSet {
        let rawValue: Int
        static let edges = Parts(rawValue: 1), discs = Parts(rawValue: 2), outlines = Parts(rawValue: 4)
        static let labels = Parts(rawValue: 8)
        static let all: Parts = [.edges, .discs, .outlines, .labels]
    }

    /// Clears the canvas and draws the chosen parts: edges first, then
    /// each node's disc, outline and label.
    func draw(on canvas: inout Canvas, font: Font, parts: Parts = .all, shift: Vector = .zero) {
        canvas.clear(to: Color(hex: 0xFAFAF7))
        let centres = shift == .zero ? self.centres : self.centres.map { $0 + shift }
        let edge = StrokeStyle(width: edgeWidth, cap: .round)
        if parts.contains(.edges) {
            for i in 1..<centres.count {
                canvas.stroke(.line(from: centres[(i - 1) / 2], to: centres[i]), style: edge, color: Color(hex: 0x7F8C8D))
            }
        }
        // As the frame renderer draws nodes: one outline around the
        // origin, placed at each centre.
        let ring = StrokeStyle(width: outline)
        let disc = Path.circle(center: Point(0, 0), radius: radius)
        for (i, c) in centres.enumerated() {
            let offset = Vector(dx: c.x, dy: c.y)
            if parts.contains(.discs) { canvas.fill(disc, at: offset, color: Color(hex: 0xF4D03F)) }
            if parts.contains(.outlines) { canvas.stroke(disc, at: offset, style: ring, color: Color(hex: 0x1B2631)) }
            if parts.contains(.labels) {
                canvas.draw(text: labels[i], at: c, font: font, size: labelSize, color: Color(hex: 0x1B2631))
            }
        }
    }
}

/// Only the cases whose name contains the first argument run, if one is given.
let filter = CommandLine.arguments.dropFirst().first

func measure(_ name: String, iterations: Int, _ body: () -> Void) {
    if let filter, !name.contains(filter) { return }
    for _ in 0..<max(3, iterations / 10) { body() }
    let clock = ContinuousClock()
    var times: [Double] = []
    for _ in 0..<iterations {
        let start = clock.now
        body()
        let elapsed = clock.now - start
        times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
    }
    times.sort()
    let median = times[times.count / 2]
    func ms(_ t: Double) -> String { "\((t * 1000).rounded() / 1000) ms" }
    let padded = name + String(repeating: " ", count: max(1, 52 - name.count))
    print(padded + "median " + ms(median) + "   min " + ms(times[0]))
}

do {
    let font = try Font.default()
    var canvas = Canvas(width: 1280, height: 720)
    let small = TreeFrame(nodes: 31, width: 1280, height: 720, radius: 22, outline: 2.5, edgeWidth: 2, labelSize: 18)
    let large = TreeFrame(nodes: 1000, width: 1280, height: 720, radius: 6, outline: 1, edgeWidth: 1, labelSize: 7)

    measure("clear 1280×720", iterations: 2000) { canvas.clear(to: .white) }
    measure("31-node frame 1280×720 (with clear)", iterations: 2000) { small.draw(on: &canvas, font: font) }
    measure("1,000-node frame 1280×720 (r = 6, labels at 7 px)", iterations: 300) { large.draw(on: &canvas, font: font) }
    // Every node a little elsewhere each time: nothing drawn before is
    // where it was, as in a frame where the whole tree moves.
    var moves = 0
    measure("1,000-node frame, every node moved", iterations: 300) {
        moves += 1
        large.draw(on: &canvas, font: font, shift: Vector(dx: Double(moves % 1000) * 0.001, dy: 0))
    }
    let parts: [(String, TreeFrame.Parts)] = [
        ("edges", .edges), ("discs", .discs), ("outlines", .outlines), ("labels", .labels),
    ]
    for (name, part) in parts {
        measure("  31 nodes: clear + \(name) only", iterations: 2000) { small.draw(on: &canvas, font: font, parts: part) }
    }
    for (name, part) in parts {
        measure("  1,000 nodes: clear + \(name) only", iterations: 300) { large.draw(on: &canvas, font: font, parts: part) }
    }
} catch {
    print("error: \(error)")
    exit(1)
}
