import Diagram
import Foundation
import Producers
import Raster
import TestSupport
import Testing
import Trees

/// A tree too large to label legibly in one frame is toured depth by depth
/// (as the corpus's 252-node d3 flare, which was a strip 94 px wide):
/// every label reads at 14 px or more at 720p in some frame, and no
/// visible node moves more than 6% of the diagonal a frame at 30 fps.
@Suite struct TreeTourTests {
    /// A root with `width` children, each with `width` leaves.
    static func bushy(_ width: Int) -> Tree<TreeItem> {
        Tree(
            TreeItem(key: "root", label: "root"),
            children: (0..<width).map { i in
                Tree(
                    TreeItem(key: "c\(i)", label: "chapter \(i)"),
                    children: (0..<width).map { j in Tree(TreeItem(key: "c\(i).\(j)", label: "section \(i).\(j)")) })
            })
    }

    @Test func aLargeTreeIsToured() throws {
        var options = TreeOptions()
        options.stage = Stage(FrameSettings(width: 1280, height: 720))
        let script = TreeAnimation(versions: [Self.bushy(12)], options: options, labels: BSTBoard.labels).script
        #expect(script.notes.count == 1 && script.notes[0].hasPrefix("157 nodes are too many to label legibly"), "\(script.notes)")
        let timeline = try Timeline(script: script, settings: FrameSettings(width: 1280, height: 720, fps: 30), labels: BSTBoard.labels)
        let sight = NodeSight(timeline)
        let (largest, fastest) = (sight.largest, sight.fastest)
        #expect(largest.count == 157)
        #expect(largest.values.allSatisfy { $0 >= 14 }, "\(largest.values.sorted().prefix(3))")
        #expect(fastest <= 0.06, "a node moved \(fastest * 100)% of the diagonal in a frame")
    }

    /// The golden: a subtree visit of the 157-node tree at 640×360, its
    /// run of sections legible and the map of the whole in the corner.
    @Test(.tags(.golden)) func aSubtreeVisitOfALargeTreeMatchesItsGolden() throws {
        var options = TreeOptions()
        let settings = FrameSettings(width: 640, height: 360, fps: 30)
        options.stage = Stage(settings)
        let script = TreeAnimation(versions: [Self.bushy(12)], options: options, labels: BSTBoard.labels).script
        let timeline = try Timeline(script: script, settings: settings, labels: BSTBoard.labels)
        let captions = (0..<timeline.frameCount).map { timeline.scene(at: $0).caption ?? "" }
        let run = try #require(captions.first { $0.hasPrefix("depth 2: 144 nodes, 3 of ") })
        let end = try #require(captions.lastIndex(of: run))
        let scene = timeline.scene(at: end)
        #expect(scene.inset?.opacity == 1)
        #expect(scene.nodes.filter { $0.x > 0 && $0.x < 640 && $0.y > 0 && $0.y < 360 && $0.label.hasPrefix("section") }.allSatisfy { $0.fontSize >= 0.98 * 7 })
        var canvas = Canvas(width: 640, height: 360)
        FrameRenderer(font: BSTBoard.font).render(scene, into: &canvas)
        assertFrame(canvas, matches: "tree-subtree-visit")
    }

    /// `--fit all`: the tree shown whole, depth by depth as a small one is,
    /// and one warning that says how small its labels come out.
    @Test func aTreeFittedWholeIsNotTouredAndWarns() {
        var options = TreeOptions()
        options.stage = Stage(FrameSettings(width: 1280, height: 720))
        options.stage.fitsAll = true
        let script = TreeAnimation(versions: [Self.bushy(12)], options: options, labels: BSTBoard.labels).script
        #expect(script.notes.count == 1 && script.notes[0].hasPrefix("--fit all: 157 nodes cannot be read in one 1280×720 frame: text comes out at "), "\(script.notes)")
        #expect(!script.steps.contains { $0.caption?.hasPrefix("the whole tree") == true })
        #expect(script.steps.filter { $0.caption?.hasPrefix("depth") == true }.count == 2)
    }

    /// Asked to tour every node (`--full-tour`), a tree whose tour would
    /// pass an hour is not toured: it is shown depth by depth whole, and
    /// the note names what summarises it.
    @Test func aTourOfOverAnHourIsNotPlayed() {
        var options = TreeOptions()
        options.stage = Stage(FrameSettings(width: 1280, height: 720))
        options.summarise = false
        let script = TreeAnimation(versions: [Self.bushy(150)], options: options, labels: BSTBoard.labels).script
        #expect(script.notes.count == 1 && script.notes[0].hasPrefix("22651 nodes would take ") && script.notes[0].contains("--max-children N"), "\(script.notes)")
        #expect(script.overview == nil)
        #expect(script.steps.filter { $0.caption?.hasPrefix("depth") == true }.count == 2)
    }

    /// By default a tree too large to tour in 3 minutes tours a summary:
    /// the depths nearest the root that fit, the rest folded into "+K more"
    /// leaves, said in a note; it plays in at most 3 minutes, and its last
    /// frame is a window on the root whose labels read.
    @Test(arguments: [150, 40])
    func aTreeTooLargeToTourInThreeMinutesToursASummary(children: Int) throws {
        var options = TreeOptions()
        options.stage = Stage(FrameSettings(width: 1280, height: 720))
        let tree = Self.bushy(children)
        let script = TreeAnimation(versions: [tree], options: options, labels: BSTBoard.labels).script
        let note = try #require(script.notes.first { $0.contains("would take over 3 minutes to tour legibly") }, "\(script.notes)")
        #expect(note.hasPrefix("\(tree.count) nodes") && note.contains("--full-tour"), "\(note)")
        let timeline = try Timeline(script: script, settings: FrameSettings(width: 1280, height: 720, fps: 10), labels: BSTBoard.labels)
        #expect(timeline.pacing.duration(atSpeed: 1) <= 180)
        let last = timeline.scene(at: timeline.frameCount - 1)
        let onScreen = last.nodes.filter { $0.x >= 0 && $0.x <= 1280 && $0.y >= 0 && $0.y <= 720 }
        #expect(!onScreen.isEmpty && last.nodes.allSatisfy { $0.fontSize >= 14 }, "\(onScreen.count) nodes on screen")
        #expect(onScreen.contains { $0.label.hasSuffix("more") } || children == 40)
    }

    @Test func aSmallTreeIsNotToured() {
        var options = TreeOptions()
        options.stage = Stage(FrameSettings(width: 1280, height: 720))
        let script = TreeAnimation(versions: [Self.bushy(3)], options: options, labels: BSTBoard.labels).script
        #expect(script.notes.isEmpty)
        #expect(!script.steps.contains { $0.caption?.hasPrefix("the whole tree") == true })
    }
}
