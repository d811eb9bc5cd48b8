import Foundation
import Testing
import TreeFiles
import Trees

/// What every format shares: the format from the name, encodings, line
/// ends, Unicode labels and columns, reading by path.
@Suite struct TreeFileTests {
    @Test func theExtensionNamesTheFormat() {
        #expect(TreeFileFormat(fileName: "a/b.json") == .json)
        #expect(TreeFileFormat(fileName: "family.TXT") == .outline)
        #expect(TreeFileFormat(fileName: "x.outline") == .outline)
        #expect(TreeFileFormat(fileName: "s.tree") == .brackets)
        #expect(TreeFileFormat(fileName: "tree") == nil)
        #expect(TreeFileFormat(fileName: ".json") == nil)
        #expect(TreeFileFormat(fileName: "a.json/b") == nil)
        #expect(TreeFileFormat(rawValue: "level-order") == .levelOrder)
        #expect(TreeFileFormat.allCases.map(\.rawValue) == [
            "json", "outline", "brackets", "level-order", "latex", "listing", "markdown", "paths", "csv",
        ])
    }

    @Test func theGivenFormatWinsOverTheName() throws {
        #expect(try sketch(read("[1,2]", .levelOrder, name: "x.json")[0]) == "1(2 ·)")
        #expect(try sketch(read("a\n b", name: "x.txt")[0]) == "a(b)")
    }

    @Test func theContentNotTheNameTellsTheFormat() throws {
        // A level-order list and a bracket tree saved as .txt, an outline
        // as .json: each read as what it is.
        #expect(try sketch(read("[1,2,3]", name: "a.txt")[0]) == "1(2 3)")
        #expect(try sketch(read("[DP [D e] [NP John]]", name: "a.txt")[0]) == "DP(D(e) NP(John))")
        #expect(try sketch(read("{\"name\": \"a\"}", name: "<stdin>")[0]) == "a")
        #expect(try sketch(read("a\n  b", name: "a.json")[0]) == "a(b)")
    }

    @Test func whatIsNoTreeFileIsRefusedSayingWhatItLooksLike() {
        #expect(failure("0 HEAD\n1 CHAR UTF-8\n0 TRLR\n", nil, name: "f.txt") == "f.txt: looks like a GEDCOM family file: draw it with treeanim family")
        #expect(failure("<html><body>x</body></html>\n", nil, name: "f")?.hasPrefix("f: looks like XML or HTML") == true)
        #expect(failure("year,A,B\n2000,1,2\n2001,3,4\n", nil, name: "f.csv")?.hasPrefix(
            "f.csv: looks like a CSV table with columns 'year', 'a', 'b', not a tree") == true)
        #expect(failure("\\documentclass{article}\n\\begin{document}\nHi\n\\end{document}\n", nil, name: "n.tex")?.hasPrefix(
            "n.tex: looks like a LaTeX document without a tree") == true)
    }

    @Test(arguments: TreeFileFormat.allCases)
    func anEmptyFileIsRefused(_ format: TreeFileFormat) {
        #expect(failure([], format, name: "e") == "e:1:1: the file is empty: expected a tree")
        #expect(failure([0xEF, 0xBB, 0xBF], format, name: "e") == "e:1:1: the file is empty: expected a tree")
    }

    static let samples: [(TreeFileFormat, String)] = [
        (.json, "{\"label\": \"a\", \"children\": [\n{\"label\": \"b\"}]}\n"),
        (.outline, "a\n  b\n"),
        (.brackets, "[a\n b]\n"),
        (.levelOrder, "[1,\n2]\n"),
    ]

    @Test(arguments: samples)
    func aByteOrderMarkIsSkipped(_ format: TreeFileFormat, _ text: String) throws {
        let plain = try TreeFile.read(Array(text.utf8), name: "t", format: format)
        let marked = try TreeFile.read([0xEF, 0xBB, 0xBF] + Array(text.utf8), name: "t", format: format)
        #expect(marked == plain)
        #expect(marked[0].value.column == plain[0].value.column)
    }

    @Test(arguments: samples)
    func crlfLineEndsReadAsLF(_ format: TreeFileFormat, _ text: String) throws {
        let lf = try read(text, format)
        let crlf = try read(text.replacingOccurrences(of: "\n", with: "\r\n"), format)
        #expect(crlf == lf)
        #expect(places(crlf[0]).last?.contains("@2:") == true)
    }

    @Test func crlfOutlinesSeparateVersionsAndDropTheCR() throws {
        let trees = try read("a\r\n  b\r\n---\r\nc\r\n", .outline)
        #expect(trees.map(sketch) == ["a(b)", "c"])
    }

    @Test(arguments: TreeFileFormat.allCases)
    func invalidUTF8NamesTheByteOffset(_ format: TreeFileFormat) {
        let bytes: [UInt8] = Array("[1,\n 2".utf8) + [0xFF] + Array("]".utf8)
        #expect(failure(bytes, format, encoding: .utf8) == "t:2:3: invalid UTF-8 at byte offset 6 (byte FF)")
    }

    @Test func invalidUTF8Sequences() {
        // A lead byte and an ASCII byte; an overlong form; a surrogate; a
        // sequence cut off by the end; the offset counts the byte order mark.
        #expect(failure([0x61, 0xC3, 0x41], .outline, encoding: .utf8) == "t:1:2: invalid UTF-8 at byte offset 1 (bytes C3 41)")
        #expect(failure([0xC0, 0xAF], .outline, encoding: .utf8) == "t:1:1: invalid UTF-8 at byte offset 0 (byte C0)")
        #expect(failure([0x61, 0x0A, 0xED, 0xA0, 0x80], .outline, encoding: .utf8) == "t:2:1: invalid UTF-8 at byte offset 2 (bytes ED A0)")
        #expect(failure(Array("爷".utf8) + [0xE7, 0x88], .outline, encoding: .utf8) == "t:1:2: invalid UTF-8 at byte offset 3 (bytes E7 88, cut short by the end of the file)")
        #expect(failure([0xEF, 0xBB, 0xBF, 0x61, 0x80], .outline, encoding: .utf8) == "t:1:2: invalid UTF-8 at byte offset 4 (byte 80)")
    }

    @Test func labelsInAnyScriptArePreservedAndColumnsCountCharacters() throws {
        let labels = ["爷爷", "Γιαγιά", "Бабушка", "👨‍👩‍👧‍👦", "🇬🇷", "e\u{301}", "👍🏽x"]
        let json = "{\"label\": \"爷爷\", \"children\": [" + labels.dropFirst().map { "{\"label\": \"\($0)\"}" }.joined(separator: ", ") + "]}"
        let outline = labels[0] + "\n" + labels.dropFirst().map { "  " + $0 }.joined(separator: "\n")
        let brackets = "[" + labels.joined(separator: " ") + "]"
        for (text, format) in [(json, TreeFileFormat.json), (outline, .outline), (brackets, .brackets)] {
            let tree = try read(text, format)[0]
            #expect(nodes(tree).map(\.label) == labels)
            #expect(nodes(tree).map { Array($0.label.unicodeScalars) } == labels.map { Array($0.unicodeScalars) })
        }
        // Each of these is one character, one column.
        #expect(try places(read(brackets, .brackets)[0]) == [
            "爷爷@1:1", "Γιαγιά@1:5", "Бабушка@1:12", "👨‍👩‍👧‍👦@1:20", "🇬🇷@1:22", "e\u{301}@1:24", "👍🏽x@1:26",
        ])
        #expect(try places(read(json, .json)[0])[1] == "Γιαγιά@1:30")
    }

    @Test func theFamilyInChinese() throws {
        for name in ["family.json", "family.txt", "family.tree"] {
            let tree = try TreeFile.read(path: fixture(name))
            #expect(tree.count == 1)
            #expect(sketch(tree[0]) == "爷爷(大爷(大侄子 二侄子) 爸爸(大儿子 小儿子))", "\(name)")
        }
        #expect(try places(TreeFile.read(path: fixture("family.txt"))[0]) == [
            "爷爷@1:1", "大爷@2:5", "大侄子@3:9", "二侄子@4:9", "爸爸@5:5", "大儿子@6:9", "小儿子@7:9",
        ])
        #expect(try places(TreeFile.read(path: fixture("family.tree"))[0]) == [
            "爷爷@1:1", "大爷@1:5", "大侄子@1:9", "二侄子@1:13", "爸爸@1:18", "大儿子@1:22", "小儿子@1:26",
        ])
    }

    @Test func readingAPath() throws {
        #expect(throws: TreeFileError.self) { try TreeFile.read(path: fixture("missing.json")) }
        do {
            _ = try TreeFile.read(path: fixture("missing.json"))
        } catch {
            #expect(error.description == fixture("missing.json") + ": no such file")
        }
        do {
            _ = try TreeFile.read(path: fixtures.path, format: .json)
        } catch {
            #expect(error.description == fixtures.path + ": is a directory, not a tree file")
        }
    }

    @Test func errorsAreOneLine() {
        let error = TreeFileError(file: "f.txt", line: 7, column: 5, message: "m")
        #expect(error.description == "f.txt:7:5: m")
        #expect(error.localizedDescription == "f.txt:7:5: m")
        #expect(TreeFileError(file: "f", line: nil, column: nil, message: "m").description == "f: m")
    }
}

/// The same small tree in each of the four formats; it will be drawn in a
/// golden frame.
@Suite struct RoundTripTests {
    static let files: [(String, TreeFileFormat?)] = [
        ("bst.json", nil), ("bst.txt", nil), ("bst.tree", nil), ("bst.level-order.txt", .levelOrder),
    ]

    @Test(arguments: files)
    func everyFormatGivesTheSameTree(_ name: String, _ format: TreeFileFormat?) throws {
        let trees = try TreeFile.read(path: fixture(name), format: format)
        #expect(trees.count == 1)
        #expect(trees[0].map(\.label) == Tree("8", children: [
            Tree("3", children: [Tree("1"), Tree("6", children: [Tree("4"), Tree("7")])]),
            Tree("10", children: [Tree("9"), Tree("14")]),
        ]))
        #expect(nodes(trees[0]).allSatisfy { $0.id == nil })
    }
}
