import Foundation
import InputText
import Testing
import TestSupport
import TreeFiles
import Trees

/// The tree files of `../shared/corpus/trees/`, written by other people,
/// each read as the structure its author meant: compared node by node and
/// edge by edge (a sketch `label(child child)` holds both), with the format
/// and encoding told from the content.
@Suite struct CorpusTreeTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus/trees")

    static func load(_ name: String, _ reading: TreeFile.Reading = TreeFile.Reading()) throws -> TreeFile.Contents {
        try TreeFile.load(from: .path(corpus.path + "/" + name), reading: reading)
    }

    /// A sketch that marks a roof `^` and a forest's hidden root `<>`.
    static func drawn(_ tree: Tree<TreeFileNode>) -> String {
        sketch(tree) { ($0.hidden ? "<>" : "") + ($0.roof ? "^" : "") + $0.label }
    }

    @Test func everyFileOfTheCorpusIsRead() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.corpus.path).filter { !$0.hasPrefix(".") }
        #expect(names.count >= 16, "no corpus at \(Self.corpus.path)")
        for name in names { _ = try Self.load(name) }
    }

    @Test(arguments: [
        ("forest_snip_braces_protect.tex", "VP,([DP] V'(V ===DP===))", 1),
        ("forest_snip_intro_CP_options.tex", "CP(DP(D NP(N CP(C TP(T vP(v VP(DP V'(V DP))))))) TP(T vP(v VP(DP V'(V DP)))))", 1),
        ("forest_snip_three_oneliners.tex", "A(B C)", 3),
        ("forest_snip_whitespace_variants.tex", "VP(DP V'(V DP))", 2),
        ("qtree_snip_labels_both_ends.tex", "A(B(C(one) D(two)) E(three))", 2),
        ("qtree_snip_roses_postlabels.tex", "IP(NPᵢ(Roses) I′(I⁰(are) VP(tᵢ V′(V⁰(going) PP(^out of style)))))", 1),
        ("qtree_snip_simple_roof.tex", "S(This VP(V(is) NP(^a simple tree)))", 1),
        ("qtree_snip_unlabeled_roof.tex", "(NP(This) (V(is) (^an unlabeled tree)))", 1),
    ])
    func latexTreesAreReadWhereTheyStand(_ name: String, _ expected: String, _ found: Int) throws {
        let contents = try Self.load(name)
        #expect(contents.format == .latex)
        #expect(contents.found == found && contents.versions.count == 1)
        #expect(contents.picked == (found > 1 ? 1 : nil))
        #expect(Self.drawn(contents.versions[0]) == expected)
    }

    @Test func theOtherTreesOfADocumentArePicked() throws {
        #expect(try Self.drawn(Self.load("forest_snip_three_oneliners.tex", TreeFile.Reading(pick: 3)).versions[0]) == "G(H I)")
        #expect(try Self.drawn(Self.load("forest_snip_whitespace_variants.tex", TreeFile.Reading(pick: 2)).versions[0]) == "VP(DP V'(V DP))")
        #expect(try Self.drawn(Self.load("qtree_snip_labels_both_ends.tex", TreeFile.Reading(pick: 2)).versions[0])
            == "[₁ A ]₁₃([₂ B ]₉([₃ C ]₅(one₄) [₆ D ]₈(two₇)) [₁₀ E ]₁₂(three₁₁))")
        #expect(throws: TreeFileError.self) { try Self.load("forest_snip_three_oneliners.tex", TreeFile.Reading(pick: 4)) }
    }

    @Test func aUnixListingWithoutItsRootIsAForestOfItsEntries() throws {
        let contents = try Self.load("outline_unix_tree_cookiecutter_ds.txt")
        #expect(contents.format == .listing && contents.roots == 13)
        // Comments after `<-` and their continuation lines are not entries.
        #expect(Self.drawn(contents.versions[0]) == "<>(LICENSE Makefile README.md data(external interim processed raw) docs models notebooks "
            + "pyproject.toml references reports(figures) requirements.txt setup.cfg {{ cookiecutter.module_name }}(__init__.py config.py "
            + "dataset.py features.py modeling(__init__.py predict.py train.py) plots.py))")
        let joined = try Self.load("outline_unix_tree_cookiecutter_ds.txt", TreeFile.Reading(rootLabel: "project"))
        #expect(Self.drawn(joined.versions[0]).hasPrefix("project(LICENSE Makefile"))
    }

    @Test func aWindowsListingInGBKIsDecodedAndItsHeaderSkipped() throws {
        let contents = try Self.load("outline_windows_tree_gbk_python-office.txt")
        #expect(contents.format == .listing && contents.encoding == .gb18030)
        #expect(Self.drawn(contents.versions[0]) == #"D:\DOWNLOAD\YOU-GET\HIGH-PY\PYTHON-OFFICE(.idea(inspectionProfiles shelf) cli "#
            + "contributors(demo) core docs lib(image pdf ppt tools utils) office script tests venv)")
    }

    @Test func mdBookSummariesAreTheirHeadingsAndLists() throws {
        let head = try Self.load("outline_mdlist_rust-book_SUMMARY_head.md")
        #expect(head.format == .markdown)
        let tree = head.versions[0]
        // The title, then the three unnumbered chapters and the numbered ones.
        #expect(tree.value.label == "The Rust Programming Language")
        #expect(tree.children.prefix(4).map { $0!.value.label } == ["The Rust Programming Language", "Foreword", "Introduction", "Getting Started"])
        #expect(Self.drawn(tree.children[3]!) == "Getting Started(Installation Hello, World! Hello, Cargo!)")
        #expect(tree.count == 112)
        let old = try Self.load("outline_mdlist_rust-book_SUMMARY_2016.md").versions[0]
        // Four parts (## headings) under the title, 4-space indents.
        #expect(old.children.map { $0!.value.label } == ["Getting started", "Basic Rust Literacy", "Thinking in Rust", "Advanced Topics"])
        #expect(Self.drawn(old.children[0]!).hasPrefix("Getting started(Introduction(Installation Hello, World!) Guessing Game Tutorial"))
        #expect(old.count == 99)
    }

    @Test func d3sFlareReadsTheSameFromJSONAndFromItsDottedCSV() throws {
        let json = try Self.load("d3_flare.json"), csv = try Self.load("d3_flare.csv")
        #expect(json.format == .json && csv.format == .csv)
        #expect(json.versions[0].count == 252)
        #expect(sketch(json.versions[0]) == sketch(csv.versions[0]))
        // A hierarchy without names: leaves by their value, the rest by place.
        #expect(try Self.drawn(Self.load("d3_simple.json").versions[0]) == "/(/1(1 2 3) /2(4 3 2))")
    }

    @Test(.tags(.sweep)) func leetCodeArraysAreReadInEitherForm() throws {
        // 188 test cases, one a line: separate trees, the first drawn.
        let contents = try Self.load("leetcode_levelorder_fishercoder.txt")
        #expect(contents.format == .levelOrder && contents.found == 188 && contents.picked == 1)
        let all = try (1...188).map { try Self.load("leetcode_levelorder_fishercoder.txt", TreeFile.Reading(pick: $0)).versions[0] }
        #expect(all.prefix(3).map(Self.drawn) == ["1(2 3)", "1(2 ·)", "1(· 2)"])
        // Line 72 writes null under null, as an array indexed 2i+1, 2i+2.
        #expect(Self.drawn(all[71]) == "1(3(5(6 ·) ·) 2(· 9(· 7)))")
        #expect(all.map(\.count).max() == 1_050)
    }
}
