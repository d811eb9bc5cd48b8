import Diagram
import Producers
import Testing
import TestSupport
import Trees

/// A family too large to tour in three minutes is summarised: its
/// most-connected ancestor and the generations that fit, and under each
/// couple of the last generation shown whose children are left out, a box
/// that counts them ("+40 descendants"): each the real number of that
/// couple's descendants left out, named at the floor in the last frame.
@Suite struct FamilySummaryTests {
    /// A couple and `generations` generations of descendants, each child
    /// married (but the youngest) with `children` children of their own:
    /// a tree, so every descendant descends from one couple of each
    /// generation.
    static func lineage(generations: Int, children: Int) -> Family {
        var family = Family()
        func person(_ name: String) -> String {
            let id = "p\(family.people.count)"
            family.people.append(Person(id: id, name: "\(name) \(family.people.count)", born: String(1800 + family.people.count % 200)))
            return id
        }
        var couples = [[person("Ada"), person("Bert")]]
        for g in 1...generations {
            var next = [[String]]()
            for couple in couples {
                let kids = (0..<children).map { _ in person("Child") }
                family.unions.append(Union(partners: couple, children: kids))
                if g < generations { next += kids.map { [$0, person("Spouse")] } }
            }
            couples = next
        }
        return family
    }

    /// Every descendant of `id` in `family`.
    static func descendants(of id: String, in family: Family) -> Set<String> {
        var seen = Set<String>(), stack = [id]
        while let p = stack.popLast() {
            for union in family.unions where union.partners.contains(p) {
                for child in union.children where seen.insert(child).inserted { stack.append(child) }
            }
        }
        return seen
    }

    @Test func theDescendantsLeftOutAreCountedUnderTheLastGenerationShown() throws {
        let family = Self.lineage(generations: 6, children: 3)
        #expect(family.people.count > 1_000)
        var options = FamilyOptions()
        options.stage = Stage(FrameSettings(width: 1280, height: 720))
        options.finalHold = 0.5
        let script = FamilyAnimation(versions: [family], options: options, labels: BSTBoard.labels).script
        let note = try #require(script.notes.first { $0.contains("would take over 3 minutes to name legibly") }, "\(script.notes)")
        #expect(note.contains("descendants counted under the last generation shown"), "\(note)")
        let timeline = try Timeline(script: script, settings: FrameSettings(width: 1280, height: 720, fps: 10), labels: BSTBoard.labels)
        let last = timeline.scene(at: timeline.frameCount - 1)
        // By the end the whole summary is on stage (much of it off screen).
        let nameOf = Dictionary(uniqueKeysWithValues: last.nodes.map { ($0.id, $0.name) })
        let counts = last.nodes.filter { $0.label.hasPrefix("+") }
        #expect(!counts.isEmpty)
        let people = Set(last.nodes.map(\.name).filter { $0.hasPrefix("person:p") }.map { String($0.dropFirst("person:".count)) })
        // Each count is the number of its couple's descendants left out,
        // and together they are every descendant left out.
        var total = 0
        for count in counts {
            let parent = try #require(last.edges.first { $0.to == count.id }.flatMap { nameOf[$0.from] }, "no line to \(count.label)")
            let id = String(parent.dropFirst("person:".count))
            let expected = Self.descendants(of: id, in: family).subtracting(people).count
            #expect(expected > 0)
            #expect(count.label.trimmingCharacters(in: .newlines) == "+\(expected) descendants", "under \(id)")
            total += expected
        }
        let root = family.people[0].id
        #expect(total == Self.descendants(of: root, in: family).subtracting(people).count)
        // The last frame names the ancestor and a count, at the floor.
        let named = last.nodes.filter { $0.opacity > 0.5 && $0.x >= 0 && $0.x <= 1280 && $0.y >= 0 && $0.y <= 720 }
        let count = try #require(named.first { $0.label.hasPrefix("+") }, "no count in the last frame: \(named.map(\.label))")
        #expect(count.fontSize >= 14)
        #expect(named.allSatisfy { $0.fontSize >= 14 })
    }

    /// A count counts each descendant once, however many ways they descend
    /// from its couple (two of its grandchildren married).
    @Test func aDescendantIsCountedOnce() {
        var family = Family()
        family.people = (0..<9).map { Person(id: "p\($0)", name: "P\($0)") }
        family.unions = [
            Union(partners: ["p0", "p1"], children: ["p2"]),
            Union(partners: ["p2", "p3"], children: ["p4", "p5"]),
            Union(partners: ["p4"], children: ["p6"]),
            Union(partners: ["p5"], children: ["p7"]),
            Union(partners: ["p6", "p7"], children: ["p8"]),
        ]
        let summary = family.summarised(around: "p0", down: 1)
        let counts = summary.people.filter { Family.isCount($0.id) }
        #expect(counts.map(\.name) == ["+5 descendants"])
        #expect(counts.compactMap(Family.descendantsCounted(by:)) == [5])
        #expect(summary.unions.contains { $0.partners == ["p2", "p3"] && $0.children == [counts[0].id] })
        #expect(family.summarised(around: "p0", down: 6).people.count == family.people.count)
    }
}
