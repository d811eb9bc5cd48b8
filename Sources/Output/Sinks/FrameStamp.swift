import Diagram
import Foundation
import Geometry
import PNG
import Raster
import Synchronization

/// What each PNG frame says of the animation it belongs to, in a tEXt chunk
/// `treeanim`: a fingerprint of everything that decides the frames, the
/// frame's index and the animation's frame count. Frames of one animation
/// rendered in parts (`--frame-range`) agree; frames of two animations in
/// one folder are told apart, so they are never stitched together.
///
///     fingerprint=3f2a9c0b11d4e8a7 frame=42 frames=629
public struct FrameStamp: Sendable, Equatable {
    /// 16 hexadecimal digits.
    public let fingerprint: String
    public let frameCount: Int

    public init(fingerprint: String, frameCount: Int) {
        self.fingerprint = fingerprint
        self.frameCount = frameCount
    }

    /// The stamp of `source`'s frames drawn with `font`: a 64-bit FNV-1a
    /// hash of the frame format, the frame and step counts, the font file
    /// (path and size), and the scene dumps of frames spread over the
    /// animation (what lies on the frame, ``shown(_:)``; of a scene of more
    /// than ``edgeBudget`` edges, with every k-th edge), first and last
    /// included: 25 of them, or as many as keep the elements of the
    /// scenes made (on the frame or not: what a scene costs to make) under
    /// ``elementBudget`` (at least 3: the first, the middle and the last)
    /// where a scene is large (a graph of 10,000 nodes and 20,000 edges
    /// dumps 3, in about 1.5 s instead of 12 s).
    /// Scenes are a pure function of the script and settings, so two runs
    /// of one command agree, and two animations that differ anywhere
    /// visible differ in some of them or in their length.
    public init(source: any FrameSource, font: Font) {
        var hash = FNV1a()
        hash.add("treeanim frames 1 \(source.width)x\(source.height) \(source.fps) \(source.transparent)")
        hash.add("\(source.frameCount) frames \(source.steps.count) steps")
        var info = stat()
        let fontSize = stat(font.path, &info) == 0 ? Int(info.st_size) : -1
        hash.add("font \(font.path) \(fontSize)")
        let last = source.frameCount - 1
        // Dumped a few at a time on every core, and hashed in order.
        var dumps = [Int: (bytes: [UInt8], elements: Int)]()
        let dump = { (frames: [Int]) in
            let width = max(1, ProcessInfo.processInfo.activeProcessorCount)
            for start in stride(from: 0, to: frames.count, by: width) {
                let chunk = Array(frames[start..<min(start + width, frames.count)])
                let made = Mutex([(bytes: [UInt8], elements: Int)](repeating: ([], 0), count: chunk.count))
                DispatchQueue.concurrentPerform(iterations: chunk.count) { k in
                    let whole = source.fingerprintScene(at: chunk[k])
                    // What making a scene costs: its elements, on the frame or not.
                    let elements = whole.nodes.count + whole.edges.count + whole.texts.count + whole.bars.count + whole.marks.count
                    var scene = Self.shown(whole)
                    // At most ``edgeBudget`` edges of a scene, every k-th, in order.
                    if scene.edges.count > Self.edgeBudget {
                        let every = (scene.edges.count + Self.edgeBudget - 1) / Self.edgeBudget
                        scene.edges = stride(from: 0, to: scene.edges.count, by: every).map { scene.edges[$0] }
                    }
                    let bytes = SceneDump.bytes(for: scene)
                    made.withLock { $0[k] = (bytes, elements) }
                }
                for (k, frame) in chunk.enumerated() { dumps[frame] = made.withLock { $0[k] } }
            }
        }
        dump(Array(Set([0, last])).sorted())
        let largest = max(1, dumps.values.map(\.elements).max() ?? 1)
        let count = min(25, max(3, Self.elementBudget / largest))
        let samples = Set((0..<count).map { last * $0 / (count - 1) }).sorted()
        dump(samples.filter { dumps[$0] == nil })
        for frame in samples { hash.add(dumps[frame]?.bytes ?? []) }
        fingerprint = hash.hex
        frameCount = source.frameCount
    }

    /// `scene` without the nodes and edges that lie wholly off the frame
    /// (an edge with its label, which reaches at most its length in
    /// characters at its size from its middle): they show nowhere in it,
    /// so they cannot tell two animations apart there, and a camera close
    /// on a large graph leaves most of them out.
    static func shown(_ scene: Scene) -> Scene {
        var scene = scene
        let frame = Rect(x: 0, y: 0, width: Double(scene.width), height: Double(scene.height))
        scene.nodes.removeAll { n in
            let reach = n.strokeWidth + n.fontSize * Double(n.label.count)
            return !frame.intersects(Rect(x: n.x - n.w / 2 - reach, y: n.y - n.h / 2 - reach, width: n.w + 2 * reach, height: n.h + 2 * reach))
        }
        scene.edges.removeAll { e in
            guard let first = e.points.first else { return true }
            var (lo, hi) = (first, first)
            for p in e.points {
                (lo.x, lo.y, hi.x, hi.y) = (min(lo.x, p.x), min(lo.y, p.y), max(hi.x, p.x), max(hi.y, p.y))
            }
            let reach = e.width + e.arrowLength + e.labelSize * Double(e.label.count + (e.labelFading?.text.count ?? 0))
            return !frame.intersects(Rect(x: lo.x - reach, y: lo.y - reach, width: hi.x - lo.x + 2 * reach, height: hi.y - lo.y + 2 * reach))
        }
        return scene
    }

    /// The most elements (nodes, edges, texts, bars, rings) the stamp
    /// dumps in all, about, where its scenes are large.
    static let elementBudget = 100_000
    /// The most edges of one scene the stamp dumps: past it, every k-th
    /// (a graph of 100,000 edges dumps 20,000 of them).
    static let edgeBudget = 20_000

    /// The chunk frame `index` carries.
    func text(frame index: Int) -> PNGText {
        PNGText(keyword: Self.keyword, text: "fingerprint=\(fingerprint) frame=\(index) frames=\(frameCount)")
    }

    /// The stamp of the PNG file at `path`, if it has one.
    public static func read(atPath path: String) -> (stamp: FrameStamp, frame: Int)? {
        guard let text = PNGFile.text(atPath: path)[keyword] else { return nil }
        var fields = [String: String]()
        for pair in text.split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = String(parts[1]) }
        }
        guard let fingerprint = fields["fingerprint"], let frame = fields["frame"].flatMap({ Int($0) }),
            let frames = fields["frames"].flatMap({ Int($0) })
        else { return nil }
        return (FrameStamp(fingerprint: fingerprint, frameCount: frames), frame)
    }

    static let keyword = "treeanim"
}

/// The 64-bit FNV-1a hash: small, fixed by its definition, the same on
/// every machine and run (unlike Swift's seeded `Hasher`).
struct FNV1a {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ text: String) { add(Array(text.utf8)) }

    mutating func add(_ bytes: [UInt8]) {
        for byte in bytes {
            state ^= UInt64(byte)
            state = state &* 0x0000_0100_0000_01B3
        }
        // A separator, so "ab"+"c" and "a"+"bc" differ.
        state ^= 0xFF
        state = state &* 0x0000_0100_0000_01B3
    }

    var hex: String {
        let digits = String(state, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
