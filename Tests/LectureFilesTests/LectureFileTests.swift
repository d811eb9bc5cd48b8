import LectureFiles
import Testing

/// A lecture file's shape: its title and sections with the places they
/// were written at, and each mistake in the shape named at its line and
/// column.
@Suite struct LectureFileTests {
    static func read(_ yaml: String) throws(LectureFileError) -> LectureFile {
        try LectureFile.read(Array(yaml.utf8), name: "l.yaml")
    }

    @Test func sectionsKeepTheirOrderPlacesAndOptions() throws {
        let lecture = try Self.read("""
            title: Trees
            sections:
              - title: Search trees
              - text: |
                  # Why
                  - fast
              - bst: {ops: "insert 5 3", code: true}
              - question: Where will 4 go?
              - sort:
                  values: [5, 2, 4]
                  algorithm: insertion
              - heap:
            """)
        #expect(lecture.title?.value == "Trees")
        #expect(lecture.sections.map(\.key) == ["title", "text", "bst", "question", "sort", "heap"])
        #expect(lecture.sections[2].place == LectureFile.Place(line: 7, column: 5))
        guard case .options(let bst) = lecture.sections[2].value else { Issue.record("bst has no options"); return }
        #expect(bst.map(\.key) == ["ops", "code"])
        #expect(bst[0].value == .scalar("insert 5 3"))
        #expect(bst[1].place == LectureFile.Place(line: 7, column: 30))
        guard case .options(let sort) = lecture.sections[4].value else { Issue.record("sort has no options"); return }
        #expect(sort[0].value == .list(["5", "2", "4"]))
        guard case .text(let text) = lecture.sections[1].value else { Issue.record("text is no text"); return }
        #expect(text.value == "# Why\n- fast\n")
        #expect(lecture.sections[5].value == .empty)
    }

    @Test func aListAloneIsTheSections() throws {
        let lecture = try Self.read("- text: hello\n- bst: {ops: insert 1}\n")
        #expect(lecture.title == nil)
        #expect(lecture.sections.map(\.key) == ["text", "bst"])
    }

    @Test(arguments: [
        ("sections: [text: a\n", "l.yaml:2:1: not valid YAML"),
        ("sections: {}\n", "l.yaml:1:11: sections: expected a list"),
        ("sections: []\n", "l.yaml:1:11: sections: is empty"),
        ("sections:\n  - text: a\n    title: b\n", "l.yaml:2:5: a section is a map of one key"),
        ("sections:\n  - bst: [1, 2]\n", "l.yaml:2:10: bst: expected a text or a map of options, not a list"),
        ("sections:\n  - bst: {ops: {a: 1}}\n", "l.yaml:2:16: bst: ops: expected a value or a list, not a map"),
        ("sections:\n  - bst: {ops: a, ops: b}\n", "l.yaml:2:11: a key is given twice in one map: ops"),
        ("title: x\n", "l.yaml:1:1: no sections"),
        ("", "l.yaml: the file is empty"),
    ])
    func aMistakeNamesItsLineAndColumn(yaml: String, message: String) {
        #expect(throws: LectureFileError.self) { _ = try Self.read(yaml) }
        do {
            _ = try Self.read(yaml)
        } catch {
            #expect(error.description.hasPrefix(message), "\(error.description)")
        }
    }
}
