@testable import Diagram
import Foundation
import Geometry
import Production
import Raster
import Testing
import TestSupport

/// Texts never collide, a law of the stage held over every producer: at
/// the rest of every step, where nothing moves, no text a student reads
/// (a text, a badge, an edge's label, a node's label) overlaps another,
/// nor a node other than the one it is placed on, nor the caption's band,
/// nor the code panel. Each producer's defaults and seeded random
/// programs, those that show pseudocode with it too, and Prim's and
/// Dijkstra's badges on weighted graphs.
///
/// What is measured is what is drawn: each text's ink as the session's
/// font sets it (the box of its outlines, placed as the renderer anchors
/// it), with a margin of the halo it is drawn on (``FrameRenderer/haloWidth``
/// of its size on each side: the room that keeps two texts apart, so that
/// "8" beside "∞" does not read "8∞"). A node is its outline, the stroke's
/// outer edge included, a circle as a circle. Overlaps of up to a pixel are
/// let be: a text placed against a node's edge touches it by a hair when
/// rounded.
@Suite(.tags(.sweep)) struct TextOverlapLawTests {
    static let fps = 10.0
    /// How deep an overlap is let be, in pixels.
    static let slack = 1.0
    /// The margin around a text's ink, as a fraction of its size.
    static let margin = 0.12

    /// A text as drawn: what it is, its ink's box, and the node or bar it
    /// belongs to.
    struct Ink: CustomStringConvertible {
        enum Kind { case text, edgeLabel, nodeLabel }
        var kind: Kind
        var text: String
        var box: Rect
        var size: Double
        /// The node it labels or is placed beside, or the bar it is on.
        var node: Int?
        var bar: Int?
        /// Who it is, for a message: the node it is beside, the edge it
        /// labels.
        var owner: String

        var description: String {
            let at = "(at \(Int(box.minX.rounded())),\(Int(box.minY.rounded())), \(Int(box.width.rounded()))×\(Int(box.height.rounded())) px)"
            return switch kind {
            case .text: "'\(text)'" + (owner.isEmpty ? "" : " beside \(owner)") + " " + at
            case .edgeLabel: "the label '\(text)' of \(owner) " + at
            case .nodeLabel: "the node '\(text)'"
            }
        }

        /// The box with the margin that keeps texts apart.
        var room: Rect {
            let m = TextOverlapLawTests.margin * size
            return Rect(x: box.minX - m, y: box.minY - m, width: box.width + 2 * m, height: box.height + 2 * m)
        }
    }

    /// The ink of `text` at `size` in `font`, placed at `p` as `alignment`
    /// anchors it (as ``FrameRenderer`` and `Canvas.draw` place it: a
    /// centred text by its ink's centre, the others by the baseline).
    static func ink(_ text: String, at p: Point, size: Double, alignment: TextAlignment, font: Font) -> Rect? {
        if alignment == .center {
            // A centred block centres each line's ink across, and the
            // block's ink (a blank line after a line keeping that line's
            // room: a second line left for a text of its own) on `p`.
            var lines = [Rect](), block: Rect?, last: Rect?
            for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let baseline = Double(i) * Font.lineSpacing * size
                guard let ink = font.measure(String(line), size: size).inkBounds else {
                    if line.isEmpty, let last {
                        let room = Rect(x: 0, y: last.minY + baseline, width: 0, height: last.height)
                        block = block.map { $0.union(room) } ?? room
                    }
                    continue
                }
                last = ink
                let placed = Rect(x: -ink.width / 2, y: ink.minY + baseline, width: ink.width, height: ink.height)
                lines.append(placed)
                block = block.map { $0.union(placed) } ?? placed
            }
            guard let block, let first = lines.first else { return nil }
            let drawn = lines.dropFirst().reduce(first) { $0.union($1) }
            return Rect(
                x: p.x - block.center.x + drawn.minX, y: p.y - block.center.y + drawn.minY, width: drawn.width, height: drawn.height)
        }
        var block: Rect?
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let m = font.measure(String(line), size: size)
            guard let ink = m.inkBounds else { continue }
            let shift = switch alignment {
            case .left, .center: 0.0
            case .right: -m.advance
            case .baseline: -m.advance / 2
            }
            let placed = Rect(
                x: p.x + shift + ink.minX, y: p.y + Double(i) * Font.lineSpacing * size + ink.minY, width: ink.width,
                height: ink.height)
            block = block.map { $0.union(placed) } ?? placed
        }
        return block
    }

    /// Every text `scene` shows (opacity over a half), as drawn.
    static func inks(_ scene: Scene, renderer: FrameRenderer) -> [Ink] {
        var out = [Ink]()
        let names = Dictionary(scene.nodes.map { ($0.id, $0.label) }, uniquingKeysWith: { a, _ in a })
        for n in scene.nodes where n.opacity > 0.5 && n.fontSize > 0 && !n.label.isEmpty {
            if let box = ink(n.label, at: Point(n.x, n.y), size: n.fontSize, alignment: .center, font: renderer.font) {
                out.append(Ink(kind: .nodeLabel, text: n.label, box: box, size: n.fontSize, node: n.id, owner: n.label))
            }
        }
        for e in scene.edges where e.opacity > 0.5 && e.labelSize > 0 && !e.label.isEmpty {
            if let box = ink(e.label, at: e.labelPoint, size: e.labelSize, alignment: .center, font: renderer.font) {
                let owner = "\(names[e.from] ?? "?")–\(names[e.to] ?? "?")"
                out.append(Ink(kind: .edgeLabel, text: e.label, box: box, size: e.labelSize, owner: owner))
            }
        }
        for t in scene.texts where t.opacity > 0.5 && t.fontSize > 0 && !t.text.isEmpty {
            if let box = ink(t.text, at: Point(t.x, t.y), size: t.fontSize, alignment: t.alignment, font: renderer.font(t.face)) {
                out.append(
                    Ink(kind: .text, text: t.text, box: box, size: t.fontSize, node: t.node, bar: t.bar,
                        owner: t.node.flatMap { names[$0] } ?? ""))
            }
        }
        return out
    }

    /// How deep two rectangles overlap: the lesser of the overlaps across
    /// and down (≤ 0 when they do not).
    static func depth(_ a: Rect, _ b: Rect) -> Double {
        min(min(a.maxX, b.maxX) - max(a.minX, b.minX), min(a.maxY, b.maxY) - max(a.minY, b.minY))
    }

    /// How deep `box` reaches into node `n`'s outline (its stroke's outer
    /// edge), in pixels; ≤ 0 when it stays out. The outline is a rounded
    /// rectangle (a circle when square and fully rounded): the points within
    /// its corner radius of the rectangle inside its corners.
    static func depth(_ box: Rect, into n: NodeState) -> Double {
        let corner = min(n.cornerRadius, min(n.w, n.h) / 2)
        let reach = corner + n.strokeWidth / 2
        let inner = Rect(x: n.x - n.w / 2 + corner, y: n.y - n.h / 2 + corner, width: n.w - 2 * corner, height: n.h - 2 * corner)
        let dx = max(0, inner.minX - box.maxX, box.minX - inner.maxX)
        let dy = max(0, inner.minY - box.maxY, box.minY - inner.maxY)
        return reach - (dx * dx + dy * dy).squareRoot()
    }

    /// The collisions of `scene`, each said once.
    static func collisions(_ scene: Scene, renderer: FrameRenderer) -> [String] {
        var out = [String]()
        let inks = Self.inks(scene, renderer: renderer)
        // Text against text.
        for i in inks.indices {
            for j in inks.indices where j > i {
                let (a, b) = (inks[i], inks[j])
                // Two texts on one bar (its label and its value) are set
                // apart by the bar's own layout, which the bar law holds.
                if let x = a.bar, x == b.bar { continue }
                if depth(a.room, b.room) > slack { out.append("\(a) overlaps \(b)") }
            }
        }
        // Text against a node: a node's label is drawn in its node, and a
        // text placed on a node (a badge beside it, a count inside it) is
        // placed by it, against its outline or in it on purpose; every
        // other node is in the way.
        for n in scene.nodes where n.opacity > 0.5 && n.w > 0 && n.h > 0 {
            for t in inks where t.node != n.id && depth(t.box, into: n) > slack {
                // A node drawn over another (a value in its array slot, a
                // key in a B-tree's cell) is laid on it on purpose: its
                // label is in the other's box by design, and nodes that
                // overlap are the node laws' matter, not this one's.
                if t.kind == .nodeLabel, let own = scene.nodes.first(where: { $0.id == t.node }),
                    depth(Rect(x: own.x - own.w / 2, y: own.y - own.h / 2, width: own.w, height: own.h),
                          Rect(x: n.x - n.w / 2, y: n.y - n.h / 2, width: n.w, height: n.h)) > slack
                {
                    continue
                }
                out.append("\(t) overlaps the node '\(n.label)'")
            }
        }
        // Text against the caption's band, the strip across the top the
        // caption is set in, down to its descent: captions change from
        // step to step, and a text clear of a short one is under a long one.
        if let caption = scene.caption, !caption.isEmpty {
            let style = scene.captionStyle
            let metrics = renderer.font.measure(caption, size: style.fontSize)
            let band = Rect(x: 0, y: 0, width: Double(scene.width), height: style.baseline + metrics.descent)
            for t in inks where depth(t.box, band) > slack { out.append("\(t) is in the caption's band") }
        }
        if let code = scene.code {
            for t in inks where depth(t.box, code.frame) > slack { out.append("\(t) is under the code panel") }
        }
        return out
    }

    /// The frames of `span` at rest: its last, and the one that shows its
    /// conclusion (``StepSpan/restFrame``, where a deck pauses), each when
    /// nothing moves there (it draws what the frame before drew; a step's
    /// first frame counts as still).
    static func restFrames(_ span: StepSpan, in timeline: Timeline) -> [Int] {
        Set([span.restFrame, span.frames.upperBound - 1]).sorted().filter { f in
            f <= span.frames.lowerBound || timeline.scene(at: f).drawsSame(as: timeline.scene(at: f - 1))
        }
    }

    /// Every collision at the rest of every step, each with the first step
    /// it is seen at and how many steps show it; and how many frames and
    /// texts were looked at.
    static func collisions(_ timeline: Timeline, renderer: FrameRenderer) -> (found: [String], frames: Int, texts: Int) {
        var texts = 0
        let (found, frames) = atRest(timeline) { scene in
            texts += inks(scene, renderer: renderer).count
            return collisions(scene, renderer: renderer)
        }
        return (found, frames, texts)
    }

    /// What `check` finds in the frames at rest of every step of
    /// `timeline`, each said once with the first step it is seen at and how
    /// many steps show it; and how many frames were looked at.
    static func atRest(_ timeline: Timeline, _ check: (Scene) -> [String]) -> (found: [String], frames: Int) {
        var seen = [String: (first: Int, steps: Int)]()
        var order = [String]()
        var frames = 0
        for (i, span) in timeline.steps.enumerated() {
            let rests = Self.restFrames(span, in: timeline)
            frames += rests.count
            for c in Set(rests.flatMap { check(timeline.scene(at: $0)) }) {
                if let s = seen[c] {
                    seen[c] = (s.first, s.steps + 1)
                } else {
                    seen[c] = (i, 1)
                    order.append(c)
                }
            }
        }
        return (order.map { c in "step \(seen[c]!.first) (\(seen[c]!.steps) steps): \(c)" }, frames)
    }

    /// CLRS figure 23.4, Prim's and Kruskal's example: nine nodes, weights
    /// from 1 to 14.
    static let clrs234: String = {
        let path = (try? TestFolders.make("text-overlap")).map { $0 + "/clrs-23-4.dot" } ?? "/nonexistent"
        try? Data(
            """
            graph G {
              a -- b [label=4]; a -- h [label=8]; b -- c [label=8]; b -- h [label=11]; c -- d [label=7];
              c -- f [label=4]; c -- i [label=2]; d -- e [label=9]; d -- f [label=14]; e -- f [label=10];
              f -- g [label=2]; g -- h [label=1]; g -- i [label=6]; h -- i [label=7];
            }
            """.utf8
        ).write(to: URL(fileURLWithPath: path))
        return path
    }()

    /// The runs: every producer's, those with pseudocode also with the
    /// panel, and the weighted graphs' badges.
    static let runs: [RegistryRun] = {
        let all = RegistryRun.all(programs: 2)
        let coded = RegistryRun.defaults(seeds: 1...1).filter { run in
            ProducerRegistry.named(run.producer)?.optionKeys.contains { $0.name == "code" } == true
        }.map { run in
            var run = run
            run.keys["code"] = "true"
            return run
        }
        let weighted = [
            RegistryRun(producer: "graph", keys: ["file": clrs234, "ops": "prim a; dijkstra a"]),
            RegistryRun(producer: "graph", keys: ["file": "roads.dot", "ops": "prim A"]),
        ]
        return all + coded + weighted
    }()

    @Test(arguments: runs)
    func noTextOverlapsAnotherTextOrANodeAtRest(_ run: RegistryRun) throws {
        var options = RenderOptions()
        options.fps = Self.fps
        let session = RenderSession(options: options, log: .silent)
        let font = try session.font()
        let timeline = try session.compile(try run.script(in: session), settings: options.settings, font: font)
        // Sizes are 720p pixels.
        try #require(timeline.height == 720)
        let (found, frames, texts) = Self.collisions(timeline, renderer: session.renderer(font: font))
        // Something was looked at: a frame of every step, and texts.
        #expect(frames >= timeline.steps.count * 9 / 10 && texts > 0, "\(frames) frames at rest of \(timeline.steps.count) steps, \(texts) texts")
        #expect(found.isEmpty, "\(found.count) collisions: \(found.prefix(6).joined(separator: "; "))")
    }

    /// The law sees what it looks for: a badge on a weight, a text over
    /// another node, a text in the caption's band; and lets a badge beside
    /// its own node be.
    @Test func theLawSeesACollision() throws {
        let font = try Font.default()
        let renderer = FrameRenderer(font: font)
        let node = NodeState(
            id: 0, key: nil, label: "h", x: 300, y: 300, shape: .circle, w: 40, h: 40, cornerRadius: 20, role: "normal",
            opacity: 1, fill: .white, stroke: .black, strokeWidth: 2, labelColor: .black, fontSize: 20)
        var other = node
        (other.id, other.label, other.x) = (1, "i", 400)
        var edge = EdgeState(
            from: 0, to: 1, kind: "graph", points: [Point(320, 300), Point(380, 300)], width: 2, color: .black, opacity: 1)
        (edge.label, edge.labelPoint, edge.labelSize) = ("8", Point(350, 290), 17)
        let badge = TextState(
            text: "8", x: 322, y: 282, fontSize: 17, alignment: .left, color: .black, opacity: 1, fading: nil, node: 0)
        func scene(_ texts: [TextState]) -> Scene {
            Scene(
                frame: 0, time: 0, step: 0, width: 1280, height: 720, background: .white, caption: "Prim",
                captionStyle: CaptionStyle(x: 20, baseline: 40, fontSize: 24, color: .black), edges: [edge],
                nodes: [node, other], texts: texts)
        }
        // Beside its node, clear of the weight: nothing.
        var clear = badge
        clear.x = 280 - 12
        clear.alignment = .right
        #expect(Self.collisions(scene([clear]), renderer: renderer).isEmpty)
        // On the weight.
        var onWeight = badge
        onWeight.x = 343
        #expect(Self.collisions(scene([onWeight]), renderer: renderer).contains { $0.contains("the label '8' of h–i") })
        // On the other node.
        var onNode = badge
        onNode.x = 392
        #expect(Self.collisions(scene([onNode]), renderer: renderer).contains { $0.contains("overlaps the node 'i'") })
        // In the caption's band.
        var high = badge
        high.y = 30
        #expect(Self.collisions(scene([high]), renderer: renderer).contains { $0.contains("caption's band") })
    }
}
