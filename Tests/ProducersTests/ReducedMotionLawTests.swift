import ChartFiles
@testable import Diagram
import Foundation
import Geometry
import Graphs
import Producers
import Testing
import TestSupport
import Tween

/// The laws of reduced motion, checked frame by frame on real producers'
/// scripts played with and without it: nothing travels (an element is
/// shown only at places its script puts it, and never moves on two frames
/// running), nothing grows or slides in, the camera only cuts between the
/// views its steps fit, and the steps and captions are the normal run's.
enum ReducedMotion {
    /// A script played as usual and with reduced motion.
    struct Pair {
        let script: Script
        let normal: Timeline
        let reduced: Timeline
    }

    static let settings = FrameSettings(width: 480, height: 270, fps: 10)

    static func pair(_ script: Script) throws -> Pair {
        var calm = settings
        calm.reducedMotion = true
        return Pair(
            script: script, normal: try Timeline(script: script, settings: settings, labels: BSTBoard.labels),
            reduced: try Timeline(script: script, settings: calm, labels: BSTBoard.labels))
    }

    /// The camera of frame `f`.
    static func camera(_ t: Timeline, _ f: Int) -> Camera { Camera(animatableData: t.camera.value(at: t.time(ofFrame: f))) }

    /// The world point (layout units) shown at pixel `p` by `cam`.
    static func world(_ p: Point, _ cam: Camera, _ t: Timeline) -> Point {
        let vc = t.geometry.viewport.center
        return Point((p.x - vc.x) / cam.zoom + cam.center.x, (p.y - vc.y) / cam.zoom + cam.center.y)
    }

    static func near(_ a: Point, _ b: Point, _ tolerance: Double = 1e-6) -> Bool {
        abs(a.x - b.x) <= tolerance * max(1, abs(a.x)) && abs(a.y - b.y) <= tolerance * max(1, abs(a.y))
    }

    static func sameCamera(_ a: Camera, _ b: Camera) -> Bool {
        near(a.center, b.center, 1e-9) && abs(a.zoom / b.zoom - 1) <= 1e-9
    }

    /// Where each element of frame `f` is, by a key that names it across
    /// frames, with its opacity: nodes and bars by id, edges by name, rings
    /// and texts by their record. Points are in layout units (a text or
    /// ring placed on the screen: in pixels), so a camera cut moves none.
    /// A bar is where its base is; a text on a bar that is growing is left
    /// out (it rides the bar's end, which is its value changing). Each
    /// comes with how many pixels a unit of its points is.
    static func places(_ t: Timeline, _ f: Int) -> [String: (points: [Point], opacity: Double, unit: Double)] {
        let scene = t.scene(at: f), cam = camera(t, f), time = t.time(ofFrame: f)
        var out = [String: (points: [Point], opacity: Double, unit: Double)]()
        for n in scene.nodes { out["node \(n.name)"] = ([world(Point(n.x, n.y), cam, t)], n.opacity, cam.zoom) }
        for b in scene.bars {
            let base = b.direction == .up ? Point(b.x + b.w / 2, b.y + b.h) : Point(b.x, b.y + b.h / 2)
            out["bar \(b.id)"] = ([world(base, cam, t)], b.opacity, cam.zoom)
        }
        for e in scene.edges {
            // Its ends: where the arrowheads point, or where the line stops.
            // A line without heads drawn the other way round is the same.
            let heads = e.arrowheads.map(\.tip)
            var ends = [e.arrows.contains(.start) ? heads.first ?? e.points.first! : e.points.first!, e.arrows.contains(.end) ? heads.last ?? e.points.last! : e.points.last!]
            if e.arrows.isEmpty { ends.sort { ($0.x, $0.y) < ($1.x, $1.y) } }
            out["edge \(e.name)"] = (ends.map { world($0, cam, t) }, e.opacity, cam.zoom)
        }
        for (r, m) in zip(t.marks.filter { $0.presence.isVisible(at: time) }, scene.marks) {
            let p = Point(m.x, m.y)
            out["mark \(r.index)"] = ([r.placement.last.isScreen ? p : world(p, cam, t)], m.opacity, r.placement.last.isScreen ? 1 : cam.zoom)
        }
        for (r, x) in zip(t.texts.filter { $0.presence.isVisible(at: time) }, scene.texts) {
            let p = Point(x.x, x.y)
            out["text \(r.index)"] = ([r.placement.last.isScreen ? p : world(p, cam, t)], x.opacity, r.placement.last.isScreen ? 1 : cam.zoom)
            if let bar = x.bar { out["text \(r.index)"]!.points.append(Point(Double(bar), -1)) }
        }
        return out
    }

    /// Each bar's length at frame `f`, by id.
    static func lengths(_ t: Timeline, _ f: Int) -> [Int: Double] {
        Dictionary(t.scene(at: f).bars.map { ($0.id, $0.direction == .up ? $0.h : $0.w) }, uniquingKeysWith: { a, _ in a })
    }

    /// What breaks the laws of reduced motion in `pair.reduced`, at most a
    /// few of each kind.
    static func problems(_ t: Timeline, script: Script) -> [String] {
        var problems = [String: [String]]()
        func report(_ kind: String, _ what: String) {
            if problems[kind, default: []].count < 3 { problems[kind, default: []].append(what) }
        }
        // Every place the script puts each node.
        var scripted = [String: [Point]]()
        for beat in script.steps.lazy.flatMap(\.beats) {
            for case .node(let n) in beat.changes { scripted[n.id.name, default: []].append(n.position) }
        }
        let views = t.steps.map { camera(t, $0.frames.last ?? 0) }
        var frames = [[String: (points: [Point], opacity: Double, unit: Double)]]()
        var peak = [String: Double]()
        for f in 0..<t.frameCount {
            let time = t.time(ofFrame: f)
            let cam = camera(t, f)
            if !views.contains(where: { sameCamera($0, cam) }) { report("camera", "frame \(f): a view no step fits (zoom \(cam.zoom))") }
            let here = places(t, f)
            for n in t.nodes(at: f) {
                let p = here["node \(n.name)"]!.points[0]
                if !(scripted[n.name] ?? []).contains(where: { near($0, p) }) {
                    report("between", "frame \(f): node \(n.name) at (\(p.x), \(p.y)), where its script never puts it")
                }
            }
            let effects = t.nodes.map { $0.presence.effect(at: time) } + t.edges.map { $0.presence.effect(at: time) }
                + t.marks.map { $0.presence.effect(at: time) } + t.texts.map { $0.presence.effect(at: time) }
                + t.bars.map { $0.presence.effect(at: time) }
            if effects.contains(where: { $0.scale != 1 || $0.offsetX != 0 || $0.offsetY != 0 }) {
                report("transition", "frame \(f): an element grows or slides in or out")
            }
            for (k, v) in here { peak[k] = max(peak[k] ?? 0, v.opacity) }
            frames.append(here)
        }
        // Between two frames an element stays, or it jumps where it is
        // (partly) faded, or it hops (a few pixels); it never moves on two
        // frames running.
        let (w, h) = (Double(t.settings.width), Double(t.settings.height))
        let hop = Compiler.hop * (w * w + h * h).squareRoot() + 1e-6
        func jump(_ k: String, _ f: Int) -> Double {
            let (a, b) = (frames[f - 1][k]!, frames[f][k]!)
            return zip(a.points, b.points).map { $0.distance(to: $1) * b.unit }.max() ?? 0
        }
        func moved(_ k: String, _ f: Int) -> Bool {
            guard f > 0, let a = frames[f - 1][k], let b = frames[f][k], a.points.count == b.points.count else { return false }
            // A text on a bar that grows rides its end: not a move.
            if k.hasPrefix("text"), let bar = b.points.last, bar.y == -1 {
                let id = Int(bar.x)
                if lengths(t, f - 1)[id] != lengths(t, f)[id] { return false }
            }
            return !zip(a.points, b.points).allSatisfy { near($0, $1) }
        }
        for f in 1..<max(t.frameCount, 1) {
            for k in frames[f].keys where moved(k, f) {
                let (a, b) = (frames[f - 1][k]!.opacity, frames[f][k]!.opacity)
                if min(a, b) >= 0.999 * (peak[k] ?? 1), jump(k, f) > hop {
                    report("opaque", "frames \(f - 1)–\(f): \(k) jumps \(jump(k, f)) px while fully shown")
                }
                if moved(k, f - 1) { report("glide", "frames \(f - 2)–\(f): \(k) moves on two frames running") }
            }
        }
        return problems.keys.sorted().flatMap { problems[$0]! }
    }

    /// The captions shown, each once for each run of frames it shows for.
    static func captions(_ t: Timeline) -> [String] {
        var out = [String]()
        for f in 0..<t.frameCount {
            let c = t.scene(at: f).caption ?? ""
            if out.last != c { out.append(c) }
        }
        return out
    }

    /// The whole check: the laws hold with reduced motion, and the steps,
    /// their captions and the captions' order are the normal run's.
    static func check(_ script: Script, _ name: String) throws {
        let p = try pair(script)
        let problems = problems(p.reduced, script: script)
        #expect(problems.isEmpty, "\(name): \(problems.joined(separator: "; "))")
        #expect(p.reduced.steps.count == p.normal.steps.count, "\(name): the step count")
        #expect(p.reduced.steps.map(\.caption) == p.normal.steps.map(\.caption), "\(name): the steps' captions")
        #expect(captions(p.reduced) == captions(p.normal), "\(name): the captions shown, in order")
        #expect(p.reduced.duration <= p.normal.duration + 1e-9, "\(name): \(p.reduced.duration) s against \(p.normal.duration) s")
    }
}

extension Placement {
    var isScreen: Bool {
        if case .screen = self { return true }
        return false
    }
}

@Suite(.tags(.sweep)) struct ReducedMotionLawTests {
    static var stage: Stage { Stage(ReducedMotion.settings) }

    static func tree(_ program: String, _ balancing: Balancing) throws -> Script {
        var options = BSTOptions()
        options.stage = stage
        options.balancing = balancing
        options.layout = .inorder
        return try BSTAnimation(program: BSTOperation.parse(program), options: options, labels: BSTBoard.labels).script
    }

    @Test func searchTreesFadeWhereTheyWouldGlide() throws {
        try ReducedMotion.check(Self.tree("insert 50 30 70 20 40 60; search 40; delete 30; min", .none), "bst")
        try ReducedMotion.check(Self.tree(AVLGoldenTests.program, .avl), "avl")
        try ReducedMotion.check(Self.tree(RedBlackGoldenTests.program, .redBlack), "rb")
    }

    @Test func aHeapFadesWhereItWouldGlide() throws {
        var options = HeapOptions()
        options.stage = Self.stage
        let script = try HeapAnimation(program: HeapOperation.parse(HeapGoldenTests.lecture), options: options, labels: BSTBoard.labels).script
        try ReducedMotion.check(script, "heap")
    }

    @Test func sortsFadeWhereTheyWouldGlide() throws {
        for algorithm in [SortAlgorithm.bubble, .quick, .merge] {
            var options = SortOptions()
            options.algorithm = algorithm
            options.stage = Self.stage
            try ReducedMotion.check(SortAnimation(values: [5, 3, 8, 1, 9, 2, 7, 4], options: options, labels: BSTBoard.labels).script, "\(algorithm)")
        }
    }

    @Test func aGraphRunFadesWhereItWouldGlide() throws {
        var options = GraphOptions()
        options.stage = Self.stage
        let g = GraphBoard.graph(seed: 7)
        let script = try GraphAnimation(graph: g, runs: [GraphRun(.dijkstra, from: "n0")], options: options, labels: BSTBoard.labels).script
        try ReducedMotion.check(script, "dijkstra")
    }

    @Test func listsAndStacksFadeWhereTheyWouldGlide() throws {
        let o = LinearGoldenTests.options()
        try ReducedMotion.check(
            ListAnimation(program: ListOperation.parse("append 3 5 8; insert-at 2 4; reverse"), options: o, labels: BSTBoard.labels).script, "list")
        try ReducedMotion.check(
            StackAnimation(program: StackOperation.parse("push 1 2 3; pop; push 4"), options: o, labels: BSTBoard.labels).script, "stack")
    }

    @Test func aBarChartRaceFadesBarsThatTradeRanks() throws {
        var options = BarChartOptions()
        options.stage = Self.stage
        options.mode = .race(top: 4)
        try ReducedMotion.check(BarChartAnimation(series: BarChartGoldenTests.series, options: options, labels: BSTBoard.labels).script, "race")
    }

    /// The laws can fail: the same runs without reduced motion break them.
    @Test func theNormalRunsBreakTheLaws() throws {
        var options = SortOptions()
        options.algorithm = .bubble
        options.stage = Self.stage
        let sort = try ReducedMotion.pair(SortAnimation(values: [5, 3, 8, 1], options: options, labels: BSTBoard.labels).script)
        let glides = ReducedMotion.problems(sort.normal, script: sort.script)
        #expect(glides.contains { $0.contains("two frames running") })
        #expect(glides.contains { $0.contains("while fully shown") })
        let avl = try ReducedMotion.pair(Self.tree(AVLGoldenTests.program, .avl))
        let flights = ReducedMotion.problems(avl.normal, script: avl.script)
        #expect(flights.contains { $0.contains("a view no step fits") })
        #expect(flights.contains { $0.contains("where its script never puts it") })
        #expect(flights.contains { $0.contains("grows or slides") })
    }
}
