import Diagram
import Geometry
import Producers
import Raster
import Trees

/// A BST animation as the tests play it: a program, a frame size and rate.
struct BSTBoard {
    let timeline: Timeline
    var frameCount: Int { timeline.frameCount }
    func scene(at i: Int) -> Scene { timeline.scene(at: i) }

    // The test machine has DejaVu (setup.sh installs it).
    static let font = try! Font.default()
    static let labels = LabelFit(font: font)

    init(
        _ ops: String, width: Int = 480, height: Int = 270, fps: Double = 10,
        _ configure: (inout FrameSettings, inout BSTOptions) -> Void = { _, _ in }
    ) throws {
        var settings = FrameSettings(width: width, height: height, fps: fps)
        var options = BSTOptions()
        configure(&settings, &options)
        options.stage = Stage(settings)
        let program = try BSTOperation.parse(ops)
        let script = try BSTAnimation(program: program, options: options, labels: Self.labels).script
        timeline = try Timeline(script: script, settings: settings, labels: BSTBoard.labels)
    }

    /// Ten keys from 1…99, drawn by the seeded generator as `--inserts 10 --seed S` does.
    static func keys(seed: UInt64, count: Int = 10) -> String {
        var rng = SeededGenerator(seed: seed)
        return "insert " + rng.distinctKeys(count: count, in: 1...99).map(String.init).joined(separator: " ")
    }

    /// A random lecture: inserts, then a mix of searches, deletes, min,
    /// max and a traversal, from `seed`.
    static func lecture(seed: UInt64) -> String {
        var rng = SeededGenerator(seed: seed)
        let keys = rng.distinctKeys(count: 9, in: 1...60)
        var ops = ["insert " + keys.map(String.init).joined(separator: " ")]
        var live = keys
        for _ in 0..<5 {
            switch Int(rng.next(upTo: 6)) {
            case 0: ops.append("search \(rng.next(in: 1...60))")
            case 1, 2:
                if let k = live.randomElement(using: &rng) {
                    ops.append("delete \(k)")
                    live.removeAll { $0 == k }
                }
            case 3: ops.append(rng.next(upTo: 2) == 0 ? "min" : "max")
            case 4: ops.append(Traversal.allCases[Int(rng.next(upTo: 4))].rawValue)
            default:
                let k = rng.next(in: 61...99)
                if !live.contains(k) {
                    ops.append("insert \(k)")
                    live.append(k)
                }
            }
        }
        return ops.joined(separator: "; ")
    }
}
