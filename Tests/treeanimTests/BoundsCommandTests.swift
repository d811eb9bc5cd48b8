import Foundation
import Testing
import TestSupport

/// Issue 47's hostile inputs, through the binary: each is refused with one
/// line naming the flag or file, the limit and what to do, before the work
/// that would have crashed the run or taken gigabytes; and a caption never
/// forms a subtitle cue of its own.
@Suite(.tags(.cli)) struct BoundsCommandTests {
    /// Runs treeanim in a new folder holding `files`.
    static func run(_ args: [String], files: [String: String] = [:]) throws -> CommandRunner.Result {
        let dir = try CommandRunner.temporaryFolder()
        for (name, text) in files { try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8) }
        return try CommandRunner.run(args, in: dir)
    }

    /// Expects one line on stderr, exit `status`, that says `says`.
    static func expectRefusal(_ r: CommandRunner.Result, status: Int32, says: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(r.status == status, "\(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr.prefix(500))", sourceLocation: sourceLocation)
        #expect(r.stderr.contains(says), "\(r.stderr.prefix(500))", sourceLocation: sourceLocation)
        #expect(r.stderr.utf8.count < 400, sourceLocation: sourceLocation)
    }

    static let deep = String(repeating: "(", count: 30_000) + "k" + String(repeating: ")", count: 30_000)

    @Test(arguments: [
        ["hash", "--hash", deep],
        ["hash", "--probing", "double", "--hash2", deep],
        ["hash", "--hash", "(((((((((((((((((((((k)))))))))))))))))))) mod m"],
    ])
    func aHashNestedTooDeepIsRefusedNamingItsFlagAndTheLimit(_ args: [String]) throws {
        let r = try Self.run(args + ["--ops", "insert 5", "-o", "out.gif"])
        Self.expectRefusal(r, status: 64, says: "brackets nest more than 20 deep")
        #expect(r.stderr.contains(args[args.count - 2] + " '"))
    }

    @Test func aHashLongerThanALineIsRefused() throws {
        let long = Array(repeating: "k", count: 150).joined(separator: " + ")
        Self.expectRefusal(try Self.run(["hash", "--hash", long, "--ops", "insert 5", "-o", "out.gif"]), status: 64,
            says: "the expression is 597 characters long: the limit is 200 characters")
    }

    @Test func aHashTableThatWouldRehashWithoutEndIsRefusedBeforeItGrows() throws {
        let r = try CommandRunner.runMeasuringMemory(
            ["hash", "--max-load", "1e-10", "--ops", "insert 5", "-o", "out.gif"], in: try CommandRunner.temporaryFolder(), limit: 1 << 30)
        Self.expectRefusal(
            r.result, status: 64,
            says: "--max-load 1e-10: at operation 1 'insert 5' the table holds 1 key, and keeping its load at most 1e-10 would grow it to 47 cells; at most")
        #expect(!r.result.stderr.contains("--ops:"))
        #expect(r.peak < 500 << 20)
    }

    @Test(arguments: [
        ["stack", "--ops", "push 9223372036854775807"],
        ["queue", "--ops", "enqueue 9223372036854775807 1 2"],
        ["stack", "--linked", "--ops", "push 9223372036854775807 1 2 3 4 5 6 7 8"],
        ["list", "--ops", "append -9223372036854775807 1 2 3 4 5 6 7 8"],
        ["hash", "--ops", "insert 9223372036854775807"],
    ])
    func aValueTooWideForItsCellsIsNamedNotAFlagNeverGiven(_ args: [String]) throws {
        let r = try Self.run(args + ["-o", "out.gif"])
        Self.expectRefusal(r, status: 64, says: "makes every cell too wide")
        #expect(r.stderr.contains("9223372036854775807"))
        #expect(!r.stderr.contains("--capacity") && !r.stderr.contains("--table-size"))
    }

    /// A letter and 60,000 combining marks: one character, as long as a
    /// command line lets an argument be.
    static let longCharacter = "a" + String(repeating: "\u{0301}", count: 60_000)

    @Test(arguments: ["trie", "list", "stack", "queue", "hash", "btree", "bst", "heap"])
    func aCharacterOfThousandsOfMarksIsRefusedInEveryOpsLanguage(_ command: String) throws {
        let word = command == "stack" ? "push" : command == "queue" ? "enqueue" : command == "list" ? "append" : "insert"
        let r = try Self.run([command, "--ops", "\(word) \(Self.longCharacter)", "-o", "out.gif"])
        Self.expectRefusal(r, status: 64, says: "a character of 60,001 Unicode scalars (a letter and its combining marks): the limit is 32 scalars a character")
    }

    @Test func aCharacterOfThousandsOfMarksIsRefusedInAnOpsFile() throws {
        let r = try Self.run(["trie", "--ops-file", "w.txt", "-o", "out.gif"], files: ["w.txt": "insert tea\ninsert \(Self.longCharacter)\n"])
        Self.expectRefusal(r, status: 64, says: "--ops-file w.txt: line 2: a character of 60,001 Unicode scalars")
    }

    @Test(arguments: [
        ("family", "f.yaml", "people:\n  - id: a\n    name: \(longCharacter)\n"),
        ("bars", "b.csv", "name,value\n\(longCharacter),3\nb,4\n"),
        ("lecture", "l.yaml", "sections:\n  - title: \(longCharacter)\n"),
    ])
    func aCharacterOfThousandsOfMarksIsRefusedInEveryFile(_ command: String, _ file: String, _ text: String) throws {
        let r = try Self.run([command, file, "-o", "out.gif"], files: [file: text])
        Self.expectRefusal(r, status: 65, says: "a character of 60,001 Unicode scalars")
        #expect(r.stderr.contains(file))
    }

    @Test func aLectureOfTwentyThousandAliasedSectionsIsRefusedBeforeAnyIsBuilt() throws {
        let yaml = "sections:\n  - &s {text: \"# Hi\\nwords\"}\n" + String(repeating: "  - *s\n", count: 20_000)
        Self.expectRefusal(try Self.run(["lecture", "l.yaml", "-o", "out.html"], files: ["l.yaml": yaml]), status: 65,
            says: "l.yaml:2:3: 20,001 sections: the limit is 500 sections a lecture")
    }

    @Test func aLectureTooLongForTheFrameLimitIsRefusedBeforeAnyIsBuilt() throws {
        let yaml = "sections:\n" + String(repeating: "  - title: One\n", count: 480)
        Self.expectRefusal(try Self.run(["lecture", "l.yaml", "--fps", "240", "-o", "f/"], files: ["l.yaml": yaml]), status: 65,
            says: "over the limit of 216,000: fewer sections")
    }

    @Test func aYAMLMergeKeyIsNamedAtItsOwnPlace() throws {
        let yaml = "sections:\n  - bst: &o {ops: \"insert 5\"}\n  - bst:\n      <<: *o\n      code: true\n"
        Self.expectRefusal(try Self.run(["lecture", "l.yaml", "-o", "out.gif"], files: ["l.yaml": yaml]), status: 65,
            says: "l.yaml:4:7: YAML merge keys (<<) are not supported: write the keys out")
    }

    @Test func anAliasBombInAKeyIsRefusedBeforeYAMLHashesIt() throws {
        var yaml = "x: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h", "i"] {
            yaml += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
            previous = name
        }
        Self.expectRefusal(try Self.run(["lecture", "l.yaml", "-o", "out.gif"], files: ["l.yaml": yaml + "? *i\n: 1\n"]), status: 65,
            says: "l.yaml:10:3: '*i' reads as a YAML alias in a key")
        Self.expectRefusal(try Self.run(["lecture", "l.yaml", "-o", "out.gif"], files: ["l.yaml": yaml + "[*i]: 1\n"]), status: 65,
            says: "l.yaml:10:2: '*i' reads as a YAML alias in a key")
    }

    @Test func aLectureRepeatingASectionByAnAliasIsRead() throws {
        let yaml = "sections:\n  - &s {title: Trees}\n  - bst: &o {ops: \"insert 5 3\"}\n  - *s\n  - bst: *o\n"
        let r = try Self.run(["lecture", "l.yaml", "--size", "320x180", "--fps", "5", "-o", "f/"], files: ["l.yaml": yaml])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func aQuestionCannotFormASubRipCueOfItsOwn() throws {
        let injected = "Where does 42 go?\\n\\n99\\n00:00:00,000 --> 00:09:00,000\\nINJECTED"
        let yaml = "sections:\n  - bst: {ops: \"insert 50 30\"}\n  - question: \"\(injected)\"\n  - bst: {ops: \"insert 42\"}\n"
        let dir = try CommandRunner.temporaryFolder()
        try yaml.write(toFile: dir + "/l.yaml", atomically: true, encoding: .utf8)
        let args = ["lecture", "l.yaml", "--size", "320x180", "--fps", "10", "-o", "f/"]
        let vttRun = try CommandRunner.run(args + ["--subtitles", "s.vtt"], in: dir)
        let srtRun = try CommandRunner.run(args + ["--subtitles", "s.srt"], in: dir)
        try #require(vttRun.status == 0 && srtRun.status == 0, "\(vttRun.stderr) \(srtRun.stderr)")
        let vtt = AccessibilityCommandTests.webVTTCues(
            try AccessibilityCommandTests.tool("ffmpeg", ["-v", "error", "-i", "s.vtt", "-f", "webvtt", "-"], in: dir))
        let srt = AccessibilityCommandTests.webVTTCues(
            try AccessibilityCommandTests.tool("ffmpeg", ["-v", "error", "-i", "s.srt", "-f", "webvtt", "-"], in: dir))
        let unseen = { (s: String) in s.replacingOccurrences(of: "\u{2060}", with: "") }
        #expect(vtt.contains { $0.text.contains("INJECTED") })
        #expect(srt.map { unseen($0.text) } == vtt.map(\.text))
        #expect(srt.map(\.start) == vtt.map(\.start) && srt.map(\.end) == vtt.map(\.end))
        #expect(!srt.contains { $0.text == "INJECTED" })
    }

    @Test(arguments: [
        (["--range", "5...5", "--inserts", "2"], "--range 5...5 holds 1 key, too few for 2 distinct inserts"),
    ])
    func oneIsSingular(_ args: [String], _ message: String) throws {
        Self.expectRefusal(try Self.run(["bst"] + args + ["-o", "out.gif"]), status: 64, says: message)
    }
}

extension BoundsCommandTests {
    @Test func aFamilyNameLongerThanALabelIsRefused() throws {
        let long = String(repeating: "x", count: 1_500)
        let r = try Self.run(["family", "f.yaml", "-o", "out.gif"], files: ["f.yaml": "people:\n  - id: a\n    name: \(long)\n"])
        Self.expectRefusal(r, status: 65, says: "f.yaml:2: name of 1,500 characters: the limit is 1,000 characters")
    }

    // MARK: Issue 47's review

    @Test(arguments: [
        ("name,period,value\na,2000,1\nb,2000,5e-324\na,2001,-5e-324\nb,2001,0\n", "t.csv:3:3: '5e-324' is too small"),
        ("name,period,value\na,2000,0\nb,2000,5e-324\n", "t.csv:3:3: '5e-324' is too small"),
        ("name,period,value\na,2000,0\nb,2000,-5e-324\n", "t.csv:3:3: '-5e-324' is too small"),
        ("name,period,value\na,2000,0\nb,2000,1e-310\n", "t.csv:3:3: '1e-310' is too small"),
        ("name,period,value\na,2000,1\nb,2000,nan\n", "t.csv:3:3: 'nan' is not a number"),
        ("name,period,value\na,2000,1\nb,2000,-inf\n", "t.csv:3:3: '-inf' is not a number"),
    ])
    func barsValuesTooSmallToScaleOrNotNumbersAreRefusedAtTheirCell(csv: String, says: String) throws {
        let r = try Self.run(["bars", "t.csv", "--count-frames"], files: ["t.csv": csv])
        Self.expectRefusal(r, status: 65, says: says)
    }

    @Test func barsValuesJustAboveTheFloorAreCharted() throws {
        let r = try Self.run(["bars", "t.csv", "-o", "z.gif", "--fps", "2"], files: ["t.csv": "name,period,value\na,2000,1e-300\nb,2000,0\na,2001,-1e-300\nb,2001,0\n"])
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func aBarsNameOfAMillionCharactersIsRefusedInGroupedNumbers() throws {
        let r = try Self.run(["bars", "t.csv", "--count-frames"], files: ["t.csv": "name,period,value\n\(String(repeating: "x", count: 1_000_000)),2000,1\n"])
        Self.expectRefusal(r, status: 65, says: "t.csv:2:1: name of 1,000,000 characters: the limit is 1,000 characters")
    }

    @Test func aBarsNameOfThousandsOfMarksIsNoEncodingProblem() throws {
        let r = try Self.run(["bars", "t.csv", "--count-frames"], files: ["t.csv": "name,period,value\na\(String(repeating: "\u{0301}", count: 450_000)),2000,1\n"])
        Self.expectRefusal(r, status: 65, says: "t.csv: line 2, a character of 450,001 Unicode scalars")
        #expect(!r.stderr.contains("UTF-8"))
        #expect(r.stderr.contains("the limit is 32 scalars a character"))
    }

    @Test(arguments: [
        (["--probing", "double", "--hash2", "0"], "--hash2 '0': a step of 0 never moves: double hashing's step must never be 0 mod the table size"),
        (["--probing", "double", "--hash2", "3"], "--hash2 '3': the step does not use k"),
        (["--hash", "k mod 0"], "--hash 'k mod 0': mod 0 at column 7 divides by zero"),
        (["--hash", "(k + 1) % (2 - 2)"], "--hash '(k + 1) % (2 - 2)': mod 0 at column 11 divides by zero"),
    ])
    func aHashThatCanNeverProbeOrDivideIsRefusedAtParseTime(flags: [String], says: String) throws {
        Self.expectRefusal(try Self.run(["hash"] + flags + ["--ops", "insert 5", "-o", "out.gif"]), status: 64, says: says)
    }

    @Test func aMaxLoadOutOfReachIsBlamedNotTheValues() throws {
        let r = try Self.run(["hash", "--max-load", "1e-10", "--values", "1,2", "-o", "out.gif"])
        Self.expectRefusal(r, status: 64, says: "--max-load 1e-10: at operation 1 'insert 1' the table holds 1 key")
        #expect(!r.stderr.contains("--values"))
    }

    @Test func aLectureNestedTooDeepSaysSoAtItsPlace() throws {
        let yaml = "sections:\n  - text: " + String(repeating: "[", count: 100_000) + "\n"
        let r = try Self.run(["lecture", "l.yaml", "-o", "x.gif"], files: ["l.yaml": yaml])
        Self.expectRefusal(r, status: 65, says: "nested more than 1000 levels deep: the limit is 1000")
        #expect(r.stderr.hasPrefix("treeanim: error: l.yaml:2:"))
    }

    /// The structure and the options of every section are checked before
    /// any is built: the first section, whose file is missing, would fail
    /// if it were built first.
    @Test(arguments: [
        ("  - question: why?\n  - question: why not?\n  - bst: {ops: insert 1}\n", "l.yaml:4:5: a question follows a question"),
        ("  - bst: {ops: insert 1, colour: red}\n", "l.yaml:3:26: bst has no option 'colour'"),
    ])
    func aLecturesStructureIsCheckedBeforeAnySectionIsBuilt(tail: String, says: String) throws {
        let yaml = "sections:\n  - tree: {file: missing.txt}\n" + tail
        let r = try Self.run(["lecture", "l.yaml", "-o", "x.gif"], files: ["l.yaml": yaml])
        Self.expectRefusal(r, status: 65, says: says)
    }
}
