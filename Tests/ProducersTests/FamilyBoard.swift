import Diagram
import Foundation
import Output
import Producers
import Trees

/// Family charts as the tests play them, and random families to play.
enum FamilyBoard {
    static func timeline(
        _ versions: [Family], width: Int = 640, height: Int = 360, fps: Double = 10,
        _ configure: (inout FamilyOptions) -> Void = { _ in }
    ) throws -> Timeline {
        var options = FamilyOptions()
        options.finalHold = 0.5
        options.stage = Stage(FrameSettings(width: width, height: height))
        configure(&options)
        let script = FamilyAnimation(versions: versions, options: options, labels: BSTBoard.labels).script
        return try Timeline(script: script, settings: FrameSettings(width: width, height: height, fps: fps), labels: BSTBoard.labels)
    }

    /// A random forest: 1–4 root couples (now and then a single root or a
    /// lone person), 2–6 generations; each child may marry someone from
    /// outside (and now and then a second spouse, each marriage with its
    /// own 0–5 children). Names are unique: some Chinese, some long; some
    /// people have birth years, genders or neither.
    static func random(seed: UInt64) -> Family {
        var rng = SeededGenerator(seed: seed)
        var family = Family()
        let surnames = ["王", "李", "张", "Smith", "García", "Nakamura", "O’Brien", "Kowalczyk-Wiśniewska"]
        let given = ["伟", "秀英", "建国", "Ann", "Bo", "Maximilian", "Li", "Zoë", "Jo", "Alexandra"]
        func person(_ generation: Int) -> String {
            let id = "p\(family.people.count)"
            let name = "\(surnames[rng.next(in: 0...surnames.count - 1)]) \(given[rng.next(in: 0...given.count - 1)]) \(family.people.count)"
            let gender: Gender? = [Gender.male, .female, .male, .female, .other, nil][rng.next(in: 0...5)]
            let born = rng.next(in: 0...3) == 0 ? nil : "\(1880 + 25 * generation + rng.next(in: 0...20))"
            family.people.append(Person(id: id, name: name, gender: gender, born: born))
            return id
        }
        let generations = rng.next(in: 2...6)
        var current = [[String]]()  // this generation's unions' partners
        for _ in 0..<rng.next(in: 1...4) {
            let a = person(0)
            switch rng.next(in: 0...9) {
            case 0: current.append([a])
            case 1: family.unions.append(Union(partners: [a]))  // a lone root
            default: current.append([a, person(0)])
            }
        }
        for g in 1..<generations {
            var next = [[String]]()
            for partners in current {
                var children = [String]()
                for _ in 0..<rng.next(in: 0...(g == 1 ? 5 : 3)) {
                    let c = person(g)
                    children.append(c)
                    guard g < generations - 1, rng.next(in: 0...9) < 7 else { continue }
                    next.append([c, person(g)])
                    if rng.next(in: 0...6) == 0 { next.append([c, person(g)]) }  // a second marriage
                }
                family.unions.append(Union(partners: partners, children: children))
            }
            current = next
        }
        for partners in current { family.unions.append(Union(partners: partners)) }
        // Lone roots were written as unions of one without children.
        family.unions.removeAll { $0.partners.count == 1 && $0.children.isEmpty }
        return family
    }

    /// Each person's generation from the family alone: 0 for the oldest,
    /// one more than the parents', a spouse's for someone married in.
    static func generations(of family: Family) -> [String: Int] {
        var generation = [String: Int]()
        var changed = true
        for p in family.people { generation[p.id] = 0 }
        while changed {
            changed = false
            for union in family.unions {
                let g = union.partners.map { generation[$0]! }.max()!
                for p in union.partners where generation[p]! < g { generation[p] = g; changed = true }
                for c in union.children where generation[c]! < g + 1 { generation[c] = g + 1; changed = true }
            }
        }
        return generation
    }
}
