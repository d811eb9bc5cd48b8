import Foundation
import Testing
import TestSupport

/// Whatever text a user puts in (tree labels, family names, a CSV's
/// categories and periods, `--title`, a file's name) comes out of every
/// output that carries text exactly as written, and harmless: the HTML deck
/// in Chromium, the PowerPoint deck in an XML parser and LibreOffice, the
/// handout in poppler, `steps.json` and the scene dump in a JSON parser.
/// See ``HostileText`` for the strings and what each output can carry.
@Suite(.tags(.cli)) struct HostileTextTests {
    /// Small, short animations: a fifth of a second a frame.
    static let small = ["--size", "192x108", "--fps", "5"]

    /// Runs `arguments` three times, into an HTML deck (with `--steps-dir`
    /// and `--dump-scene`), a PowerPoint deck and a handout, and checks
    /// each output. Returns the steps and the dumped text for the caller's
    /// own checks.
    static func renderEverywhere(
        _ arguments: [String], title: String, in dir: String
    ) async throws -> (steps: [HostileText.Step], dumped: Set<String>) {
        let html = try CommandRunner.run(
            arguments + small + ["-o", "deck.html", "--steps-dir", "steps", "--dump-scene", "scene.jsonl"], in: dir)
        try #require(html.status == 0, "stderr: \(html.stderr)")
        // A label's control characters never reach the terminal.
        #expect(!html.stderr.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" },
                "stderr: \(html.stderr.debugDescription)")
        let steps = try HostileText.steps(in: dir + "/steps")
        let dumped = try HostileText.dumpedText(dir + "/scene.jsonl")
        let descriptions = try await HostileText.checkHTMLDeck(dir + "/deck.html", title: title, steps: steps)

        let pptx = try CommandRunner.run(arguments + small + ["-o", "deck.pptx"], in: dir)
        try #require(pptx.status == 0, "stderr: \(pptx.stderr)")
        try HostileText.checkPPTX(dir + "/deck.pptx", title: title, steps: steps, descriptions: descriptions, in: dir)

        let pdf = try CommandRunner.run(arguments + small + ["-o", "handout.pdf"], in: dir)
        try #require(pdf.status == 0, "stderr: \(pdf.stderr)")
        try HostileText.checkHandout(dir + "/handout.pdf", title: title, steps: steps)
        return (steps, dumped)
    }

    /// Tree labels, toured one by one so that each is a step's caption, in
    /// a file whose name is the deck's title.
    @Test func treeLabelsComeOutAsWrittenInEveryOutput() async throws {
        let dir = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let labels = HostileText.all + [HostileText.long(1_000)]
        let children = labels.enumerated().map { ["id": "n\($0.offset)", "label": $0.element] }
        let tree = try JSONSerialization.data(withJSONObject: ["label": "root", "children": children])
        let file = HostileText.fileName + ".json"
        try tree.write(to: URL(fileURLWithPath: "\(dir)/\(file)"))

        let tour = labels.indices.map { "n\($0)" }.joined(separator: ",")
        let (steps, dumped) = try await Self.renderEverywhere(
            ["tree", file, "--reveal", "none", "--tour", tour], title: HostileText.fileName, in: dir)
        #expect(Array(steps.dropFirst().prefix(labels.count).map(\.caption)) == labels)
        #expect(dumped.isSuperset(of: labels))
    }

    @Test func aTreeLabelOverTheLimitIsRefusedInOneLine() throws {
        let dir = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tree = try JSONSerialization.data(
            withJSONObject: ["label": "root", "children": [["label": HostileText.long(10_000)]]])
        try tree.write(to: URL(fileURLWithPath: dir + "/long.json"))
        let r = try CommandRunner.run(["tree", "long.json", "-o", "out/"] + Self.small, in: dir)
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("treeanim: error: long.json:1:"))
        #expect(r.stderr.hasSuffix(": label of 10,000 characters: the limit is 1,000 characters\n"))
        #expect(r.stderr.filter(\.isNewline).count == 1)
        #expect(CommandRunner.files(in: dir) == ["long.json"])
    }

    /// A lone surrogate, which JSON can write (`"\ud800"`) but no string
    /// can hold, is refused in one line naming the file.
    @Test(arguments: [
        (["tree", "lone.json"], #"{"label": "root", "children": [{"label": "a\ud800b"}]}"#),
        (["family", "lone.json"], #"[{"id": "a", "name": "a\ud800b"}]"#),
    ])
    func aLoneSurrogateIsRefusedInOneLine(command: [String], json: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(json.utf8).write(to: URL(fileURLWithPath: dir + "/lone.json"))
        let r = try CommandRunner.run(command + ["-o", "out/"] + Self.small, in: dir)
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("treeanim: error: lone.json:1") && r.stderr.filter(\.isNewline).count == 1, "\(r.stderr)")
        #expect(CommandRunner.files(in: dir) == ["lone.json"])
    }

    /// An error that quotes a file's text escapes what would act on the
    /// terminal: an escape sequence, and a right-to-left override that would
    /// turn the rest of the line around.
    @Test func anErrorQuotingAFilesTextEscapesControls() throws {
        let dir = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("period,a\n2020,1\u{202E}2\u{1B}[31m\n".utf8).write(to: URL(fileURLWithPath: dir + "/bad.csv"))
        let r = try CommandRunner.run(["bars", "bad.csv", "-o", "out/"] + Self.small, in: dir)
        #expect(r.status == 65)
        #expect(r.stderr == "treeanim: error: bad.csv:2:2: '1\\u{202e}2\\u{1b}[31m' is not a number\n")
    }

    /// A family of one line of descent, each person named by a hostile
    /// string: the lineage from the last to the first names every one of
    /// them in a caption.
    @Test func familyNamesComeOutAsWrittenInEveryOutput() async throws {
        let dir = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The longest name a family file takes: 1,000 characters.
        let names = HostileText.all + [HostileText.long(1_000)]
        let people = names.enumerated().map { index, name in
            ["id": "p\(index)", "name": name, "children": index + 1 < names.count ? ["p\(index + 1)"] : []]
        }
        try JSONSerialization.data(withJSONObject: people).write(to: URL(fileURLWithPath: dir + "/family.json"))

        let (steps, dumped) = try await Self.renderEverywhere(
            ["family", "family.json", "--lineage", "p\(names.count - 1),p0", "--title", HostileText.title],
            title: HostileText.title, in: dir)
        let captions = steps.compactMap(\.caption)
        for name in names {
            #expect(captions.contains { $0 == name || $0.hasSuffix(" " + name) }, "\(name.debugDescription) in a caption")
            #expect(dumped.contains { $0 == name || $0.hasPrefix(name + "\n") }, "\(name.debugDescription) in the dump")
        }
    }

    /// GEDCOM names, read from the bytes a genealogy program writes,
    /// controls and an escape sequence included; the slashes around a
    /// surname are GEDCOM's, so the given names hold none.
    @Test func gedcomNamesComeOutAsWrittenInEveryOutput() async throws {
        let dir = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let given = [
            #"<img src=x onerror="window.pwned=1"> ]]> & < > " ' &amp;"#, "=cmd|' calc'!A0 +1+1 @SUM(1)",
            "soh\u{1}y\u{1B}[31mz", "rtl\u{202E}abc 😀",
        ]
        // Each person the child of the one before: I1's family F1 has I2...
        var gedcom = ["0 HEAD", "1 CHAR UTF-8"]
        for (index, name) in given.enumerated() {
            gedcom += ["0 @I\(index + 1)@ INDI", "1 NAME \(name) /Smith/"]
            if index > 0 { gedcom.append("1 FAMC @F\(index)@") }
            if index + 1 < given.count { gedcom.append("1 FAMS @F\(index + 1)@") }
        }
        for index in given.indices.dropLast() {
            gedcom += ["0 @F\(index + 1)@ FAM", "1 HUSB @I\(index + 1)@", "1 CHIL @I\(index + 2)@"]
        }
        gedcom += ["0 TRLR", ""]
        try Data(gedcom.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: dir + "/family.ged"))

        let (steps, _) = try await Self.renderEverywhere(
            ["family", "family.ged", "--lineage", "I\(given.count),I1", "--title", HostileText.title],
            title: HostileText.title, in: dir)
        let captions = steps.compactMap(\.caption)
        for name in given.map({ $0 + " Smith" }) {
            #expect(captions.contains { $0 == name || $0.hasSuffix(" " + name) }, "\(name.debugDescription) in a caption")
        }
    }

    /// A CSV's categories and periods, quoted as a spreadsheet writes them:
    /// the tour makes each category a caption, and the notes name the
    /// periods. Formulas stay text: nothing evaluates them.
    @Test func barChartNamesComeOutAsWrittenInEveryOutput() async throws {
        let dir = try CommandRunner.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 1,000 characters, the longest name a CSV may hold (a longer one is
        // refused: DegenerateInputTests).
        let categories = HostileText.all.map(HostileText.withoutNUL) + [HostileText.long(1_000)]
        let periods = [#"=HYPERLINK("x")"#, "<b>2020</b> &amp;"]
        func field(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
        var csv = (["period"] + categories).map(field).joined(separator: ",") + "\r\n"
        for (row, period) in periods.enumerated() {
            csv += ([field(period)] + categories.indices.map { "\(10 * row + $0 + 1)" }).joined(separator: ",") + "\r\n"
        }
        try Data(csv.utf8).write(to: URL(fileURLWithPath: dir + "/bars.csv"))

        let (steps, dumped) = try await Self.renderEverywhere(
            // Every bar drawn, though a 1,000-character name cannot be read
            // whole: without --fit all the chart would race the largest.
            ["bars", "bars.csv", "--fit", "all", "--tour", "all", "--title", HostileText.title], title: HostileText.title, in: dir)
        let captions = steps.compactMap(\.caption), notes = steps.compactMap(\.note)
        for (index, category) in categories.enumerated() {
            #expect(captions.contains("\(category): \(10 + index + 1)"), "\(category.debugDescription) in a caption")
        }
        for period in periods {
            #expect(notes.contains { $0.contains(period) }, "\(period) in a note")
            #expect(dumped.contains(period), "\(period) in the dump")
        }
    }

    /// The structures whose only text is the title: it is the deck's,
    /// exactly, in each. A title of 10,000 characters too.
    @Test(arguments: [
        ["bst", "--values", "2,1"], ["heap", "--values", "2,1"], ["sort", "--values", "2,1"],
    ])
    func aTitleComesOutAsWrittenInEveryOutput(command: [String]) async throws {
        for title in [HostileText.title, HostileText.long(10_000)] {
            let dir = try CommandRunner.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: dir) }
            _ = try await Self.renderEverywhere(command + ["--title", title], title: title, in: dir)
        }
    }
}
