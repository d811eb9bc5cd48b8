import Testing
import Trees

/// `Family.around`: one person's ancestors and descendants, as genealogy
/// programs chart a large file, with the partners of every couple drawn.
@Suite struct FamilyFocusTests {
    /// Four generations: grandparents gp1+gp2 → mother m (+ father f, whose
    /// own parents are fp1+fp2) → ego, sister s; ego + partner p → kids k1,
    /// k2; k1 + k1p → grandchild g. A second union of f with f2 has a
    /// half-brother h.
    static let family: Family = {
        let ids = ["gp1", "gp2", "fp1", "fp2", "m", "f", "f2", "ego", "s", "h", "p", "k1", "k2", "k1p", "g"]
        return Family(
            people: ids.map { Person(id: $0, name: $0.uppercased()) },
            unions: [
                Union(partners: ["gp1", "gp2"], children: ["m"]),
                Union(partners: ["fp1", "fp2"], children: ["f"]),
                Union(partners: ["f", "m"], children: ["ego", "s"]),
                Union(partners: ["f", "f2"], children: ["h"]),
                Union(partners: ["ego", "p"], children: ["k1", "k2"]),
                Union(partners: ["k1", "k1p"], children: ["g"]),
            ])
    }()

    /// The children's partners come too: every couple is drawn whole.
    @Test func oneGenerationEachWayKeepsParentsPartnersAndChildren() throws {
        let focused = Self.family.around("ego", up: 1, down: 1)
        #expect(focused.people.map(\.id) == ["m", "f", "ego", "p", "k1", "k2", "k1p"])
        #expect(
            focused.unions == [
                Union(partners: ["f", "m"], children: ["ego"]), Union(partners: ["ego", "p"], children: ["k1", "k2"]),
                Union(partners: ["k1", "k1p"]),
            ])
        try focused.validate()
    }

    @Test func moreGenerationsReachGrandparentsAndGrandchildrenWithTheirPartners() throws {
        let focused = Self.family.around("ego", up: 2, down: 2)
        #expect(Set(focused.people.map(\.id)) == ["gp1", "gp2", "fp1", "fp2", "m", "f", "ego", "p", "k1", "k2", "k1p", "g"])
        // Neither the sister, nor the half-brother, nor his mother.
        #expect(focused.person("s") == nil && focused.person("h") == nil && focused.person("f2") == nil)
        try focused.validate()
    }

    @Test func noGenerationsIsThePersonWithTheirPartners() {
        #expect(Self.family.around("ego", up: 0, down: 0).people.map(\.id) == ["ego", "p"])
        #expect(Self.family.around("g", up: 0, down: 5).people.map(\.id) == ["g"])
    }
}
