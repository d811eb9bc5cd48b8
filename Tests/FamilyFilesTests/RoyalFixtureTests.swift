import FamilyFiles
import Testing
import Trees

/// `royal-300.ged`: an invented royal house over seven generations, as
/// Personal Ancestral File exports it (CRLF, header with CORP, SUBM, _UID,
/// NOTE with CONC/CONT, CHAN, MARR, PEDI, _FREL), with second marriages,
/// adopted children listed in two families, one-sided FAMC links, a
/// foundling's parentless family, unnamed and unlinked people, and 83
/// Chinese names written `/Surname/Given`.
@Suite struct RoyalFixtureTests {
    let family: Family

    init() throws {
        let versions = try FamilyFile.read(path: "\(FamilyFileTests.fixtures)/royal-300.ged")
        try #require(versions.count == 1)
        family = versions[0]
    }

    func unions(of id: String) -> [Union] { family.unions.filter { $0.partners.contains(id) } }

    func parents(of id: String) -> [String]? { family.unions.first { $0.children.contains(id) }?.partners }

    @Test func everyoneAndEveryFamilyWithPartnersLoads() throws {
        #expect(family.people.count == 301)
        #expect(family.unions.count == 116)
        #expect(family.unions.reduce(0) { $0 + $1.children.count } == 206)
        try family.validate()
    }

    @Test func chineseNamesAreSurnameFirstWithoutASpace() {
        let chinese = family.people.filter { $0.name.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } }
        #expect(chinese.count == 83)
        #expect(chinese.allSatisfy { !$0.name.contains(" ") })
        #expect(family.people[1].name == "李明")
        #expect(family.person("I0007")?.name == "王伟")
    }

    @Test func sevenGenerations() {
        // A person's generation is one more than their parents' latest.
        var generation = [String: Int]()
        for person in family.people where parents(of: person.id) == nil { generation[person.id] = 1 }
        var changed = true
        while changed {
            changed = false
            for union in family.unions {
                let partners = union.partners.compactMap { generation[$0] }
                guard partners.count == union.partners.count else { continue }
                for child in union.children where generation[child] == nil {
                    generation[child] = partners.max()! + 1
                    changed = true
                }
            }
        }
        #expect(generation.count == family.people.count)
        #expect(generation.values.max() == 7)
    }

    @Test func theFoundersAndTheirNames() {
        #expect(family.people[0] == Person(id: "I0001", name: "Erik Aldermark", gender: .male, born: "BEF 1760", died: "ABT 1815"))
        #expect(family.unions[0].partners == ["I0001", "I0002"])
        #expect(family.person("I0300")?.name == "Brother Anselm")
    }

    @Test func aSecondMarriageKeepsItsOwnChildren() {
        #expect(unions(of: "I0026").map(\.partners) == [["I0048", "I0026"], ["I0049", "I0026"]])
        #expect(unions(of: "I0026").map(\.children) == [["I0074", "I0075", "I0076", "I0077"], ["I0078", "I0079", "I0080"]])
    }

    @Test func anAdoptedChildStaysInItsBirthFamily() {
        #expect(parents(of: "I0230") == ["I0145", "I0170"])
        #expect(unions(of: "I0160").first?.children == ["I0197", "I0198", "I0199"])
    }

    @Test func oneSidedLinksAddTheChildren() {
        #expect(unions(of: "I0093").map(\.children) == [["I0116", "I0117"]])
    }

    @Test func peopleWithoutNamesOrLinks() {
        #expect(family.person("I0296")?.name == "(no name)")
        #expect(parents(of: "I0296") == ["I0135", "I0125"])
        for id in ["I0298", "I0299", "I0300", "I0301"] {
            #expect(parents(of: id) == nil && unions(of: id).isEmpty, "\(id)")
        }
    }
}
