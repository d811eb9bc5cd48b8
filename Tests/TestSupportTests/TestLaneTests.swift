import Foundation
import Testing
import TestSupport

/// `scripts/test.sh --fast` skips, by ID, the suites and tests named in
/// `Tests/TestSupport/SlowTests.txt` (this toolchain's `swift test` cannot
/// select by tag). These checks keep that list, the slow tags and what the
/// tests run in step, reading the test sources as written.
@Suite struct TestLaneTests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    /// What shows that a test runs a program outside the package: the
    /// helpers that run one, or a sink that starts the real ffmpeg (a test
    /// that hands it an `environment:` or `executable:` runs a fake or none).
    static var runsAProgram: Regex<Substring> { /CommandRunner|Chromium|LibreOffice|Poppler|Probe\(|SpeechEngine\(|Process\(\)/ }
    static var startsFFmpeg: Regex<Substring> { /FFmpegSink\(/ }
    static var fakesFFmpeg: Regex<Substring> { /environment:|executable:/ }

    @Test func everySuiteOrTestCarryingASlowTagIsSkippedByTheFastLaneAndNothingElse() throws {
        let declarations = try TestSource.all(in: Self.tests).flatMap(\.declarations)
        #expect(declarations.count > 1_000, "read \(declarations.count) suites and tests")
        let modulesAllSlow = Set(declarations.map(\.module)).filter { module in
            declarations.filter { $0.module == module && $0.isSuite }.allSatisfy(\.isSlow)
        }
        let expected = Set(
            declarations.filter(\.isSlow).map { modulesAllSlow.contains($0.module) ? $0.module : $0.id })
        let listed = try SlowTests.read(from: Self.tests)
        for id in expected.subtracting(listed).sorted() {
            Issue.record("\(id) carries a slow tag: add it to Tests/TestSupport/SlowTests.txt")
        }
        for id in listed.subtracting(expected).sorted() {
            Issue.record("\(id) is in Tests/TestSupport/SlowTests.txt but carries no slow tag (or is not a suite or test)")
        }
    }

    @Test func everySuiteThatRunsTheBinaryIsTaggedCLI() throws {
        let suites = try TestSource.all(in: Self.tests).filter { $0.module == "treeanimTests" }
            .flatMap(\.declarations).filter(\.isSuite)
        #expect(suites.count > 30)
        for suite in suites where !suite.tags.contains("cli") {
            Issue.record("\(suite.file):\(suite.line): \(suite.id) runs the built binary: tag it .cli")
        }
    }

    @Test func aTestThatRunsAProgramCarriesTheExternalOrCLITag() throws {
        for source in try TestSource.all(in: Self.tests) where source.module != "TestSupport" && source.mentionsAProgram {
            let helpers = source.helpersThatRunAProgram()
            for test in source.declarations where !test.isSuite {
                let body = source.lines[test.body].joined(separator: "\n")
                let runs = body.contains(Self.runsAProgram) || (body.contains(Self.startsFFmpeg) && !body.contains(Self.fakesFFmpeg))
                    || helpers.contains { body.contains(".\($0)(") || body.contains(" \($0)(") }
                let tagged = !test.inheritedTags.isDisjoint(with: ["external", "cli"])
                if runs && !tagged {
                    Issue.record("\(test.file):\(test.line): \(test.id) runs a program: tag it .external (or its suite)")
                }
            }
        }
    }

    @Test func theListAndTheDeclaredTagsAreTheOnesTheFastLaneKnows() throws {
        #expect(Tag.slow == [.external, .cli, .golden, .sweep, .bulk])
        #expect(Set(TestSource.slowTagNames) == ["external", "cli", "golden", "sweep", "bulk"])
        let script = try String(contentsOf: Self.tests.deletingLastPathComponent().appendingPathComponent("scripts/test.sh"), encoding: .utf8)
        #expect(script.contains("Tests/TestSupport/SlowTests.txt"))
    }
}

/// The skip list: one suite or test ID a line (`Module`, `Module.Suite` or
/// `Module.Suite/test`), `#` comments.
enum SlowTests {
    static func read(from tests: URL) throws -> Set<String> {
        let text = try String(contentsOf: tests.appendingPathComponent("TestSupport/SlowTests.txt"), encoding: .utf8)
        return Set(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") })
    }
}

/// A suite or test as its source declares it.
struct Declaration {
    var module: String
    var file: String
    var line: Int
    var isSuite: Bool
    var name: String
    var suite: String?
    var tags: Set<String>
    /// Its own tags and its suite's.
    var inheritedTags: Set<String>
    /// The lines (from 0) from its attribute to its closing brace.
    var body: ClosedRange<Int>

    var id: String { isSuite ? "\(module).\(name)" : "\(module).\(suite ?? "")/\(name)" }
    var isSlow: Bool { !tags.isDisjoint(with: TestSource.slowTagNames) }
}

/// One test file, read well enough to find its suites, tests and tags.
struct TestSource {
    static let slowTagNames: Set<String> = Set(Tag.slow.map { "\($0)".replacingOccurrences(of: ".", with: "") })

    var module: String
    var file: String
    var lines: [String]
    var declarations: [Declaration] = []

    static func all(in tests: URL) throws -> [TestSource] {
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { file in
            let relative = String(file.path.dropFirst(tests.path.count + 1))
            let module = String(relative.prefix { $0 != "/" })
            let text = try String(contentsOf: file, encoding: .utf8)
            return TestSource(module: module, file: relative, lines: text.components(separatedBy: "\n"))
        }.map { var source = $0; source.declarations = source.declared(); return source }
    }

    func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }

    /// The line that closes the block opened at or after `start`.
    func end(from start: Int) -> Int {
        let margin = indent(lines[start])
        return (start + 1..<lines.count).first { lines[$0].hasPrefix(String(repeating: " ", count: margin) + "}") && indent(lines[$0]) == margin }
            ?? lines.count - 1
    }

    func declared() -> [Declaration] {
        var found: [Declaration] = []
        var suite: Declaration?
        for (number, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("@Suite") || trimmed.hasPrefix("@Test") else { continue }
            let isSuite = trimmed.hasPrefix("@Suite")
            let keyword = isSuite ? /(?:struct|class|enum|actor)\s+(\w+)/ : /func\s+(\w+)/
            guard let declaration = (number..<min(number + 40, lines.count)).first(where: { lines[$0].contains(keyword) }),
                let name = lines[declaration].firstMatch(of: keyword)?.1
            else { continue }
            let attribute = lines[number...declaration].joined(separator: " ")
            let tags = Set(attribute.matches(of: /\.tags\(([^)]*)\)/).flatMap { $0.1.matches(of: /\.(\w+)/).map { String($0.1) } })
            let item = Declaration(
                module: module, file: file, line: number + 1, isSuite: isSuite, name: String(name),
                suite: isSuite ? nil : suite?.name, tags: tags, inheritedTags: tags.union(isSuite ? [] : suite?.tags ?? []),
                body: number...end(from: number))
            if isSuite { suite = item }
            found.append(item)
        }
        return found
    }

    /// Whether anything in the file runs a program: in a file where nothing
    /// does, no test or helper does.
    var mentionsAProgram: Bool {
        let text = lines.joined(separator: "\n")
        return text.contains(TestLaneTests.runsAProgram) || text.contains(TestLaneTests.startsFFmpeg)
    }

    /// The names of this file's functions, outside its tests, whose bodies
    /// run a program themselves or through another such function.
    func helpersThatRunAProgram() -> Set<String> {
        let inTests = Set(declarations.filter { !$0.isSuite }.flatMap { Array($0.body) })
        let functions = lines.enumerated().compactMap { number, line -> (name: String, body: String)? in
            guard !inTests.contains(number), let name = line.firstMatch(of: /^\s*(?:@\w+\s+)*(?:(?:static|private|fileprivate|public|mutating)\s+)*func\s+(\w+)/)?.1
            else { return nil }
            return (String(name), lines[number...end(from: number)].joined(separator: "\n"))
        }
        var running = Set<String>()
        for _ in 0..<3 {
            for function in functions where function.body.contains(TestLaneTests.runsAProgram)
                || running.contains(where: { function.body.contains(".\($0)(") || function.body.contains(" \($0)(") }) {
                running.insert(function.name)
            }
        }
        return running
    }
}
