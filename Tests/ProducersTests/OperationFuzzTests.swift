import Foundation
@testable import Producers
import Testing
import TestSupport

/// Mutated operation lists and hash expressions fed to every `--ops`
/// language's parser and to the hash expression's: seeds written as a
/// teacher would, then cut, spliced, repeated, nested deep and salted with
/// huge numbers and long characters, each made from a seed. None may trap
/// or take more than its bound; each parses or is refused with a message
/// of one short line. Inputs that once failed are kept as cases.
@Suite(.tags(.sweep)) struct OperationFuzzTests {

    static let pieces = [
        "insert", "search", "delete", "push", "pop", "peek", "enqueue", "dequeue", "append", "prepend", "insert-at", "delete-at",
        "reverse", "heapify", "extract", "heapsort", "prefix", "postfix", "brackets", "inorder", "min", "max", ";", "\n", "#", ",",
        " ", "5", "-3", "−7", "9223372036854775807", "-9223372036854775808", "99999999999999999999", "tea", "(", ")", "[", "]",
        "+", "*", "%", "é", "👨‍👩‍👧", "\u{0301}", "\u{200D}", "\t", "\r\n", String(repeating: "\u{0301}", count: 40), "爷",
    ]

    /// A mutation of `seed`: pieces spliced in, words cut out, the text
    /// repeated or nested.
    static func mutated(_ seed: String, using g: inout SplitMix) -> String {
        var text = Array(seed.unicodeScalars)
        for _ in 0..<Int.random(in: 1...6, using: &g) {
            switch Int.random(in: 0..<5, using: &g) {
            case 0, 1:
                let at = Int.random(in: 0...text.count, using: &g)
                text.insert(contentsOf: pieces.randomElement(using: &g)!.unicodeScalars, at: at)
            case 2 where !text.isEmpty:
                let a = Int.random(in: 0..<text.count, using: &g)
                text.removeSubrange(a..<min(text.count, a + Int.random(in: 1...8, using: &g)))
            case 3:
                let piece = pieces.randomElement(using: &g)!
                text += Array(String(repeating: " " + piece, count: Int.random(in: 1...2_000, using: &g)).unicodeScalars)
            default:
                text = Array((String(repeating: "(", count: 500) + String(String.UnicodeScalarView(text))).unicodeScalars)
            }
        }
        return String(String.UnicodeScalarView(text))
    }

    /// Seeds per language, as written in the guides.
    static let seeds = [
        "insert 50 17 72; search 17; delete 50; inorder",
        "heapify 9 4 7 1 8; insert 3; extract; heapsort",
        "append 3 5 8; prepend 1; insert-at 2 4; delete 5; search 8; reverse",
        "push 3 5; pop; peek; postfix 3 4 + 2 *; brackets ([]{})",
        "enqueue 3 5 8; dequeue; peek; enqueue 13",
        "insert 20 42 9 31; search 42; delete 20; search 31",
        "insert 10 20 30 40 50 60; search 40; delete 20",
        "insert tea ten to inn; search ten; prefix te; delete ten",
        "(3*k + 5) mod m",
        "1 + (k mod (m - 1))",
    ]

    /// What the parser of language `k` says when it refuses `text`, nil
    /// when it parses (a hash expression is worked out too).
    static func refusal(_ k: Int, _ text: String) -> String? {
        do {
            switch k {
            case 0: _ = try BSTOperation.parse(text)
            case 1: _ = try HeapOperation.parse(text)
            case 2: _ = try ListOperation.parse(text)
            case 3: _ = try StackOperation.parse(text)
            case 4: _ = try QueueOperation.parse(text)
            case 5: _ = try HashOperation.parse(text)
            case 6: _ = try BTreeOperation.parse(text)
            case 7: _ = try TrieOperation.parse(text)
            default: _ = try HashFunction(text).index(of: 42, size: 11)
            }
            return nil
        } catch {
            return String(describing: error)
        }
    }

    /// Inputs that once broke a parser: a stack overflow, gigabytes, a
    /// message as long as the input.
    static let regressions = [
        String(repeating: "(", count: 30_000) + "k" + String(repeating: ")", count: 30_000),
        Array(repeating: "k", count: 50_000).joined(separator: "+"),
        "insert a" + String(repeating: "\u{0301}", count: 100_000),
        "push 9223372036854775807",
        "insert " + String(repeating: "x", count: 200_000),
        "brackets " + String(repeating: "([", count: 50_000),
        "postfix " + Array(repeating: "1", count: 20_000).joined(separator: " "),
    ]

    @Test(arguments: 0..<seeds.count)
    func aMutatedOperationListParsesOrIsRefusedInOneShortLine(_ structure: Int) {
        let seed = Self.seeds[structure]
        var g = SplitMix(seed: UInt64(structure))
        var refused = 0
        let cases = 1_500
        for k in 0..<cases {
            let text = k < Self.regressions.count ? Self.regressions[k] : Self.mutated(seed, using: &g)
            if let message = Self.refusal(structure, text) {
                refused += 1
                #expect(message.utf8.count < 400 && !message.contains("\n"), "case \(k): \(message.prefix(400))")
            }
        }
        // Mutations must reach both outcomes, or they test nothing.
        #expect(refused > 0 && refused < cases, "\(refused) of \(cases) refused")
    }
}
