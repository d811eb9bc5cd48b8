import Foundation
import LectureFiles
import Testing
import TestSupport

/// Mutated lecture files fed to the reader: a real lecture cut, spliced
/// with YAML's indicators, anchors, aliases, merge keys, deep brackets and
/// long characters, each made from a seed. None may trap or take more than
/// its bound; each is read or refused with one line naming the place.
/// Inputs that once broke it are kept as cases.
@Suite(.tags(.sweep)) struct LectureFuzzTests {

    static let seed = """
        title: &t Search trees
        sections:
          - title: Binary search trees
          - text: |
              # The rule
              - smaller keys to the **left**
          - &b bst: {ops: "insert 50 30 70", code: true}
          - question: Where will 42 go?
          - bst: {ops: "insert 42"}
          - sort:
              values: [5, 2, 4]
          - title: *t

        """

    static let pieces = [
        "&a ", "*a", "*t", "<<: ", "? ", ": ", "- ", "[", "]", "{", "}", ",", "\n", "\n  ", "\"", "'", "|", ">", "#", "!!str ",
        "%YAML 1.1\n", "---\n", "...\n", "\t", "é", "\u{0301}", String(repeating: "\u{0301}", count: 40), "👨‍👩‍👧", "\0",
    ]

    static func mutated(using g: inout SplitMix) -> String {
        var text = Array(seed.unicodeScalars)
        for _ in 0..<Int.random(in: 1...5, using: &g) {
            switch Int.random(in: 0..<5, using: &g) {
            case 0, 1:
                text.insert(contentsOf: pieces.randomElement(using: &g)!.unicodeScalars, at: Int.random(in: 0...text.count, using: &g))
            case 2 where !text.isEmpty:
                let a = Int.random(in: 0..<text.count, using: &g)
                text.removeSubrange(a..<min(text.count, a + Int.random(in: 1...12, using: &g)))
            case 3:
                text += Array(String(repeating: "  - *b\n", count: Int.random(in: 1...3_000, using: &g)).unicodeScalars)
            default:
                text.insert(contentsOf: String(repeating: "[", count: Int.random(in: 1...3_000, using: &g)).unicodeScalars, at: 0)
            }
        }
        return String(String.UnicodeScalarView(text))
    }

    /// Files that once broke a reader: 20,000 aliased sections, a merge
    /// key blamed at its anchor, a billion laughs in a key.
    static let regressions: [String] = {
        var laughs = "x: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            laughs += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = name
        }
        return [
            "sections:\n  - &s {text: hi}\n" + String(repeating: "  - *s\n", count: 20_000),
            "sections:\n  - bst: &o {ops: \"insert 5\"}\n  - bst:\n      <<: *o\n",
            laughs + "? *i\n: 1\n",
            laughs + "{k: *i}: 1\n",
            laughs + "sections:\n  - sort: {values: *i}\n",
            String(repeating: "[", count: 30_000),
            "sections:\n  - title: a" + String(repeating: "\u{0301}", count: 100_000) + "\n",
        ]
    }()

    @Test func aMutatedLectureIsReadOrRefusedInOneLine() {
        var g = SplitMix(seed: 47)
        var refused = 0
        let cases = 2_000
        for k in 0..<cases {
            let text = k < Self.regressions.count ? Self.regressions[k] : Self.mutated(using: &g)
            do throws(LectureFileError) {
                _ = try LectureFile.read(Array(text.utf8), name: "l.yaml")
            } catch {
                refused += 1
                #expect(error.description.utf8.count < 500 && !error.description.contains("\n"), "case \(k): \(error.description.prefix(500))")
            }
        }
        #expect(refused > 0 && refused < cases, "\(refused) of \(cases) refused")
    }
}
