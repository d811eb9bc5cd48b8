@testable import Diagram
import Foundation
import Geometry
import Raster

/// A small animation for the sinks: three labelled nodes (two circles and a
/// box) gliding on sine paths, an edge between two of them, a ring, a bar,
/// a text and a caption, so every kind of element reaches the renderer and
/// the dump.
struct MovingCircles: FrameSource {
    var width = 96
    var height = 64
    var fps = 10.0
    var frameCount = 12
    var transparent = false
    /// Frames that hold the picture of the frame before them still.
    var still: Set<Int> = []

    var steps: [StepSpan] {
        [StepSpan(caption: "glide", note: nil, start: 0, end: Double(frameCount) / fps, frames: 0..<frameCount)]
    }

    func scene(at index: Int) -> Scene {
        var frame = index
        while still.contains(frame) && frame > 0 { frame -= 1 }
        let t = Double(frame) / fps
        let ink = Color(hex: 0x212529)
        let nodes = (0..<3).map { k in
            let x = 18 + 30 * Double(k) + 8 * sin(t * 2 + Double(k))
            let y = 36 + 12 * cos(t * 3 + Double(k))
            let isBox = k == 2
            return NodeState(
                id: k, key: isBox ? nil : 10 * (k + 1), label: isBox ? "box" : String(10 * (k + 1)), x: x, y: y,
                shape: isBox ? .rect : .circle, w: isBox ? 26 : 18, h: 18, cornerRadius: isBox ? 4 : 9,
                role: isBox ? "new" : "normal", opacity: 1, fill: Color(hex: 0xF1F3F5), stroke: ink, strokeWidth: 1.5,
                labelColor: ink, fontSize: 8)
        }
        let edge = EdgeState(
            from: 0, to: 1, kind: "tree", points: [Point(nodes[0].x, nodes[0].y), Point(nodes[1].x, nodes[1].y)],
            width: 2, color: Color(hex: 0x495057), opacity: 1)
        let ring = MarkState(
            x: nodes[1].x, y: nodes[1].y, radius: 12, w: 24, h: 24, cornerRadius: 12, width: 2,
            color: Color(hex: 0xE8590C), opacity: 1)
        let bar = BarState(
            id: 3, label: "n", value: Double(frame), x: 88, y: 60 - Double(frame), w: 6, h: Double(frame) + 1,
            fill: Color(hex: 0x495057), opacity: 1)
        let text = TextState(
            text: "t=\(frame)", x: 60, y: 10, fontSize: 8, alignment: .left, color: ink, opacity: 1)
        return Scene(
            frame: index, time: Double(index) / fps, step: 0, width: width, height: height,
            background: transparent ? .clear : .white, caption: "glide",
            captionStyle: CaptionStyle(x: 4, baseline: 12, fontSize: 9, color: ink),
            edges: [edge], nodes: nodes, marks: [ring], bars: [bar], texts: [text])
    }
}
