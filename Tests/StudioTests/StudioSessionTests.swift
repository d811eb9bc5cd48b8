import Foundation
import LectureFiles
import Production
import Studio
import Testing

/// A session's runs, undo and lecture text, without rendering a frame.
@Suite struct StudioSessionTests {
    static func session(_ setup: StudioSetup = StudioSetup(structure: "bst")) throws -> (StudioSession, StudioWorkspace) {
        let workspace = try StudioWorkspace()
        return (try StudioSession(setup: setup, workspace: workspace), workspace)
    }

    @Test func eachRunAppendsItsStepsAndUndoTakesTheLastRunAway() throws {
        let (session, workspace) = try Self.session()
        defer { workspace.removeAll() }
        let first = try session.run("insert 50 30 70")
        #expect(first.runs == ["insert 50 30 70"])
        #expect(first.steps.count >= 3)
        #expect(first.steps.allSatisfy { $0.run == 0 })
        let second = try session.run("delete 30")
        #expect(second.runs == ["insert 50 30 70", "delete 30"])
        #expect(second.steps.count > first.steps.count)
        // The finished tree's closing step moves to the end, and is the last run's.
        let own = second.steps.filter { $0.run == 1 }
        #expect(own.first?.caption == "delete 30")
        #expect(second.steps.prefix { $0.run == 0 }.map(\.caption) == ["insert 50", "insert 30", "insert 70"])
        #expect(second.steps.last?.run == 1)
        let undone = try session.undo()
        #expect(undone == first)
        #expect(try session.undo().steps.isEmpty)
        #expect(throws: ProductionFailure.self) { try session.undo() }
    }

    /// Two runs sent at once (a double click, two requests) apply one after
    /// the other, each building on the other's result.
    @Test func twoRunsAtOnceApplyOneAfterTheOther() async throws {
        let (session, workspace) = try Self.session()
        defer { workspace.removeAll() }
        async let a: Void = Task.detached { _ = try? session.run("insert 50 20") }.value
        async let b: Void = Task.detached { _ = try? session.run("insert 30 60") }.value
        _ = await (a, b)
        let state = session.current
        #expect(state.runs.sorted() == ["insert 30 60", "insert 50 20"])
        let (again, other) = try Self.session()
        defer { other.removeAll() }
        for run in state.runs { try again.run(run) }
        #expect(again.current == state)
    }

    @Test func aRunTheOperationsLanguageRefusesLeavesTheSessionAsItWas() throws {
        let (session, workspace) = try Self.session()
        defer { workspace.removeAll() }
        try session.run("insert 50 30 70")
        let before = session.current
        do throws(ProductionFailure) {
            try session.run("frobnicate 3")
            Issue.record("an unknown operation was taken")
        } catch {
            #expect(error.status == 65)
            #expect(error.message.contains("frobnicate"))
        }
        #expect(session.current == before)
        #expect(throws: ProductionFailure.self) { try session.run("   \n ") }
    }

    /// The lecture the session is, read back by the lecture reader, holds
    /// each run and each option exactly as given, whatever they hold.
    @Test func theLectureTextHoldsTheRunsAndOptionsExactly() throws {
        let hostile = "a\"b\\c <script>alert(1)</script>\u{7}: # not a comment"
        let setup = StudioSetup(structure: "hash", options: [StudioOption("probing", "linear"), StudioOption("name", hostile)])
        let (session, workspace) = try Self.session(setup)
        defer { workspace.removeAll() }
        try session.run("insert 12 44 13")
        try session.run("search 44\ndelete 12")
        let lecture = try LectureFile.read(Array(session.lectureText.utf8), name: "session.yaml")
        #expect(lecture.sections.count == 1)
        let section = try #require(lecture.sections.first)
        #expect(section.key == "hash")
        guard case .options(let options) = section.value else {
            Issue.record("the section holds no options")
            return
        }
        let values = Dictionary(uniqueKeysWithValues: options.map { ($0.key, $0.value) })
        #expect(values["probing"] == .scalar("linear"))
        #expect(values["name"] == .scalar(hostile))
        #expect(values["ops"] == .scalar("insert 12 44 13\nsearch 44; delete 12"))
        #expect(session.opsText.split(separator: "\n").dropFirst() == ["insert 12 44 13", "search 44; delete 12"])
    }

    @Test func aStructureOrOptionTheStudioHasNotIsRefusedAtOnce() throws {
        let workspace = try StudioWorkspace()
        defer { workspace.removeAll() }
        #expect(throws: ProductionFailure.self) { try StudioSession(setup: StudioSetup(structure: "family"), workspace: workspace) }
        #expect(throws: ProductionFailure.self) {
            try StudioSession(setup: StudioSetup(structure: "bst", options: [StudioOption("probing", "linear")]), workspace: workspace)
        }
        #expect(throws: ProductionFailure.self) { try StudioSession(setup: StudioSetup(structure: "graph"), workspace: workspace) }
        #expect(StudioSetup.structures == ["bst", "avl", "rb", "heap", "list", "stack", "queue", "hash", "btree", "trie", "sort", "graph"])
    }

    /// A sort takes values, not operations: each run is a section of its
    /// own, sorting the run's values.
    @Test func eachRunOfASortIsASectionOfItsValues() throws {
        let (session, workspace) = try Self.session(StudioSetup(structure: "sort", options: [StudioOption("algorithm", "insertion")]))
        defer { workspace.removeAll() }
        let first = try session.run("5 2 4 1")
        let second = try session.run("3, 1 2")
        #expect(second.steps.count > first.steps.count)
        #expect(second.steps.prefix(first.steps.count).allSatisfy { $0.run == 0 })
        #expect(second.steps.last?.run == 1)
        let lecture = try LectureFile.read(Array(session.lectureText.utf8), name: "session.yaml")
        #expect(lecture.sections.map(\.key) == ["sort", "sort"])
        guard case .options(let options) = lecture.sections[1].value else {
            Issue.record("the second section holds no options")
            return
        }
        #expect(options.first { $0.key == "values" }?.value == .scalar("3,1,2"))
        #expect(throws: ProductionFailure.self) { try session.export(.ops) }
    }

    @Test func anUploadIsNamedByAPlainFileNameNeverAPath() {
        #expect(StudioUpload.fileName("../../etc/passwd") == "passwd")
        #expect(StudioUpload.fileName("C:\\x\\roads.dot") == "roads.dot")
        #expect(StudioUpload.fileName("..") == "graph.dot")
        #expect(StudioUpload.fileName("ro ads<1>.dot") == "roads1.dot")
    }
}
