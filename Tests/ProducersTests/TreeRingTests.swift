import Diagram
import Foundation
import Producers
import Testing
import TreeFiles
import Trees

/// `--highlight` and `--tour` on a user's tree: one ring that stays, one
/// that slides from node to node and rests on each, captioned on arrival.
@Suite struct TreeRingTests {
    static let family = "爷爷\n  大爷\n    大侄子\n    二侄子\n  爸爸\n    大儿子\n    小儿子\n"

    /// The timeline of `text` (outline), with nodes named by path.
    static func timeline(
        _ text: String, highlight: String? = nil, tour: [String] = [], wrap: Int? = nil,
        _ configure: (inout TreeOptions) -> Void = { _ in }
    ) throws -> (Timeline, keys: (String) throws -> String) {
        let versions = try TreeFile.read(text, name: "t.txt")
        let last = versions[versions.count - 1]
        let keys = TreeFile.items(last).preorder.map(\.key)
        let key = { (path: String) throws -> String in keys[try TreeFile.find(path, in: last)] }
        var options = TreeOptions()
        options.stage = Stage(FrameSettings(width: 480, height: 270))
        options.wrap = wrap
        options.highlight = try highlight.map(key)
        options.tour = try tour.map(key)
        configure(&options)
        let script = TreeAnimation(
            versions: versions.map(TreeFile.items), options: options, labels: LabelFit(font: BSTBoard.font)
        ).script
        return (try Timeline(script: script, settings: FrameSettings(width: 480, height: 270, fps: 30), labels: BSTBoard.labels), key)
    }

    static func node(_ scene: Scene, _ label: String) -> NodeState? { scene.nodes.first { $0.label == label } }

    static func isOn(_ mark: MarkState, _ node: NodeState) -> Bool {
        abs(mark.x - node.x) < 0.01 && abs(mark.y - node.y) < 0.01 && mark.w > node.w && mark.h > node.h
    }

    @Test func theTourRestsOnEachStopCaptionedOnArrival() throws {
        let stops = ["大侄子", "爸爸", "小儿子", "爷爷"]
        let (timeline, _) = try Self.timeline(Self.family, tour: stops)
        let fps = 30.0
        var previous: String?
        for stop in stops {
            let step = try #require(timeline.steps.first { $0.caption == stop })
            let scenes = step.frames.map(timeline.scene(at:))
            // Frames where the ring is on the stop: at least half a second
            // of rest, with the stop's caption on all of them.
            let resting = scenes.filter { s in s.marks.count == 1 && Self.node(s, stop).map { Self.isOn(s.marks[0], $0) } == true }
            #expect(Double(resting.count) >= 0.5 * fps, "\(stop): \(resting.count) frames")
            #expect(resting.allSatisfy { $0.caption == stop })
            // While it travels, the caption is the stop it left until the
            // ring is all but there.
            let xs = scenes.map { $0.marks[0].x }, ys = scenes.map { $0.marks[0].y }
            let total = hypot(xs.last! - xs.first!, ys.last! - ys.first!)
            for (i, s) in scenes.enumerated() where s.caption != stop {
                #expect(s.caption == previous)
                #expect(hypot(xs.last! - xs[i], ys.last! - ys[i]) > 0.02 * total)
            }
            for (i, s) in scenes.enumerated() where s.caption == stop && previous != nil {
                #expect(hypot(xs.last! - xs[i], ys.last! - ys[i]) < 0.05 * total)
            }
            #expect(scenes.last.map { s in Self.isOn(s.marks[0], Self.node(s, stop)!) } == true)
            previous = stop
        }
    }

    @Test func theTourSlidesNoJumpBetweenFrames() throws {
        let (timeline, _) = try Self.timeline(Self.family, tour: ["大侄子", "小儿子"])
        let frames = timeline.steps.first { $0.caption == "小儿子" }!.frames
        let xs = frames.map { timeline.scene(at: $0).marks[0].x }
        let far = abs(xs.last! - xs.first!)
        #expect(far > 100)
        // No frame moves the ring more than a sixth of the way.
        #expect(zip(xs, xs.dropFirst()).allSatisfy { abs($1 - $0) < far / 6 })
        let middle = xs[xs.count / 3]
        #expect(min(xs.first!, xs.last!) < middle && middle < max(xs.first!, xs.last!))
    }

    @Test func theHighlightStaysToTheEndAndTheTourNestsAroundIt() throws {
        let (timeline, _) = try Self.timeline(Self.family, highlight: "爷爷/爸爸", tour: ["大爷", "爸爸"])
        let highlight = try #require(timeline.steps.first { $0.caption == "爸爸" })
        #expect(timeline.scene(at: highlight.frames.lowerBound).marks.count <= 1)
        let last = timeline.scene(at: timeline.frameCount - 1)
        let father = try #require(Self.node(last, "爸爸"))
        #expect(last.marks.count == 2)
        #expect(last.marks.allSatisfy { Self.isOn($0, father) })
        // The tour's ring stands further off: the two nest, not overlap.
        #expect(last.marks[1].w > last.marks[0].w + 4 && last.marks[1].h > last.marks[0].h + 4)
        #expect(last.caption == nil)
        // Before the highlight, no ring.
        #expect(timeline.scene(at: highlight.frames.lowerBound - 1).marks.isEmpty)
    }

    @Test func ringsComeOnTheLastVersionAfterEveryVersion() throws {
        let text = "a\n  b\n---\na\n  b\n  c\n"
        let (timeline, _) = try Self.timeline(text, highlight: "a/c")
        let captions = timeline.steps.map(\.caption)
        #expect(captions == ["the root", "depth 1: 1 node", "version 2 of 2", "c", nil])
    }

    @Test func wrappedLabelsAreBoxesOfSeveralLinesAndCaptionsKeepTheLabelWhole() throws {
        let text = "Data structures for the impatient\n  Search trees and balance\n  Heaps\n"
        let (timeline, _) = try Self.timeline(text, tour: ["Search trees and balance"], wrap: 12)
        let last = timeline.scene(at: timeline.frameCount - 1)
        let wrapped = try #require(Self.node(last, "Search trees\nand balance"))
        let heaps = try #require(Self.node(last, "Heaps"))
        #expect(wrapped.shape == .rect && wrapped.h > heaps.h * 1.5)
        #expect(Self.node(last, "Data structures\nfor the\nimpatient") == nil)
        #expect(Self.node(last, "Data\nstructures\nfor the\nimpatient") != nil)
        #expect(timeline.steps.contains { $0.caption == "Search trees and balance" })
    }
}
