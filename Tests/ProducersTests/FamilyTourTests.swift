import Diagram
import Foundation
import Producers
import TestSupport
import Testing
import Trees

/// A family too large to name legibly in one frame is toured: generation by
/// generation, in runs of people the camera shows at the floor, then the
/// whole chart. Every name is read at 14 px or more (at 720p) in some
/// frame, the camera never moves a visible box more than 6% of the
/// diagonal a frame at 30 fps, and the script says what it did.
@Suite struct FamilyTourTests {
    /// A couple, `children` children each married with `grandchildren`
    /// children of their own, with birth years.
    static func wide(children: Int, grandchildren: Int) -> Family {
        var family = Family()
        func person(_ name: String, _ born: Int) -> String {
            let id = "p\(family.people.count)"
            family.people.append(Person(id: id, name: "\(name) \(family.people.count)", born: String(born)))
            return id
        }
        let (a, b) = (person("Joseph Kennedy", 1888), person("Rose Fitzgerald", 1890))
        var kids = [String]()
        for i in 0..<children {
            let child = person("Child", 1915 + i), spouse = person("Spouse", 1914 + i)
            kids.append(child)
            let grand = (0..<grandchildren).map { person("Grandchild", 1940 + i + $0) }
            family.unions.append(Union(partners: [child, spouse], children: grand))
        }
        family.unions.insert(Union(partners: [a, b], children: kids), at: 0)
        return family
    }

    @Test func aLargeFamilyIsToured() throws {
        let family = Self.wide(children: 12, grandchildren: 3)
        #expect(family.people.count == 62)
        var options = FamilyOptions()
        options.stage = Stage(FrameSettings(width: 1280, height: 720))
        options.finalHold = 0.5
        let script = FamilyAnimation(versions: [family], options: options, labels: BSTBoard.labels).script
        #expect(script.notes.count == 1 && script.notes[0].hasPrefix("62 people are too many to name legibly in one 1280×720 frame"), "\(script.notes)")
        #expect(script.steps.contains { $0.caption == "the whole family: 62 people" })
        let timeline = try Timeline(script: script, settings: FrameSettings(width: 1280, height: 720, fps: 30), labels: BSTBoard.labels)
        let sight = NodeSight(timeline)
        let (largest, fastest) = (sight.largest, sight.fastest)
        #expect(largest.count == 62)
        #expect(largest.values.allSatisfy { $0 >= 14 }, "\(largest.values.sorted().prefix(3))")
        #expect(fastest <= 0.06, "a box moved \(fastest * 100)% of the diagonal in a frame")
    }

    /// While the camera is close, a map of the whole chart sits in the
    /// lower right corner: the people on stage as boxes, and the camera's
    /// view outlined inside it. It is gone when the camera stands back to
    /// show the whole. The golden is a frame mid-pan between two views.
    @Test(.tags(.golden)) func theTourShowsAMapOfTheWholeChartWhileClose() throws {
        var options = FamilyOptions()
        options.stage = Stage(FrameSettings(width: 640, height: 360))
        options.finalHold = 0.5
        let script = FamilyAnimation(versions: [Self.wide(children: 12, grandchildren: 3)], options: options, labels: BSTBoard.labels).script
        #expect(script.overview != nil)
        let timeline = try Timeline(script: script, settings: FrameSettings(width: 640, height: 360, fps: 30), labels: BSTBoard.labels)
        var mapped = 0, midPan: Int?
        var previous: [Int: (Double, Double)] = [:]
        for frame in 0..<timeline.frameCount {
            let scene = timeline.scene(at: frame)
            var now = [Int: (Double, Double)]()
            for n in scene.nodes { now[n.id] = (n.x, n.y) }
            guard let inset = scene.inset else {
                previous = now
                continue
            }
            mapped += 1
            #expect(inset.frame.maxX <= 640 && inset.frame.maxY <= 360 && inset.frame.width <= 0.3 * 640)
            #expect(inset.view.minX >= inset.frame.minX && inset.view.maxX <= inset.frame.maxX)
            #expect(inset.boxes.count <= scene.nodes.count)
            // Mid-pan: every box on stage moved by about the same step.
            let moves = scene.nodes.compactMap { n in previous[n.id].map { hypot(n.x - $0.0, n.y - $0.1) } }
            if midPan == nil, inset.opacity == 1, inset.boxes.count > 20, let low = moves.min(), low > 3 { midPan = frame }
            previous = now
        }
        #expect(mapped > timeline.frameCount / 2, "the map shows in \(mapped) of \(timeline.frameCount) frames")
        // The last frame is close again, on the eldest, with the map.
        #expect(timeline.scene(at: timeline.frameCount - 1).inset != nil)
        let frame = try #require(midPan)
        assertFrame(FamilyGoldenTests.render(timeline, frame: frame), matches: "family-tour-inset")
    }

    /// Asked to name everyone (`--full-tour`), a family whose tour would
    /// pass an hour is not toured, and the note names --focus.
    @Test func aTourOfOverAnHourIsNotPlayed() throws {
        var options = FamilyOptions()
        options.stage = Stage(FrameSettings(width: 1280, height: 720))
        options.summarise = false
        let family = Self.wide(children: 500, grandchildren: 10)
        let script = FamilyAnimation(versions: [family], options: options, labels: BSTBoard.labels).script
        #expect(script.notes.count == 1 && script.notes[0].hasPrefix("6002 people would take ") && script.notes[0].contains("--focus PERSON"), "\(script.notes)")
        #expect(script.overview == nil)
    }

    @Test func aFamilyThatReadsAtOnceIsNotToured() throws {
        let family = Self.wide(children: 2, grandchildren: 1)
        var options = FamilyOptions()
        options.stage = Stage(FrameSettings(width: 1280, height: 720))
        let script = FamilyAnimation(versions: [family], options: options, labels: BSTBoard.labels).script
        #expect(script.notes.isEmpty)
        #expect(!script.steps.contains { $0.caption?.hasPrefix("the whole family") == true })
    }
}
