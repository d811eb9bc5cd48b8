import Testing
@testable import Trees

/// How many generations a chart has, found before any layout, and the
/// layout's queue of households.
@Suite struct FamilyGenerationTests {
    @Test func aChainOfPeopleHasAGenerationForEach() {
        let people = (0..<50).map { Person(id: "p\($0)", name: "P\($0)") }
        let unions = (0..<49).map { Union(partners: ["p\($0)"], children: ["p\($0 + 1)"]) }
        #expect(FamilyLayout.generations(of: Family(people: people, unions: unions)) == 50)
    }

    @Test func peopleWithNoFamilyAreOneGeneration() {
        let people = (0..<50).map { Person(id: "p\($0)", name: "P\($0)") }
        #expect(FamilyLayout.generations(of: Family(people: people, unions: [])) == 1)
    }

    @Test func theQueueOfHouseholdsGivesTheSmallestFirst() {
        var queue = SmallestFirst([9, 3, 7, 1])
        queue.insert(4)
        queue.insert(0)
        var out = [Int]()
        while let next = queue.popSmallest() { out.append(next) }
        #expect(out == [0, 1, 3, 4, 7, 9])
    }
}
