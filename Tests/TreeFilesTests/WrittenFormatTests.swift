import InputText
import Testing
import TestSupport
import TreeFiles
import Trees

/// The forms people write trees in beyond JSON, outlines and brackets:
/// LaTeX, `tree` listings, Markdown lists, path lists, CSV tables; and
/// forests, and the format told by the content.
@Suite struct WrittenFormatTests {
    func drawn(_ text: String, _ reading: TreeFile.Reading = TreeFile.Reading()) throws -> [String] {
        try TreeFile.load(Array(text.utf8), name: "t", reading: reading).versions.map(CorpusTreeTests.drawn)
    }

    func format(_ text: String) throws -> TreeFileFormat {
        try TreeFile.load(Array(text.utf8), name: "t").format
    }

    // MARK: LaTeX

    @Test func forestOptionsAreNotChildren() throws {
        let tex = #"""
            \documentclass{article}
            \usepackage{forest} % trees
            \begin{document}
            Some prose with [brackets] of its own.
            \begin{forest} for tree={s sep=10pt, l=7ex}
              [S, name=top [NP, edge=dashed [{the cat}, fill=red]] [VP [V$'$, for tree={x}] [\textsc{past}]]]
            \end{forest}
            % \begin{forest} [Commented [out]] \end{forest}
            \end{document}
            """#
        #expect(try drawn(tex) == ["S(NP(the cat) VP(V′ PAST))"])
        #expect(try format(tex) == .latex)
    }

    @Test func qtreeLabelsAndRoofs() throws {
        #expect(try drawn(#"\Tree [.S [.NP \qroof{the old man}.NP ] [.VP sleeps ].VP ]"#) == ["S(NP(NP(^the old man)) VP(sleeps))"])
        // A label only at the end; an unlabelled roof.
        #expect(try drawn(#"\Tree [ [ a ].X \qroof{b c}. ]"#) == ["(X(a) (^b c))"])
    }

    @Test(arguments: [
        (#"$\alpha$"#, "α"), (#"N$'$"#, "N′"), (#"\textit{a} \textbf{b}"#, "a b"), (#"\textsc{past}"#, "PAST"),
        (#"a\_b"#, "a_b"), ("1--2", "1–2"), (#"A \& B"#, "A & B"), ("NP_i", "NPᵢ"), ("x^2", "x²"), ("t_{10}", "t₁₀"),
        (#"\'etat"#, "état"), (#"\foo{x}"#, #"\foo{x}"#), ("N_{Q}", "N_{Q}"), (#"$\emptyset$"#, "∅"),
    ])
    func texBecomesPlainText(_ tex: String, _ plain: String) throws {
        #expect(try drawn("\\begin{forest} [{\(tex)} [b]] \\end{forest}") == ["\(plain)(b)"])
    }

    /// A label of 30,000 nested braces or chained commands is read in
    /// linear time without deep recursion, as written past a depth.
    @Test func deeplyNestedTeXDoesNotRecurse() throws {
        let braces = String(repeating: "{", count: 30_000) + "x" + String(repeating: "}", count: 30_000)
        let chain = String(repeating: "\\textbf", count: 30_000) + "{x}"
        let limits = TreeFileLimits(maxLabelLength: 1_000_000)
        for label in [braces, chain] {
            let text = "\\begin{forest} [" + label + " [b]] \\end{forest}"
            let contents = try TreeFile.load(Array(text.utf8), name: "t", reading: TreeFile.Reading(limits: limits))
            #expect(contents.versions[0].children.count == 1)
        }
        // A line of brackets in a Markdown item, in linear time.
        let md = "- " + String(repeating: "[", count: 200_000) + "\n"
        #expect(try TreeFile.load(Array(md.utf8), name: "t", reading: TreeFile.Reading(limits: TreeFileLimits(maxLabelLength: 1_000_000))).format == .markdown)
    }

    @Test func aDocumentWithoutATreeIsRefused() {
        #expect(failure(#"\begin{forest} no tree here \end{forest}"#, nil)?.contains("expected '[' to start the tree of this forest environment") == true)
        #expect(failure(#"\begin{forest} [A [B] \end{forest}"#, nil)?.contains("expected ']' to close this '['") == true)
    }

    // MARK: Listings

    @Test func unixListingsInEveryCharset() throws {
        let boxes = ".\n├── a\n│   ├── b   <- note\n│   │          more note\n│   └── c\n└── d\n\n2 directories, 3 files\n"
        #expect(try drawn(boxes) == [".(a(b c) d)"])
        let ascii = "project\n|-- a\n|   `-- b\n`-- c # the c\n"
        #expect(try drawn(ascii) == ["project(a(b) c)"])
        #expect(try format(ascii) == .listing)
    }

    @Test func windowsListingsWithFilesAndTheirHeader() throws {
        let slashF = """
            Folder PATH listing for volume OS
            Volume serial number is 1234-ABCD
            C:.
            │  readme.txt
            │
            ├───docs
            │       guide.md
            │
            └───src
                └───app
                        main.py
            """
        #expect(try drawn(slashF) == ["C:.(readme.txt docs(guide.md) src(app(main.py)))"])
        let ascii = "C:.\n+---a\n|   \\---b\n\\---c\n"
        #expect(try drawn(ascii) == ["C:.(a(b) c)"])
    }

    // MARK: Markdown

    @Test func markdownListsOfEveryKind() throws {
        let md = """
            # Notes

            1. [First](one.md)
               + **Bold** point
               + `code` point
            2. Second
            \t- tabbed
              that continues

            ```
            - not an item
            ```
            """
        #expect(try drawn(md) == ["Notes(First(Bold point code point) Second(tabbed that continues))"])
        #expect(try format(md) == .markdown)
        // Without a heading, the top items are a forest.
        #expect(try drawn("- a\n  - b\n- c\n") == ["<>(a(b) c)"])
    }

    // MARK: Paths and CSV

    @Test func pathListsAreFolders() throws {
        #expect(try drawn("./src/main.c\n./src/util/a.c\n./README\n") == [".(src(main.c util(a.c)) README)"])
        #expect(try drawn("/etc/hosts\n/etc/ssh/config\n") == ["/(etc(hosts ssh(config)))"])
        #expect(try format("a/b\na/c\n") == .paths)
    }

    /// `find .`, `find dir` and relative paths list a folder before what
    /// is in it: the folder's line has no `/`, and it is still a path.
    @Test func findListingsArePathsWithTheirTopFolder() throws {
        #expect(try drawn(".\n./a\n./a/b\n./a/b/c.txt\n./d\n") == [".(a(b(c.txt)) d)"])
        #expect(try drawn("dir\ndir/a\ndir/a/b\ndir/c\n") == ["dir(a(b) c)"])
        #expect(try drawn("a\na/b\na/b/c\n") == ["a(b(c))"])
        for text in [".\n./a\n", "dir\ndir/a\n", "a\na/b\n", "README\nsrc/main.c\nsrc/util.c\n"] {
            #expect(try format(text) == .paths, "\(text)")
        }
        // An outline is not taken for paths: indented, or a word no path is under.
        #expect(try format("a\n  b/c\n") == .outline)
        #expect(try format("notes\nideas\nsee a/b\n") == .outline)
    }

    @Test func csvTablesOfParentsAndOfPaths() throws {
        #expect(try drawn("id,parentId,name\n3,1,Abel\n1,,Eve\n2,1,Cain\n4,2,Enoch\n") == ["Eve(Abel Cain(Enoch))"])
        #expect(try drawn("id,value\na,\na.b,1\na.c,\na.c.d,2\n") == ["a(b c(d))"])
        #expect(try drawn("id,parent\nx/y,\nx/z,\n", TreeFile.Reading(format: .csv)) == ["<>(x/y x/z)"])
        #expect(failure("id,parentId\n1,\n2,9\n", nil) == "t:3:1: the parent \"9\" is no row's id: give each parent a row of its own, or leave the cell empty for a root")
        #expect(failure("id,parentId\n1,2\n2,1\n", nil)?.contains("a cycle of parents") == true)
    }

    // MARK: Forests and detection

    @Test func severalRootsAreAForestOrJoined() throws {
        #expect(try drawn("a\n  b\nc\n") == ["<>(a(b) c)"])
        #expect(try drawn("a\n  b\nc\n", TreeFile.Reading(rootLabel: "all")) == ["all(a(b) c)"])
        #expect(try drawn("a\n  b\n") == ["a(b)"])
    }

    @Test func theContentTellsEachFormat() throws {
        #expect(try format("[1,null,2]") == .levelOrder)
        #expect(try format("[1]") == .levelOrder)
        #expect(try format("[S [NP a] b]") == .brackets)
        #expect(try format("[{\"name\": \"a\"}]") == .json)
        #expect(try format("a\n  b\n") == .outline)
        #expect(try format("- a\n  - b\n") == .markdown)
        #expect(try format("# note\na\n  b\n") == .outline)
        // Commas in an outline's labels do not make it a table.
        #expect(try drawn("Smith, John\n  Smith, Jane\n") == ["Smith, John(Smith, Jane)"])
    }

    @Test func theGivenFormatIsReadEvenWhenTheContentSaysOther() throws {
        #expect(try drawn("[1,2]", TreeFile.Reading(format: .brackets)) == ["1,2"])
    }

    // MARK: Encodings

    @Test func legacyEncodingsAreToldOrGiven() throws {
        // 文件 in GBK; café in Windows-1252.
        let gbk: [UInt8] = [0xCE, 0xC4, 0xBC, 0xFE, 0x0A, 0x20, 0x20, 0x61, 0x0A]
        let gbkRead = try TreeFile.load(gbk, name: "t")
        #expect(gbkRead.encoding == .gb18030 && sketch(gbkRead.versions[0]) == "文件(a)")
        let latin: [UInt8] = Array("caf".utf8) + [0xE9] + Array("\n  b\n".utf8)
        let latinRead = try TreeFile.load(latin, name: "t")
        #expect(latinRead.encoding == .windows1252 && sketch(latinRead.versions[0]) == "café(b)")
        // Given, it wins: the GBK bytes as Windows-1252.
        let forced = try TreeFile.load(gbk, name: "t", reading: TreeFile.Reading(encoding: .windows1252))
        #expect(sketch(forced.versions[0]) == "ÎÄ¼þ(a)")
    }
}

/// The limits hold in the newer formats too, read in linear time.
@Suite(.tags(.bulk)) struct NewFormatLimitTests {
    @Test(arguments: [TreeFileFormat.latex, .listing, .markdown, .paths, .csv])
    func aHundredThousandNodesAreRead(_ format: TreeFileFormat) throws {
        let groups = 11_111
        var text = ""
        switch format {
        case .latex:
            text = "\\begin{forest}[r " + String(repeating: "[m [l][l][l][l][l][l][l][l]]\n", count: groups) + "]\\end{forest}"
        case .listing:
            text = ".\n" + String(repeating: "├── m\n" + String(repeating: "│   ├── l\n", count: 8), count: groups)
        case .markdown:
            text = "# r\n" + String(repeating: "- m\n" + String(repeating: "  - l\n", count: 8), count: groups)
        case .paths:
            text = (0..<groups).map { g in (0..<8).map { "r/m\(g)/l\($0)\n" }.joined() }.joined()
        default:
            text = "id,parentId\nr,\n" + (0..<groups).map { g in "m\(g),r\n" + (0..<8).map { "l\(g)-\($0),m\(g)\n" }.joined() }.joined()
        }
        let contents = try TreeFile.load(Array(text.utf8), name: "t")
        #expect(contents.format == format)
        #expect(contents.versions[0].count == 100_000)
        let refused = (try? TreeFile.load(Array(text.utf8), name: "t", reading: TreeFile.Reading(limits: TreeFileLimits(maxNodes: 99_999)))) == nil
        #expect(refused)
    }
}
