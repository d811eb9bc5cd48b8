import Diagram
import Production
import Testing
import TestSupport

/// Nothing a student must read is under 20 px on a 720p frame, for the
/// ten-key examples of the trees, the heap and the array stack and queue
/// (issue 52, item 5): the keys in the nodes, the key riding beside the
/// ring as it is inserted, an AVL tree's balance factors, the square of
/// the empty place a red-black delete leaves carrying an extra black, the
/// indices under a heap's array and a stack's or queue's slots. Every frame where nothing moves (it draws what
/// the frame before drew) is read: a step's rest, and each pause within
/// it, as the riding key's beside each node it is compared with.
@Suite(.tags(.sweep)) struct TextSizeFloorTests {
    static let floor = 20.0
    static let fps = 10.0

    /// Ten random keys, three seeds, for each tree, the heap and the
    /// array stack and queue (their indices); and CLRS's red-black example
    /// with a delete that leaves the extra black on an empty place (1) and
    /// on a node (8).
    static let runs: [RegistryRun] = ["bst", "avl", "rb", "heap", "stack", "queue"].flatMap { producer in
        (1...3).map { RegistryRun(producer: producer, keys: ["inserts": "10", "seed": "\($0)"]) }
    } + ["1", "8"].map { key in
        RegistryRun(producer: "rb", keys: ["ops": "insert 11 2 14 1 7 15 5 8 4 9; delete \(key)"])
    } + ["list", "hash", "btree", "trie", "sort"].map { RegistryRun(producer: $0, keys: ["seed": "1"]) }
        + RegistryRun.files.sorted { $0.key < $1.key }.map { RegistryRun(producer: $0.key, keys: $0.value) }

    /// What shows under the floor in the frames of `timeline` where nothing
    /// moves, each said once with the first frame it is seen at, the
    /// smallest first; and how many such frames there are.
    static func small(_ timeline: Timeline) -> (found: [String], still: Int) {
        var found = [String: (frame: Int, size: Double)](), still = 0
        var previous: Scene?
        for f in 0..<timeline.frameCount {
            let scene = timeline.scene(at: f)
            defer { previous = scene }
            guard let previous, scene.drawsSame(as: previous) else { continue }
            still += 1
            func note(_ size: Double, _ what: String) {
                if size < floor - 1e-9, found[what] == nil { found[what] = (f, size) }
            }
            for n in scene.nodes where n.opacity > 0.5 {
                if !n.label.isEmpty {
                    note(n.fontSize, "the label '\(n.label)' (\(n.role)) at \(Int(n.fontSize)) px")
                } else if n.name.hasPrefix("nil:") {
                    // An empty place: a black square, read as what it is.
                    note(min(n.w, n.h), "the empty place's square at \(Int(min(n.w, n.h))) px")
                }
            }
            for t in scene.texts where t.opacity > 0.5 && !t.text.isEmpty {
                note(t.fontSize, "the text '\(t.text)' at \(Int(t.fontSize)) px")
            }
            for e in scene.edges where e.opacity > 0.5 && !e.label.isEmpty {
                note(e.labelSize, "the edge label '\(e.label)' at \(Int(e.labelSize)) px")
            }
        }
        // The smallest first.
        let sorted = found.sorted { ($0.value.size, $0.value.frame, $0.key) < ($1.value.size, $1.value.frame, $1.key) }
        return (sorted.map { "frame \($0.value.frame): \($0.key)" }, still)
    }

    @Test(arguments: runs)
    func nothingAStudentReadsIsUnderTwentyPixels(_ run: RegistryRun) throws {
        var options = RenderOptions()
        options.fps = Self.fps
        let session = RenderSession(options: options, log: .silent)
        let timeline = try session.compile(try run.script(in: session), settings: options.settings, font: try session.font())
        try #require(timeline.height == 720)
        let (found, still) = Self.small(timeline)
        #expect(still > timeline.steps.count, "\(still) still frames in \(timeline.steps.count) steps")
        #expect(found.isEmpty, "\(found.count) under \(Int(Self.floor)) px: \(found.prefix(6).joined(separator: "; "))")
    }

    /// The examples show what the floor is about: a riding key, balance
    /// factors, an extra black's empty place.
    @Test func theExamplesShowWhatTheFloorIsAbout() throws {
        var seen = Set<String>()
        for run in Self.runs {
            var options = RenderOptions()
            options.fps = Self.fps
            let session = RenderSession(options: options, log: .silent)
            let timeline = try session.compile(try run.script(in: session), settings: options.settings, font: try session.font())
            for f in stride(from: 0, to: timeline.frameCount, by: 2) {
                let scene = timeline.scene(at: f)
                if scene.nodes.contains(where: { $0.opacity > 0.5 && !$0.label.isEmpty && $0.w < scene.nodes.map(\.w).max()! * 0.8 }) {
                    seen.insert("riding key")
                }
                if scene.nodes.contains(where: { $0.name.hasPrefix("nil:") && $0.opacity > 0.5 }) { seen.insert("empty place") }
                if run.producer == "avl", scene.texts.contains(where: { $0.node != nil && $0.opacity > 0.5 }) { seen.insert("balance factor") }
            }
        }
        #expect(seen == ["riding key", "empty place", "balance factor"])
    }
}
