import Diagram
import FamilyFiles
import Foundation
import Producers
import Raster
import TestSupport
import Testing
import Trees

/// Real rendered family charts at 640×360: the seed's example (three
/// generations, two root families, Chinese names) as generation 2 comes in
/// and finished; second and third marriages and a chain of marriages; and a
/// lineage walk in the dark theme.
@Suite(.tags(.golden)) struct FamilyGoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    static func timeline(_ path: String, theme: Theme = .light, _ configure: (inout FamilyOptions) -> Void = { _ in }) throws -> Timeline {
        var options = FamilyOptions()
        options.finalHold = 1
        configure(&options)
        let versions = try FamilyFile.read(path: "\(root)/\(path)")
        let script = FamilyAnimation(versions: versions, options: options, labels: BSTBoard.labels).script
        var settings = FrameSettings(width: 640, height: 360, fps: 10)
        settings.theme = theme
        return try Timeline(script: script, settings: settings, labels: BSTBoard.labels)
    }

    static func render(_ timeline: Timeline, frame: Int) -> Canvas {
        var canvas = Canvas(width: timeline.settings.width, height: timeline.settings.height)
        FrameRenderer(font: BSTBoard.font).render(timeline.scene(at: frame), into: &canvas)
        return canvas
    }

    /// The first frame of step `step` plus `offset` frames.
    static func frame(_ timeline: Timeline, step: Int, offset: Int) -> Int {
        let first = (0..<timeline.frameCount).first { timeline.scene(at: $0).step == step }!
        return first + offset
    }

    @Test func theSeedsTwoFamiliesFinished() throws {
        let timeline = try Self.timeline("docs/examples/family.json")
        assertFrame(Self.render(timeline, frame: timeline.frameCount - 1), matches: "family-seed")
    }

    @Test func theSeedsSecondGenerationComingIn() throws {
        let timeline = try Self.timeline("docs/examples/family.json")
        // Partway through the lines growing down and the boxes appearing.
        assertFrame(Self.render(timeline, frame: Self.frame(timeline, step: 1, offset: 4)), matches: "family-seed-generation-2")
    }

    @Test func secondAndThirdMarriagesEachWithTheirChildren() throws {
        let timeline = try Self.timeline("Tests/FamilyFilesTests/Fixtures/second-marriages.yaml") { $0.reveal = .none }
        assertFrame(Self.render(timeline, frame: timeline.frameCount - 1), matches: "family-second-marriages")
    }

    @Test func aLineageWalkInTheDarkTheme() throws {
        let timeline = try Self.timeline("docs/examples/family.yaml", theme: .dark) {
            $0.reveal = .none
            $0.lineage = ("zyn", "sy")
        }
        assertFrame(Self.render(timeline, frame: timeline.frameCount - 1), matches: "family-lineage-dark")
    }
}
