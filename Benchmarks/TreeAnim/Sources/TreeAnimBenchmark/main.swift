import Foundation
import PNG
import Raster
import Diagram
import Producers
import Trees

// The keys of `treeanim --inserts 10 --seed 1`.
var rng = SeededGenerator(seed: 1)
let keys = rng.distinctKeys(count: 10, in: 1...99)
let font = try Font.default()
let script = try BSTAnimation(inserting: keys, options: BSTOptions(), labels: LabelFit(font: font)).script
let board = try Timeline(script: script, settings: FrameSettings(), labels: LabelFit(font: font))
let renderer = FrameRenderer(font: font)
var canvas = Canvas(width: 1280, height: 720)

func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

func measure(_ label: String, rounds: Int, _ body: () throws -> Void) rethrows -> Double {
    try body()  // warm caches (glyph outlines, buffers)
    var best = Double.infinity
    for _ in 0..<rounds {
        let start = ContinuousClock.now
        try body()
        best = min(best, seconds(start.duration(to: .now)))
    }
    return best
}

let frames = board.frameCount
let draw = measure("draw", rounds: 5) {
    for i in 0..<frames { renderer.render(board.scene(at: i), into: &canvas) }
}
var nodesSeen = 0
let sceneOnly = measure("scene", rounds: 5) {
    for i in 0..<frames { nodesSeen &+= board.scene(at: i).nodes.count }
}
var pngBytes = 0
var pngTotal = 0.0
for i in 0..<frames {
    renderer.render(board.scene(at: i), into: &canvas)
    let start = ContinuousClock.now
    let data = try PNGFile.encode(premultipliedRGBA: canvas.pixels, width: 1280, height: 720)
    pngTotal += seconds(start.duration(to: .now))
    pngBytes += data.count
}
print("keys: \(keys.map(String.init).joined(separator: ","))")
print("frames: \(frames) at 1280x720, 30 fps")
print(String(format: "draw (scene + raster), one core: %.3f ms/frame", draw / Double(frames) * 1000))
print(String(format: "scene only, one core: %.3f ms/frame", sceneOnly / Double(frames) * 1000))
print(String(format: "PNG encode (default options), one core: %.3f ms/frame, %.1f kB/frame",
             pngTotal / Double(frames) * 1000, Double(pngBytes) / Double(frames) / 1000))
