import Testing
import Trees

/// The binary heap: sifts as textbooks trace them, ids that follow their
/// keys through swaps, and the heap order kept over random operations.
@Suite struct BinaryHeapTests {
    func keys(_ heap: BinaryHeap) -> [Int] { heap.items.map(\.key) }

    @Test func depthsAndParentsFollowTheLevelOrder() {
        #expect((0..<8).map(BinaryHeap.depth(of:)) == [0, 1, 1, 2, 2, 2, 2, 3])
        #expect([1, 2, 3, 4, 5, 6].map(BinaryHeap.parent(of:)) == [0, 0, 1, 1, 2, 2])
    }

    @Test func heapifySiftsEachParentDownFromTheLastOne() {
        var heap = BinaryHeap(order: .min)
        let (added, sifts) = heap.heapify([9, 4, 7, 1, 8])
        #expect(added.map(\.key) == [9, 4, 7, 1, 8])
        #expect(sifts.map(\.index) == [1, 0])
        // 4 against 1 and 8: 1 comes up; 9 against 1 and 7, then 4 and 8.
        #expect(sifts[0].events == [.down(parent: 1, children: [3, 4], chosen: 3, swapped: true)])
        #expect(sifts[1].events == [
            .down(parent: 0, children: [1, 2], chosen: 1, swapped: true),
            .down(parent: 1, children: [3, 4], chosen: 3, swapped: true),
        ])
        #expect(keys(heap) == [1, 4, 7, 9, 8])
        #expect(heap.isValid)
    }

    @Test func insertSiftsUpUntilTheParentMayStayAbove() {
        var heap = BinaryHeap(order: .min)
        heap.heapify([1, 4, 7, 9, 8])
        let (item, events) = heap.insert(3)
        #expect(events == [.up(child: 5, parent: 2, swapped: true), .up(child: 2, parent: 0, swapped: false)])
        #expect(keys(heap) == [1, 4, 3, 9, 8, 7])
        #expect(heap.items[2] == item)
    }

    @Test func extractMovesTheLastItemToTheRootAndSiftsItDown() throws {
        var heap = BinaryHeap(order: .max)
        heap.heapify([9, 4, 7, 1, 8])
        #expect(keys(heap) == [9, 8, 7, 1, 4])
        let extracted = heap.extract()
        let out = try #require(extracted)
        #expect(out.item.key == 9 && out.moved?.key == 4)
        #expect(out.events == [.down(parent: 0, children: [1, 2], chosen: 1, swapped: true),
                               .down(parent: 1, children: [3], chosen: 3, swapped: false)])
        #expect(keys(heap) == [8, 4, 7, 1])
    }

    @Test func extractFromOneItemOrNoneEmptiesOrSaysNothing() {
        var heap = BinaryHeap(order: .min)
        let none = heap.extract()
        #expect(none == nil)
        heap.insert(5)
        let out = heap.extract()
        #expect(out?.item.key == 5 && out?.moved == nil && heap.isEmpty)
    }

    @Test func heapsortLeavesTheSortedItemsAfterTheShrinkingHeap() {
        for order in HeapOrder.allCases {
            var heap = BinaryHeap(order: order)
            heap.heapify([9, 4, 7, 1, 8, 4])
            var taken = [Int]()
            while let round = heap.sortOne() {
                taken.append(round.item.key)
                #expect(heap.isValid && heap.sorted.first == round.item)
            }
            // A min-heap sorts largest first, a max-heap smallest first.
            #expect(keys(heap) == (order == .min ? [9, 8, 7, 4, 4, 1] : [1, 4, 4, 7, 8, 9]))
            #expect(taken == (order == .min ? [1, 4, 4, 7, 8, 9] : [9, 8, 7, 4, 4, 1]))
            // The next operation starts from an empty heap.
            heap.insert(2)
            #expect(keys(heap) == [2])
        }
    }

    @Test func idsFollowTheirKeysAndAreNeverReused() {
        var heap = BinaryHeap(order: .min)
        let first = heap.heapify([5, 3, 5]).items
        let byID = Dictionary(uniqueKeysWithValues: first.map { ($0.id, $0.key) })
        heap.insert(1)
        heap.extract()
        for item in heap.items where byID[item.id] != nil { #expect(byID[item.id] == item.key) }
        #expect(Set(heap.items.map(\.id)).count == heap.items.count)
        #expect(heap.insert(0).item.id.rawValue == 4)
    }

    @Test func randomOperationsKeepTheHeapOrderAndTheKeys() {
        for seed in UInt64(1)...300 {
            var rng = SeededGenerator(seed: seed)
            let order: HeapOrder = seed.isMultiple(of: 2) ? .min : .max
            var heap = BinaryHeap(order: order)
            var expected = [Int](), sortedKeys = [Int]()
            for _ in 0..<12 {
                switch rng.next(in: 0...4) {
                case 0:
                    let keys = (0..<rng.next(in: 1...5)).map { _ in rng.next(in: 1...20) }
                    heap.heapify(keys)
                    expected += keys
                    sortedKeys = []
                case 1, 2:
                    let k = rng.next(in: 1...20)
                    heap.insert(k)
                    expected.append(k)
                    sortedKeys = []
                case 3:
                    let top = heap.extract()?.item.key
                    let best = order == .min ? expected.min() : expected.max()
                    #expect(top == best, "seed \(seed)")
                    if let top, let i = expected.firstIndex(of: top) {
                        expected.remove(at: i)
                        sortedKeys = []
                    }
                default:
                    // A second heapsort in a row finds the heap empty and
                    // leaves the first one's items in place.
                    while heap.sortOne() != nil {}
                    if !expected.isEmpty { sortedKeys = order == .min ? expected.sorted(by: >) : expected.sorted() }
                    #expect(keys(heap) == sortedKeys, "seed \(seed)")
                    expected = []
                }
                #expect(heap.isValid, "seed \(seed)")
                #expect(heap.heap.map(\.key).sorted() == expected.sorted(), "seed \(seed)")
            }
        }
    }
}
