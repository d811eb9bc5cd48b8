import Diagram
import Foundation
import Producers
import Raster
import TestSupport
import Testing
import TreeFiles
import Trees

/// Real rendered frames of users' trees at 480×270: one small tree read from
/// each format, the seed's Chinese family tree in circles, a 40-node outline
/// of long labels in boxes, a file system left to right, and a subtree
/// moving between two versions.
@Suite(.tags(.golden)) struct TreeGoldenTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TreeFilesTests/Fixtures").path

    static func timeline(
        _ versions: [Tree<TreeFileNode>], width: Int = 480, height: Int = 270,
        _ configure: (inout TreeOptions) -> Void = { _ in }
    ) throws -> Timeline {
        var options = TreeOptions()
        options.stage = Stage(FrameSettings(width: width, height: height))
        configure(&options)
        let script = TreeAnimation(
            versions: versions.map(TreeFile.items), options: options, labels: LabelFit(font: BSTBoard.font)
        ).script
        return try Timeline(script: script, settings: FrameSettings(width: width, height: height, fps: 10), labels: BSTBoard.labels)
    }

    static func render(_ timeline: Timeline, frame: Int) -> Canvas {
        var canvas = Canvas(width: timeline.settings.width, height: timeline.settings.height)
        FrameRenderer(font: BSTBoard.font).render(timeline.scene(at: frame), into: &canvas)
        return canvas
    }

    static func last(_ timeline: Timeline) -> Canvas { render(timeline, frame: timeline.frameCount - 1) }

    @Test(arguments: ["bst.json", "bst.txt", "bst.tree", "bst.level-order.txt"])
    func oneSmallTreeReadFromEachFormatDrawsTheSame(_ file: String) throws {
        let format: TreeFileFormat? = file.hasSuffix(".level-order.txt") ? .levelOrder : nil
        let versions = try TreeFile.read(path: "\(Self.fixtures)/\(file)", format: format)
        assertFrame(Self.last(try Self.timeline(versions)), matches: "tree-bst")
    }

    @Test func theSeedsFamilyTreeInCircles() throws {
        let versions = try TreeFile.read(path: "\(Self.fixtures)/family.txt")
        let timeline = try Self.timeline(versions) { $0.shape = .circle }
        assertFrame(Self.last(timeline), matches: "tree-family-circles")
    }

    /// Forty nodes: a root, five chapters, seven sections each, with long titles.
    static let outline: String = {
        var lines = ["A course on data structures"]
        let chapters = ["Arrays and lists", "Search trees", "Balanced trees", "Heaps and queues", "Graphs"]
        for (c, chapter) in chapters.enumerated() {
            lines.append("  \(chapter)")
            for s in 1...(c == 4 ? 6 : 7) {
                lines.append("    \(c + 1).\(s) \(["Definitions", "Operations", "Costs", "Proofs", "Examples", "Exercises", "Further reading"][s - 1])")
            }
        }
        return lines.joined(separator: "\n")
    }()

    /// Broad and shallow, drawn to the right: 40 rows do not read at once
    /// on a 720p frame, so the reveal tours them. The golden is a subtree
    /// visit, the first run of the sections with its labels at the floor
    /// or over; the last frame comes back to the root, its labels read.
    @Test func aFortyNodeOutlineOfLongLabelsInBoxes() throws {
        let versions = try TreeFile.read(Self.outline, name: "course.txt")
        #expect(versions[0].count == 40)
        let timeline = try Self.timeline(versions, width: 1280, height: 720)
        let visit = try #require((0..<timeline.frameCount).first { timeline.scene(at: $0).caption?.hasPrefix("depth 2: 34 nodes, 1 of 2") == true })
        // The run's last frame: the camera there, its boxes in.
        let end = (visit..<timeline.frameCount).first { timeline.scene(at: $0).caption?.hasPrefix("depth 2: 34 nodes, 1 of 2") != true }! - 1
        let shown = timeline.scene(at: end).nodes.filter { $0.x >= 0 && $0.x <= 1280 && $0.y >= 0 && $0.y <= 720 }
        #expect(shown.count >= 10 && shown.allSatisfy { $0.fontSize >= 14 }, "\(shown.map(\.fontSize))")
        assertFrame(Self.render(timeline, frame: end), matches: "tree-outline-boxes")
        // The last frame comes back to a window on the root that reads.
        let last = timeline.scene(at: timeline.frameCount - 1)
        let onScreen = last.nodes.filter { $0.x >= 0 && $0.x <= 1280 && $0.y >= 0 && $0.y <= 720 }
        #expect(last.nodes.count == 40 && last.nodes.allSatisfy { $0.fontSize >= 14 } && onScreen.contains { $0.label == versions[0].value.label })
    }

    static let fileSystem = """
        treeanim/
          Sources/
            Diagram/
              Timeline.swift
              Scene.swift
            Producers/
              BSTAnimation.swift
              TreeAnimation.swift
          Tests/
            DiagramTests/
          Package.swift
          README.md
        """

    @Test func aFileSystemLeftToRight() throws {
        let versions = try TreeFile.read(Self.fileSystem, name: "files.txt")
        let timeline = try Self.timeline(versions) { $0.direction = .right }
        assertFrame(Self.last(timeline), matches: "tree-files-right")
    }

    /// Two versions with ids: the subtree under "moves" goes from A to B.
    static let moving = """
        [{"id": "r", "label": "root", "children": [
           {"id": "a", "label": "A", "children": [{"id": "x", "label": "moves", "children": [{"id": "x1", "label": "x1"}, {"id": "x2", "label": "x2"}]}]},
           {"id": "b", "label": "B"}]},
         {"id": "r", "label": "root", "children": [
           {"id": "a", "label": "A"},
           {"id": "b", "label": "B", "children": [{"id": "x", "label": "moves", "children": [{"id": "x1", "label": "x1"}, {"id": "x2", "label": "x2"}]}]}]}]
        """

    @Test func aSubtreeTravelsWholeBetweenVersions() throws {
        let versions = try TreeFile.read(Self.moving, name: "moving.json")
        let timeline = try Self.timeline(versions) { $0.reveal = .none }
        let step = try #require(timeline.steps.first { $0.caption == "version 2 of 2" })
        // Half way through the move: the subtree between A and B, whole.
        let middle = step.frames.lowerBound + 5
        let scene = timeline.scene(at: middle)
        let xs = ["moves", "x1", "x2"].compactMap { label in scene.nodes.first { $0.label == label }?.x }
        let before = timeline.scene(at: step.frames.lowerBound), after = timeline.scene(at: step.restFrame)
        let x = { (s: Scene, label: String) in s.nodes.first { $0.label == label }?.x ?? .nan }
        #expect(xs.count == 3)
        // The subtree keeps its shape as it goes: its nodes move alike.
        let shift = x(scene, "moves") - x(before, "moves")
        #expect(abs((x(scene, "x1") - x(before, "x1")) - shift) < 1)
        #expect(x(before, "moves") < x(scene, "moves") && x(scene, "moves") < x(after, "moves"))
        assertFrame(Self.render(timeline, frame: middle), matches: "tree-moving-subtree")
    }

    /// The seed's highlight that slides between items: a ring on 爸爸 and
    /// the tour's ring a third of the way from 大侄子 to 小儿子.
    @Test func theTourRingSlidingBetweenTwoNodes() throws {
        let versions = try TreeFile.read(path: "\(Self.fixtures)/family.txt")
        let keys = TreeFile.items(versions[0]).preorder.map(\.key)
        let key = { (path: String) in keys[try TreeFile.find(path, in: versions[0])] }
        let timeline = try Self.timeline(versions) { options in
            options.highlight = try? key("爸爸")
            options.tour = ["大侄子", "小儿子"].compactMap { try? key($0) }
        }
        let step = try #require(timeline.steps.first { $0.caption == "小儿子" })
        assertFrame(Self.render(timeline, frame: step.frames.lowerBound + 2), matches: "tree-tour-sliding")
    }

    /// Long labels wrapped at 16 characters into boxes of two and three
    /// lines, one of them ringed.
    @Test func longLabelsWrappedIntoLines() throws {
        let text = """
            Data structures for the impatient student
              Arrays and linked lists in practice
                Dynamic arrays that double their capacity
                Singly linked lists
              Search trees and how to keep them balanced
                Binary search trees
                Red-black trees after Guibas and Sedgewick
              Heaps
            """
        let versions = try TreeFile.read(text, name: "course.txt")
        let highlighted = TreeFile.items(versions[0]).preorder[try TreeFile.find("Heaps", in: versions[0])].key
        let timeline = try Self.timeline(versions) { options in
            options.wrap = 16
            options.highlight = highlighted
        }
        assertFrame(Self.last(timeline), matches: "tree-wrapped-labels")
    }
}
