import Geometry
import Testing
import Trees

/// The family layout on the shapes that break naive charts: several
/// marriages, chains of them, families joined by marriage, single parents,
/// a marriage across generations; and on random graphs of all of these.
@Suite struct FamilyLayoutTests {
    static let layout = FamilyLayout(rowGap: 0.6, coupleGap: 0.3, siblingGap: 0.25, groupGap: 0.4, familyGap: 0.7)

    static func family(_ people: String, _ unions: [([String], [String])]) -> Family {
        Family(
            people: people.split(separator: " ").map { Person(id: String($0), name: String($0)) },
            unions: unions.map { Union(partners: $0.0, children: $0.1) })
    }

    /// Boxes a little wider for longer ids, so widths differ.
    static func size(_ p: Person) -> Size { Size(width: 0.5 + 0.2 * Double(p.id.count), height: 0.6) }

    static func drawing(_ f: Family) throws -> FamilyLayout.Drawing {
        try f.validate()
        return layout.drawing(of: f, size: size)
    }

    /// Overlapping boxes, by pair.
    static func overlaps(_ f: Family, _ d: FamilyLayout.Drawing) -> [String] {
        var out = [String]()
        let people = f.people
        for (i, a) in people.enumerated() {
            for b in people[(i + 1)...] {
                let pa = d.positions[a.id]!, pb = d.positions[b.id]!
                let (sa, sb) = (size(a), size(b))
                if abs(pa.x - pb.x) < (sa.width + sb.width) / 2 - 1e-9, abs(pa.y - pb.y) < (sa.height + sb.height) / 2 - 1e-9 {
                    out.append("\(a.id)/\(b.id)")
                }
            }
        }
        return out
    }

    static func x(_ d: FamilyLayout.Drawing, _ id: String) -> Double { d.positions[id]!.x }

    @Test func aCoupleIsCentredOverItsChildrenAndASingleChildIsDirectlyBelow() throws {
        let f = Self.family("a b c d e x y z", [(["a", "b"], ["c", "d", "e"]), (["x", "y"], ["z"])])
        let d = try Self.drawing(f)
        #expect(abs((Self.x(d, "a") + Self.x(d, "b")) / 2 - (Self.x(d, "c") + Self.x(d, "e")) / 2) < 1e-9)
        #expect(abs((Self.x(d, "x") + Self.x(d, "y")) / 2 - Self.x(d, "z")) < 1e-9)
        #expect(d.rows == ["a": 0, "b": 0, "c": 1, "d": 1, "e": 1, "x": 0, "y": 0, "z": 1])
        #expect(Self.overlaps(f, d).isEmpty)
        #expect(d.marriages == [.adjacent, .adjacent])
    }

    @Test func someoneWithTwoSpousesStandsBetweenThemAndEachMarriageKeepsItsChildren() throws {
        // p's first marriage (to s1) and second (to s2), each with children
        // wide enough to collide if the marriage lines did not lengthen.
        let f = Self.family(
            "p s1 s2 k1 k2 k3 k4 k5 k6",
            [(["p", "s1"], ["k1", "k2", "k3"]), (["p", "s2"], ["k4", "k5", "k6"])])
        let d = try Self.drawing(f)
        let order = ["p", "s1", "s2"].sorted { Self.x(d, $0) < Self.x(d, $1) }
        #expect(order[1] == "p")
        for (partners, kids) in [(["p", "s1"], ["k1", "k3"]), (["p", "s2"], ["k4", "k6"])] {
            let mid = (Self.x(d, partners[0]) + Self.x(d, partners[1])) / 2
            #expect(abs(mid - (Self.x(d, kids[0]) + Self.x(d, kids[1])) / 2) < 1e-9)
        }
        #expect(Self.overlaps(f, d).isEmpty)
        // The two families of children do not interleave.
        let kids = ["k1", "k2", "k3", "k4", "k5", "k6"].sorted { Self.x(d, $0) < Self.x(d, $1) }
        #expect(Set(kids.prefix(3)) == ["k1", "k2", "k3"] || Set(kids.prefix(3)) == ["k4", "k5", "k6"])
    }

    @Test func aChainOfMarriagesIsOneRowInItsOrder() throws {
        // ben–mia, mia–tom, tom–ann: ben mia tom ann (or mirrored).
        let f = Self.family(
            "ben mia tom ann c1 c2 c3", [(["ben", "mia"], ["c1"]), (["mia", "tom"], ["c2"]), (["tom", "ann"], ["c3"])])
        let d = try Self.drawing(f)
        let order = ["ben", "mia", "tom", "ann"].sorted { Self.x(d, $0) < Self.x(d, $1) }
        #expect(order == ["ben", "mia", "tom", "ann"] || order == ["ann", "tom", "mia", "ben"])
        #expect(d.marriages == [.adjacent, .adjacent, .adjacent])
        #expect(Self.overlaps(f, d).isEmpty)
    }

    @Test func threeSpousesPutTheThirdOutsideWithItsLineUnderTheRow() throws {
        let f = Self.family(
            "h w1 w2 w3 a b c", [(["h", "w1"], ["a"]), (["h", "w2"], ["b"]), (["h", "w3"], ["c"])])
        let d = try Self.drawing(f)
        #expect(d.marriages == [.adjacent, .adjacent, .bracket(1)])
        let order = ["h", "w1", "w2", "w3"].sorted { Self.x(d, $0) < Self.x(d, $1) }
        // The first on the right, the second on the left, the third on
        // beyond the first.
        #expect(order == ["w2", "h", "w1", "w3"])
        #expect(abs((Self.x(d, "h") + Self.x(d, "w3")) / 2 - Self.x(d, "c")) < 1e-9)
        #expect(Self.overlaps(f, d).isEmpty)
    }

    @Test func aMarriedCoupleLeftOfTheManWhereGendersAreGiven() throws {
        var f = Self.family("w m k", [(["w", "m"], ["k"])])
        f.people[0].gender = .female
        f.people[1].gender = .male
        let d = try Self.drawing(f)
        #expect(Self.x(d, "m") < Self.x(d, "w"))
    }

    @Test func twoFamiliesJoinedByMarriageStillHaveNoOverlapsAndEveryChildBelowItsParents() throws {
        // Cousins marry: a's grandchild g1 and b's grandchild g2; and a
        // single parent who also married.
        let f = Self.family(
            "a a2 b b2 c c2 d d2 g1 g2 h s t u",
            [
                (["a", "a2"], ["c"]), (["b", "b2"], ["d"]), (["c", "c2"], ["g1"]), (["d", "d2"], ["g2"]),
                (["g1", "g2"], ["h"]), (["s"], ["t"]), (["s", "u"], []),
            ])
        let d = try Self.drawing(f)
        #expect(Self.overlaps(f, d).isEmpty)
        for union in f.unions {
            for c in union.children { for p in union.partners { #expect(d.rows[c]! > d.rows[p]!) } }
        }
        #expect(d.rows["g1"] == d.rows["g2"])
    }

    @Test func aMarriageAcrossGenerationsPutsTheCoupleOnOneRow() throws {
        // y marries the grandchild of her own generation's friend x.
        let f = Self.family("x x2 m m2 g y", [(["x", "x2"], ["m"]), (["m", "m2"], ["g"]), (["g", "y"], [])])
        let d = try Self.drawing(f)
        #expect(d.rows["g"] == 2 && d.rows["y"] == 2)
        #expect(Self.overlaps(f, d).isEmpty)
    }

    @Test func birthYearsOrderSiblingsWhereKnown() throws {
        var f = Self.family("a b k1 k2 k3 k4", [(["a", "b"], ["k1", "k2", "k3", "k4"])])
        f.people[2].born = "1990"
        f.people[3].born = "ABT 1950"
        f.people[5].born = "3 MAR 1970"
        let d = try Self.drawing(f)
        let order = ["k1", "k2", "k3", "k4"].sorted { Self.x(d, $0) < Self.x(d, $1) }
        // Dated ones sorted among their own places (1, 2, 4); k3 keeps 3.
        #expect(order == ["k2", "k4", "k3", "k1"])
    }

    @Test func aLonePersonAndAnEmptyFamilyAreDrawn() throws {
        let d = try Self.drawing(Self.family("solo", []))
        #expect(d.positions["solo"] == Point(0, 0))
        let empty = Self.layout.drawing(of: Family(), size: Self.size)
        #expect(empty.positions.isEmpty)
    }

    @Test func randomGraphsOfMarriagesAndChildrenNeverOverlapOrRiseAboveTheirParents() throws {
        for seed in UInt64(1)...300 {
            var rng = SeededGenerator(seed: seed)
            var f = Family()
            let n = rng.next(in: 1...40)
            for i in 0..<n { f.people.append(Person(id: "p\(i)" + String(repeating: "x", count: rng.next(in: 0...4)), name: "p\(i)")) }
            var parentOf = Set<Int>()
            // Unions only from earlier people to later children: no one is
            // their own ancestor; a child gets one union.
            for _ in 0..<rng.next(in: 0...n) {
                let a = rng.next(in: 0...n - 1), b = rng.next(in: 0...n - 1)
                let partners = a == b || rng.next(in: 0...5) == 0 ? [a] : [a, b]
                let top = partners.max()!
                var kids = [Int]()
                for _ in 0..<rng.next(in: 0...3) {
                    guard top + 1 <= n - 1 else { break }
                    let c = rng.next(in: (top + 1)...(n - 1))
                    if parentOf.insert(c).inserted { kids.append(c) }
                }
                f.unions.append(Union(partners: partners.map { f.people[$0].id }, children: kids.map { f.people[$0].id }))
            }
            let d = try Self.drawing(f)
            #expect(Self.overlaps(f, d).isEmpty, "seed \(seed)")
            #expect(d.positions.count == n)
            for union in f.unions where union.partners.count == 2 {
                #expect(d.rows[union.partners[0]] == d.rows[union.partners[1]], "seed \(seed)")
            }
        }
    }
}
