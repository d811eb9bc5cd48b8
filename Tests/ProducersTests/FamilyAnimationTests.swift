import Diagram
import Foundation
import Geometry
import Output
import Producers
import Testing
import Trees

/// The family chart's steps: the reveals, versions by id, the lineage walk.
@Suite struct FamilyAnimationTests {
    /// Three generations: g1 & g2 → p (with spouse s) → c1, c2; and u, p's sister.
    static let family: Family = {
        var f = Family()
        f.people = [
            Person(id: "g1", name: "王建国", gender: .male, born: "1938"),
            Person(id: "g2", name: "李秀英", gender: .female, born: "1941"),
            Person(id: "p", name: "王志强", gender: .male, born: "1963"),
            Person(id: "s", name: "陈丽", gender: .female),
            Person(id: "u", name: "王志红", gender: .female, born: "1966"),
            Person(id: "c1", name: "王小明", gender: .male, born: "1990"),
            Person(id: "c2", name: "王小红", born: "1993"),
        ]
        f.unions = [Union(partners: ["g1", "g2"], children: ["p", "u"]), Union(partners: ["p", "s"], children: ["c1", "c2"])]
        return f
    }()

    static func captions(_ timeline: Timeline) -> [String] {
        var out = [String]()
        for i in 0..<timeline.frameCount {
            if let c = timeline.scene(at: i).caption, out.last != c { out.append(c) }
        }
        return out
    }

    @Test func generationsAppearOldestFirstAndEveryoneIsThereAtTheEnd() throws {
        let timeline = try FamilyBoard.timeline([Self.family])
        #expect(Self.captions(timeline) == ["generation 1: 2 people", "generation 2: 3 people", "generation 3: 2 people"])
        let last = timeline.scene(at: timeline.frameCount - 1)
        #expect(last.nodes.count == 7)
        #expect(Set(last.nodes.map(\.role)) == ["male", "female", "normal"])
        // The years are texts under the names; the label's first line is the name.
        #expect(last.nodes.contains { $0.label == "王建国\n" })
        #expect(Set(last.texts.map(\.text)) == ["1938", "1941", "1963", "1966", "1990", "1993"])
        #expect(last.edges.filter { $0.kind == "couple" }.count == 2)
        #expect(last.edges.filter { $0.kind == "descent" }.count == 4)
        // While generation 2 comes in, generation 3 is not on screen.
        let middle = timeline.scene(at: timeline.frameCount / 2)
        #expect(middle.nodes.count < 7)
    }

    /// An adopted child's line is dashed; a child adopted into a second
    /// family is placed with their birth family and gets a dashed line from
    /// the other too.
    @Test func adoptionsAreDashedLines() throws {
        var family = Family(people: ["a", "b", "c", "d", "e"].map { Person(id: $0, name: $0.uppercased()) })
        family.unions = [
            Union(partners: ["a", "b"], children: ["c", "e"], adopted: ["e"]),
            Union(partners: ["d"], children: [], adopted: ["c"]),
        ]
        let timeline = try FamilyBoard.timeline([family]) { $0.reveal = .none }
        let scene = timeline.scene(at: timeline.frameCount - 1)
        let byLabel = Dictionary(uniqueKeysWithValues: scene.nodes.map { ($0.label.split(separator: "\n").first.map(String.init) ?? "", $0.id) })
        let lines = scene.edges.filter { $0.kind == "descent" || $0.kind == "adoption" }
        #expect(lines.count == 3)
        #expect(lines.first { $0.to == byLabel["E"]! }!.dash > 0)
        #expect(lines.first { $0.to == byLabel["C"]! && $0.kind == "descent" }!.dash == 0)
        #expect(lines.first { $0.to == byLabel["C"]! && $0.kind == "adoption" }!.dash > 0)
    }

    /// Dates as GEDCOM writes them: the year in words on the chart, the
    /// whole date in the speaker note of the step that brings the person in.
    @Test func uncertainDatesAreShownInWordsAndWholeInTheNotes() throws {
        var family = Family(people: [
            Person(id: "a", name: "Ann", gender: .female, born: "ABT 1850", died: "BEF 12 MAR 1901"),
            Person(id: "b", name: "Bob", born: "BET 1875 AND 1880"),
        ])
        family.unions = [Union(partners: ["a"], children: ["b"])]
        let timeline = try FamilyBoard.timeline([family])
        let last = timeline.scene(at: timeline.frameCount - 1)
        #expect(Set(last.texts.map(\.text)) == ["c. 1850–before 1901", "1875–1880"])
        #expect(timeline.steps.map(\.note).contains("Ann: born ABT 1850, died BEF 12 MAR 1901."))
        #expect(timeline.steps.map(\.note).contains("Bob: born BET 1875 AND 1880."))
    }

    @Test func aDescentLineStartsAtTheCouplesMidpointAndEndsOnTheChildsTop() throws {
        let timeline = try FamilyBoard.timeline([Self.family]) { $0.reveal = .none }
        let scene = timeline.scene(at: timeline.frameCount - 1)
        let byLabel = Dictionary(uniqueKeysWithValues: scene.nodes.map { ($0.label.split(separator: "\n").first.map(String.init) ?? "", $0) })
        let (g1, g2, p) = (byLabel["王建国"]!, byLabel["李秀英"]!, byLabel["王志强"]!)
        let edge = scene.edges.first { $0.kind == "descent" && $0.to == p.id }!
        #expect(edge.points.first == Point((g1.x + g2.x) / 2, g1.y))
        #expect(edge.points.last == Point(p.x, p.y - p.h / 2))
        #expect(edge.points.count == 4 || edge.points.count == 2)
        let couple = scene.edges.first { $0.kind == "couple" && Set([$0.from, $0.to]) == [g1.id, g2.id] }!
        #expect(couple.points == [Point(g1.x + g1.w / 2, g1.y), Point(g2.x - g2.w / 2, g2.y)])
    }

    @Test func familiesRevealOneTreeAtATime() throws {
        var two = Self.family
        two.people += [Person(id: "x", name: "张德明"), Person(id: "y", name: "刘淑珍"), Person(id: "z", name: "张伟")]
        two.unions.append(Union(partners: ["x", "y"], children: ["z"]))
        let timeline = try FamilyBoard.timeline([two]) { $0.reveal = .families }
        #expect(Self.captions(timeline) == ["the family of 王建国 & 李秀英", "the family of 张德明 & 刘淑珍"])
    }

    @Test func aNewVersionKeepsEveryonesIdentityAndBringsInTheNewborn() throws {
        var next = Self.family
        next.people.append(Person(id: "c3", name: "王小刚", gender: .male, born: "1996"))
        next.unions[1].children.append("c3")
        let timeline = try FamilyBoard.timeline([Self.family, next]) { $0.reveal = .none }
        #expect(Self.captions(timeline).contains("version 2 of 2"))
        let first = timeline.scene(at: 0), last = timeline.scene(at: timeline.frameCount - 1)
        // Node ids are numbered in order of appearance: the first seven
        // keep theirs, the newborn is the eighth.
        let firstIDs = Dictionary(uniqueKeysWithValues: first.nodes.map { ($0.label, $0.id) })
        for n in last.nodes where n.label != "王小刚\n" { #expect(firstIDs[n.label] == nil || firstIDs[n.label] == n.id) }
        #expect(last.nodes.first { $0.label == "王小刚\n" }?.id == 7)
        #expect(last.edges.filter { $0.kind == "descent" }.count == 5)
    }

    @Test func theLineageWalkRingsEachAncestorAndLightsTheLinesOnTheWay() throws {
        let timeline = try FamilyBoard.timeline([Self.family]) { $0.reveal = .none; $0.lineage = ("c1", "g1") }
        let captions = Self.captions(timeline)
        #expect(Array(captions.suffix(4)) == ["王小明", "father 王志强", "grandfather 王建国", "王建国 is 王小明’s grandfather"])
        let last = timeline.scene(at: timeline.frameCount - 1)
        let accent = Theme.light.accent
        let lit = last.edges.filter { $0.color == accent }
        #expect(lit.count == 2 && lit.allSatisfy { $0.kind == "descent" })
        let ring = try #require(last.marks.first)
        let g1 = last.nodes.first { $0.label == "王建国\n" }!
        #expect(abs(ring.x - g1.x) < 1e-9 && abs(ring.y - g1.y) < 1e-9)
    }

    @Test func aWalkBetweenCousinsGoesUpAndDownAndNamesTheKinship() throws {
        let timeline = try FamilyBoard.timeline([Self.family]) { $0.reveal = .none; $0.lineage = ("u", "c2") }
        #expect(
            Self.captions(timeline).suffix(4)
                == ["father 王建国", "brother 王志强", "nephew or niece 王小红", "王小红 is 王志红’s nephew or niece"])
    }
}
