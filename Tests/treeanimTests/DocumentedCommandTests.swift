import Foundation
import TestSupport
import Testing

/// Every command the README and the guides in `docs/guides/` show runs as
/// written: each `sh` block runs, line after line, in a fresh folder laid out
/// as the checkout is (`docs/examples` and `scripts` where the commands name
/// them), with the built `treeanim` first on `PATH`; each line exits 0 and
/// every file it names as an output is there, of the kind its name says.
///
/// Left out, and only these: the set-up and test commands (they build and
/// test the checkout itself), and a block right after a marker that says why
/// (`<!-- takes minutes -->`, `<!-- needs a Slurm cluster -->`). The
/// commands under the gallery's pictures are checked by counting frames.
@Suite(.tags(.cli, .external)) struct DocumentedCommandTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The markers that leave the next block out, and why.
    static let markers = [
        "<!-- takes minutes -->", "<!-- needs a Slurm cluster -->", "<!-- serves until Ctrl-C -->", "<!-- needs a studio session's exports -->",
    ]

    /// Commands that build or test the checkout rather than show treeanim.
    static let setUp = ["scripts/setup.sh", "scripts/test.sh"]

    /// A fenced block of commands, where it is written.
    struct Block: CustomTestStringConvertible, Sendable {
        var document: String
        var line: Int
        var commands: [String]
        /// The marker written right before the block, if any.
        var marker: String?

        var testDescription: String { "\(document):\(line)" }
        var isSetUp: Bool { commands.contains { line in DocumentedCommandTests.setUp.contains { line.hasPrefix($0) } } }
        var runs: Bool { marker == nil && !isSetUp }
    }

    /// README.md and every guide, as paths from the checkout's root.
    static let documents: [String] = {
        let guides = (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs/guides").path)) ?? []
        return ["README.md"] + guides.filter { $0.hasSuffix(".md") }.sorted().map { "docs/guides/" + $0 }
    }()

    static func text(of document: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
    }

    /// A fenced block of a Markdown text: its language, the line it opens
    /// on, its lines, and the HTML comment written right before it.
    struct Fence {
        var language: String
        var line: Int
        var body: [String]
        var marker: String?
    }

    static func fences(in text: String) -> [Fence] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var fences: [Fence] = []
        var index = 0
        while index < lines.count {
            let fence = lines[index].trimmingCharacters(in: .whitespaces)
            guard fence.hasPrefix("```") else { index += 1; continue }
            let opening = index
            var body: [String] = []
            index += 1
            while index < lines.count, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                body.append(lines[index])
                index += 1
            }
            index += 1
            let before = lines[..<opening].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            let marker = before.flatMap { $0.hasPrefix("<!--") ? $0.trimmingCharacters(in: .whitespaces) : nil }
            fences.append(Fence(
                language: fence.dropFirst(3).trimmingCharacters(in: .whitespaces), line: opening + 1, body: body, marker: marker))
        }
        return fences
    }

    /// The `sh` blocks of `text`: lines joined where they end in `\`, blank
    /// lines dropped.
    static func blocks(in text: String, document: String) -> [Block] {
        fences(in: text).filter { ["sh", "bash", "shell", "console"].contains($0.language) }.map { fence in
            var commands: [String] = []
            var pending = ""
            for line in fence.body {
                if line.hasSuffix("\\") {
                    pending += line.dropLast() + " "
                } else {
                    let command = (pending + line).trimmingCharacters(in: .whitespaces)
                    pending = ""
                    if !command.isEmpty { commands.append(command) }
                }
            }
            return Block(document: document, line: fence.line, commands: commands, marker: fence.marker)
        }
    }

    static let all: [Block] = documents.flatMap { document in
        (try? text(of: document)).map { blocks(in: $0, document: document) } ?? []
    }

    /// The blocks that run, each once: the README's examples are the
    /// guides' first blocks, written again.
    static let runnable: [Block] = {
        var seen: Set<[String]> = []
        return all.filter { $0.runs && seen.insert($0.commands).inserted }
    }()

    /// The commands under the gallery's pictures, `treeanim … -o docs/NAME.gif`,
    /// written inline as the recipe of a picture the checkout ships.
    static let recipes: [Recipe] = documents.flatMap { document -> [Recipe] in
        let text = (try? text(of: document)) ?? ""
        return text.matches(of: /`(treeanim [^`]* -o (docs\/[a-z-]+\.gif))`/).map {
            Recipe(document: document, command: String($0.1), picture: String($0.2))
        }
    }

    struct Recipe: CustomTestStringConvertible, Sendable {
        var document: String
        var command: String
        var picture: String
        var testDescription: String { "\(document): \(picture)" }
    }

    /// A command shown as typed (`$ treeanim …`) in a `text` block, and the
    /// lines it prints, as the block shows them.
    struct Session: CustomTestStringConvertible, Sendable {
        var document: String
        var line: Int
        var command: String
        var printed: [String]
        var testDescription: String { "\(document):\(line)" }
    }

    static let sessions: [Session] = documents.flatMap { document -> [Session] in
        fences(in: (try? text(of: document)) ?? "").filter { $0.language == "text" }.flatMap { fence -> [Session] in
            var sessions: [Session] = []
            for line in fence.body {
                if line.hasPrefix("$ ") {
                    sessions.append(Session(document: document, line: fence.line, command: String(line.dropFirst(2)), printed: []))
                } else if !sessions.isEmpty {
                    sessions[sessions.count - 1].printed.append(line)
                }
            }
            return sessions
        }
    }

    // MARK: - The commands

    @Test(arguments: runnable)
    func theBlockRunsAsWritten(_ block: Block) throws {
        let folder = try Self.workingFolder()
        for command in block.commands {
            let run = try Self.run(command, in: folder)
            try #require(
                run.status == 0,
                "\(block.testDescription): `\(command)` exited \(run.status):\n\(run.stderr)")
            for output in Self.outputs(of: Self.words(command)) {
                if let fault = Self.check(output, in: folder) {
                    Issue.record("\(block.testDescription): `\(command)`: \(fault)")
                }
            }
        }
    }

    /// A picture's recipe would remake it: drawing its frames again is the
    /// blocks' work, so here its flags, inputs and animation are checked by
    /// counting its frames.
    @Test(arguments: recipes)
    func thePictureRecipeBuildsItsAnimation(_ recipe: Recipe) throws {
        #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(recipe.picture).path))
        let folder = try Self.workingFolder()
        let run = try Self.run(recipe.command + " --count-frames", in: folder)
        #expect(run.status == 0, "`\(recipe.command)` exited \(run.status):\n\(run.stderr)")
        #expect((Int(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0) > 0, "\(run.stdout)")
    }

    /// A command shown with what it prints prints just that, a refusal
    /// included.
    @Test(arguments: sessions)
    func theSessionPrintsWhatItShows(_ session: Session) throws {
        let run = try Self.run(session.command, in: try Self.workingFolder())
        let printed = (run.stdout + run.stderr).split(separator: "\n").map(String.init)
        #expect(printed == session.printed, "`\(session.command)` exited \(run.status)")
    }

    /// A fresh folder as a checkout looks to the commands: the example
    /// inputs copied (a command can never change the checkout's own), the
    /// scripts linked.
    static func workingFolder() throws -> String {
        let folder = try TestFolders.make("docs")
        try FileManager.default.createDirectory(atPath: folder + "/docs", withIntermediateDirectories: false)
        try FileManager.default.copyItem(
            atPath: root.appendingPathComponent("docs/examples").path, toPath: folder + "/docs/examples")
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/scripts", withDestinationPath: root.appendingPathComponent("scripts").path)
        return folder
    }

    /// Runs `command` through the shell as a reader would type it, with the
    /// built `treeanim` first on `PATH`.
    static func run(_ command: String, in folder: String) throws -> CommandRunner.Result {
        var environment = ProcessInfo.processInfo.environment
        let binaries = URL(fileURLWithPath: CommandRunner.binary).deletingLastPathComponent().path
        environment["PATH"] = binaries + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return try CommandRunner.run(["-c", command], in: folder, environment: environment, executable: "/bin/sh")
    }

    // MARK: - What a command says it writes

    /// `command` split into words as the shell splits it: quotes and
    /// backslashes taken off, a `#` that starts a word ending the line.
    static func words(_ command: String) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in command {
            if escaped {
                word.append(character)
                escaped = false
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\" && open == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else if character == "#" && !inWord {
                break
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }

    /// The flags whose value is a file or folder the run writes.
    static let outputFlags: Set<String> = [
        "-o", "--output", "--steps-dir", "--subtitles", "--transcript", "--poster", "--dump-scene", "--frames-dir",
    ]

    /// A file or folder a command says it writes, and the flag that says so.
    struct Output: Equatable {
        var path: String
        var flag: String
    }

    /// The outputs `words` names: treeanim's output flags, and the
    /// outputs of the scripts that render and stitch.
    static func outputs(of words: [String]) -> [Output] {
        guard let program = words.first else { return [] }
        switch program {
        case "treeanim":
            var outputs: [Output] = []
            for (flag, value) in zip(words, words.dropFirst()) where outputFlags.contains(flag) && value != "embed" {
                outputs.append(Output(path: value, flag: flag))
            }
            return outputs
        case "scripts/render-parallel.sh":
            let own = words.dropFirst().prefix { $0 != "--" }
            var rest = own[...]
            while let first = rest.first, first.hasPrefix("--") { rest = rest.dropFirst(2) }
            return rest.first.map { [Output(path: $0, flag: "OUT")] } ?? []
        case "scripts/stitch.sh":
            return words.count > 2 ? [Output(path: words[2], flag: "OUT")] : []
        default:
            return []
        }
    }

    /// Why `output` is not what its name says, or nil when it is.
    static func check(_ output: Output, in folder: String) -> String? {
        let path = output.path.hasPrefix("/") ? output.path : folder + "/" + output.path
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            return "\(output.flag) \(output.path) was not written"
        }
        if isFolder.boolValue {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            switch output.flag {
            case "--steps-dir":
                return names.contains("steps.json") && names.contains { $0.hasPrefix("step_001.") }
                    ? nil : "\(output.flag) \(output.path) holds no steps.json and clips: \(names.sorted())"
            default:
                let frames = names.filter { $0.hasPrefix("frame_") && $0.hasSuffix(".png") }
                guard let first = frames.min() else { return "\(output.path) holds no frames: \(names.sorted())" }
                return kindFault(path + "/" + first, named: first)
            }
        }
        return kindFault(path, named: output.path)
    }

    /// Why the file at `path` is not of the kind `name`'s extension says.
    static func kindFault(_ path: String, named name: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path), !data.isEmpty else { return "\(name) is empty" }
        let head = [UInt8](data.prefix(64))
        let ascii = String(decoding: head, as: UTF8.self)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        let fine: Bool
        switch URL(fileURLWithPath: name).pathExtension.lowercased() {
        case "gif": fine = ascii.hasPrefix("GIF89a")
        case "png", "apng": fine = head.starts(with: png)
        case "mp4": fine = ascii.dropFirst(4).hasPrefix("ftyp")
        case "webm": fine = head.starts(with: [0x1A, 0x45, 0xDF, 0xA3])
        case "webp": fine = ascii.hasPrefix("RIFF") && ascii.dropFirst(8).hasPrefix("WEBP")
        case "pdf": fine = ascii.hasPrefix("%PDF-")
        case "pptx": fine = head.starts(with: [0x50, 0x4B, 0x03, 0x04])
        case "html": fine = String(decoding: data, as: UTF8.self).lowercased().contains("<html")
        case "vtt": fine = ascii.hasPrefix("WEBVTT")
        case "srt": fine = ascii.hasPrefix("1\n") || ascii.hasPrefix("1\r\n")
        case "jsonl": fine = (try? JSONSerialization.jsonObject(with: Data(data.split(separator: 0x0A)[0]))) is [String: Any]
        default: fine = true
        }
        return fine ? nil : "\(name) is not a .\(URL(fileURLWithPath: name).pathExtension) file: it starts \(head.prefix(12))"
    }

    /// The check finds an output a run did not write, and one whose bytes
    /// are not of the kind its name says.
    @Test func theCheckFindsAMissingOrMislabelledOutput() throws {
        let folder = try CommandRunner.temporaryFolder()
        #expect(Self.check(Output(path: "a.gif", flag: "-o"), in: folder) == "-o a.gif was not written")
        let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        try png.write(to: URL(fileURLWithPath: folder + "/a.gif"))
        #expect(Self.check(Output(path: "a.gif", flag: "-o"), in: folder)?.contains("is not a .gif file") == true)
        try png.write(to: URL(fileURLWithPath: folder + "/a.png"))
        #expect(Self.check(Output(path: "a.png", flag: "--poster"), in: folder) == nil)
        try FileManager.default.createDirectory(atPath: folder + "/f", withIntermediateDirectories: false)
        #expect(Self.check(Output(path: "f/", flag: "-o"), in: folder)?.contains("holds no frames") == true)
    }

    @Test func theOutputsAreWhatTheFlagsName() {
        let command = #"treeanim bst --ops "insert 1; search 2" -o "a b.gif" --subtitles embed --transcript t.md   # -o c.gif"#
        #expect(Self.outputs(of: Self.words(command)) == [Output(path: "a b.gif", flag: "-o"), Output(path: "t.md", flag: "--transcript")])
        #expect(Self.outputs(of: Self.words("scripts/render-parallel.sh --jobs 2 bst.gif -- --inserts 5")) == [Output(path: "bst.gif", flag: "OUT")])
        #expect(Self.outputs(of: Self.words("scripts/stitch.sh frames/ heap.mp4 --fps 10")) == [Output(path: "heap.mp4", flag: "OUT")])
    }

    // MARK: - The rules the documents keep

    @Test func everyDocumentShowsCommandsAndFewAreLeftOut() throws {
        #expect(Self.documents.count > 10, "\(Self.documents)")
        for document in Self.documents {
            #expect(Self.all.contains { $0.document == document }, "\(document) shows no command")
        }
        for block in Self.all {
            if let marker = block.marker {
                #expect(Self.markers.contains(marker), "\(block.testDescription): unknown marker \(marker)")
            }
        }
        let markedBlocks = Self.all.filter { $0.marker != nil }
        #expect(markedBlocks.count * 10 <= Self.all.count, "blocks left out: \(markedBlocks.map(\.testDescription))")
    }

    @Test func theQuickStartIsTheTwoCommandsItWas() throws {
        let readme = try Self.text(of: "README.md")
        let quickStart = try #require(readme.range(of: "## Quick start")).upperBound
        let start = Self.blocks(in: String(readme[quickStart...]), document: "README.md").prefix(2).map(\.commands)
        #expect(start == [["scripts/setup.sh && swift run -c release treeanim --inserts 10 --fps 30"], ["scripts/test.sh"]])
    }

    /// Each relative link of the README and the guides reaches a file, and
    /// each `#anchor` a heading of that file as GitHub names them.
    @Test func everyLinkReachesItsFileAndHeading() throws {
        let link = /\]\(([^)\s]+)\)/
        for document in Self.documents {
            let text = Self.prose(of: try Self.text(of: document))
            let here = Self.root.appendingPathComponent(document).deletingLastPathComponent()
            for match in text.matches(of: link) {
                let target = String(match.1)
                guard !target.contains("://") else { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file = parts[0].isEmpty ? Self.root.appendingPathComponent(document) : here.appendingPathComponent(String(parts[0]))
                guard FileManager.default.fileExists(atPath: file.path) else {
                    Issue.record("\(document): the link \(target) reaches no file")
                    continue
                }
                if parts.count == 2 {
                    let anchors = Self.anchors(of: (try? String(contentsOf: file, encoding: .utf8)) ?? "")
                    #expect(anchors.contains(String(parts[1])), "\(document): the link \(target) reaches no heading")
                }
            }
        }
    }

    /// `text` without its fenced blocks and code spans, where a `](` is
    /// code rather than a link.
    static func prose(of text: String) -> String {
        var inFence = false
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
            if line.hasPrefix("```") { inFence.toggle(); return false }
            return !inFence
        }
        return lines.joined(separator: "\n").replacing(/``.*?``/, with: "").replacing(/`[^`]*`/, with: "")
    }

    /// The anchors GitHub gives a Markdown file's headings: lower case,
    /// punctuation but `-` and `_` dropped, spaces as `-`, a repeat numbered.
    static func anchors(of text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        var inFence = false
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") { inFence.toggle() }
            guard !inFence, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let slug = String(title.lowercased().compactMap { c -> Character? in
                if c == " " { return "-" }
                return c.isLetter || c.isNumber || c == "-" || c == "_" ? c : nil
            })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// The library guide shows `Examples/Stack` as it is, as the README does
    /// (``LibraryExampleTests``).
    @Test func theLibraryGuideShowsTheExampleAsItIs() throws {
        let guide = try Self.text(of: "docs/guides/library.md")
        let program = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/Stack/Sources/Stack/main.swift"), encoding: .utf8)
        #expect(guide.contains("```swift\n" + program + "```\n"), "the library guide's example differs from Examples/Stack")
    }
}
