import Foundation
import PNG
import Production
import StudioServer
import Testing
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The studio in real headless Chromium: the page served with its token, a
/// structure chosen, operations typed and run, the steps played, stepped
/// and undone, read from the page's state; and what it exports, compared
/// with what the command line makes of the same operations.
@Suite(.tags(.external, .cli)) struct StudioChromiumTests {
    @Test func runningOperationsPlaysTheirStepsAndBackForwardAndUndoMoveThroughThem() async throws {
        try await withStudio { page, studio in
            try await page.choose("bst")
            try await page.run("insert 50 30 70", watching: true)
            let first = try await page.stepCount()
            #expect(first >= 3)
            #expect(try await page.caption() == (try await page.stepCaption(first)))
            try await page.run("delete 30", watching: true)
            let second = try await page.stepCount()
            #expect(second > first)
            #expect(try await page.caption() == (try await page.stepCaption(second)))
            #expect(try await page.evaluate("document.querySelectorAll('#runs li').length") == .number(2))

            try await page.evaluate("document.activeElement.blur(), true")
            try await page.press(.arrowLeft)
            try await page.waitUntil("document.body.dataset.step === '\(second - 1)' && document.body.dataset.state === 'end'")
            #expect(try await page.caption() == (try await page.stepCaption(second - 1)))
            try await page.press(.arrowRight)
            try await page.waitUntil("document.body.dataset.step === '\(second)' && document.body.dataset.state === 'end'")

            try await page.evaluate("document.getElementById('undo').click(), true")
            try await page.waitUntil("document.body.dataset.steps === '\(first)' && document.body.dataset.state === 'end'")
            #expect(try await page.evaluate("document.querySelectorAll('#runs li').length") == .number(1))
            #expect(try await page.caption() == (try await page.stepCaption(first)))
            let problems = await page.problems()
            #expect(problems == [])
            _ = studio
        }
    }

    /// The GIF the studio exports is, byte for byte, the one `treeanim bst
    /// --ops` renders of the same operations; its lecture YAML renders the
    /// same GIF through `treeanim lecture`, and its ops file through
    /// `--ops-file`.
    @Test func theExportedGIFAndLectureAreTheCommandLinesFrames() async throws {
        try await withStudio { page, studio in
            try await page.choose("bst")
            try await page.run("insert 50 30 70")
            try await page.run("delete 30")
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            let gif = try await studio.download(try await page.exportLink("gif"))
            let yaml = try await studio.download(try await page.exportLink("yaml"))
            let ops = try await studio.download(try await page.exportLink("ops"))
            #expect(gif.starts(with: Array("GIF89a".utf8)))
            try Data(yaml).write(to: URL(fileURLWithPath: folder.path + "/session.yaml"))
            try Data(ops).write(to: URL(fileURLWithPath: folder.path + "/session.ops"))
            try StudioCLI.run(["bst", "--ops", "insert 50 30 70; delete 30", "-o", "cli.gif"], in: folder.path)
            try StudioCLI.run(["lecture", "session.yaml", "-o", "lecture.gif"], in: folder.path)
            try StudioCLI.run(["bst", "--ops-file", "session.ops", "-o", "ops.gif"], in: folder.path)
            let cli = try Array(Data(contentsOf: URL(fileURLWithPath: folder.path + "/cli.gif")))
            #expect(gif == cli, "the studio's GIF differs from treeanim bst --ops")
            #expect(try Array(Data(contentsOf: URL(fileURLWithPath: folder.path + "/lecture.gif"))) == cli)
            #expect(try Array(Data(contentsOf: URL(fileURLWithPath: folder.path + "/ops.gif"))) == cli)
        }
    }

    @Test func aRequestWithoutTheTokenIsRefused() async throws {
        let server = try StudioServer(port: 0)
        let address = try await server.start()
        defer { Task { await server.stop() } }
        let base = String(address.prefix { $0 != "?" })
        for path in ["", "api/export?format=yaml", "api/run"] {
            let (status, _) = try await StudioHTTP.get(base + path)
            #expect(status == 401, "\(path)")
            let (wrong, _) = try await StudioHTTP.get(base + path + (path.contains("?") ? "&" : "?") + "token=0123")
            #expect(wrong == 401, "\(path) with a wrong token")
        }
        let (ok, page) = try await StudioHTTP.get(address)
        #expect(ok == 200)
        #expect(String(decoding: page, as: UTF8.self).contains("<label for=\"operations\">Operations</label>"))
    }

    /// A graph over the readers' size limit is refused with the line the
    /// command line says of such a file; markup in an operation or an
    /// option is shown as text and never runs.
    @Test func anUploadOverTheLimitAndMarkupAreRefusedAndShownLiterally() async throws {
        try await withStudio { page, studio in
            let limit = 16 << 20
            let refused = try await page.evaluate(
                """
                (async () => {
                  const query = new URLSearchParams({ token: new URLSearchParams(location.search).get('token'), structure: 'graph', name: 'big.dot' });
                  const response = await fetch('/api/session?' + query, { method: 'POST', body: 'a'.repeat(\(limit + 1)) });
                  return [response.status, (await response.json()).error];
                })()
                """)
            let folder = try TemporaryFolder()
            defer { folder.remove() }
            try Data(repeating: UInt8(ascii: "a"), count: limit + 1).write(to: URL(fileURLWithPath: folder.path + "/big.dot"))
            let cli = try StudioCLI.run(["graph", "big.dot", "-o", "big.gif"], in: folder.path, expecting: 65)
            let said = try #require(refused.array?.last?.string)
            #expect(refused.array?.first == .number(413))
            #expect(cli.stderr == "treeanim: error: \(said)\n")

            let markup = "<img src=x onerror=\"window.pwned = 1\"><script>window.pwned = 2</script>"
            try await page.run(markup, expectingError: true)
            #expect(try await page.evaluate("document.getElementById('error').textContent.includes('<img src=x')") == .bool(true))
            #expect(try await page.evaluate("document.querySelectorAll('#error *, #caption *, #runs li button *').length") == .number(0))
            try await page.choose("stack")
            try await page.run("push <b>hi</b>")
            #expect(try await page.evaluate("window.treeanimStudio.steps.some((s) => s.caption.includes('<b>hi</b>'))") == .bool(true))
            #expect(try await page.evaluate("document.querySelector('#runs li button').textContent") == .string("push <b>hi</b>"))
            #expect(try await page.evaluate("document.querySelectorAll('#error *, #caption *, #runs li button *').length") == .number(0))
            #expect(try await page.evaluate("typeof window.pwned") == .string("undefined"))
            _ = studio
        }
    }

    /// A DOT file uploaded through the page's file input, Dijkstra run on
    /// it, and the session exported as a PDF handout.
    @Test func aGraphUploadedRunsDijkstraAndExportsAHandout() async throws {
        let dot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/roads.dot").path
        try await withStudio { page, studio in
            try await page.evaluate("document.getElementById('structure').value = 'graph', document.getElementById('structure').dispatchEvent(new Event('change')), true")
            try await page.setFile(dot, on: "#graph-file")
            let session = try await page.evaluate("JSON.stringify(window.treeanimStudio.session)").string ?? "null"
            try await page.evaluate("document.getElementById('start').click(), true")
            try await page.waitUntil("window.treeanimStudio.session !== \(session) && document.body.dataset.busy === 'no'")
            #expect(try await page.evaluate("document.getElementById('error').textContent") == .string(""))
            try await page.run("dijkstra A F")
            #expect(try await page.stepCount() >= 3)
            let pdf = try await studio.download(try await page.exportLink("pdf"))
            #expect(pdf.starts(with: Array("%PDF-".utf8)))
            let yaml = String(decoding: try await studio.download(try await page.exportLink("yaml")), as: UTF8.self)
            #expect(yaml.contains("file: roads.dot"))
            #expect(yaml.contains("ops: \"dijkstra A F\""))
        }
    }

    /// Two tabs are two sessions: what one runs, the other never shows.
    @Test func twoTabsKeepSeparateSessions() async throws {
        let server = try StudioServer(port: 0)
        let address = try await server.start()
        do {
            try await Chromium.with { browser in
                let one = try await browser.open(url: address, width: 1280, height: 900)
                let two = try await browser.open(url: address, width: 1280, height: 900)
                for page in [one, two] {
                    try await page.waitUntil("window.treeanimStudio && window.treeanimStudio.session !== null && document.body.dataset.busy === 'no'")
                }
                // A page in the background pauses its videos (Chromium's
                // own saving): each is brought to the front to play.
                try await one.bringToFront()
                try await one.run("insert 50 30")
                try await two.bringToFront()
                try await two.choose("heap")
                try await two.run("insert 9 4")
                #expect(try await one.evaluate("window.treeanimStudio.runs") == .array([.string("insert 50 30")]))
                #expect(try await two.evaluate("window.treeanimStudio.runs") == .array([.string("insert 9 4")]))
                #expect(try await one.evaluate("window.treeanimStudio.session") != (try await two.evaluate("window.treeanimStudio.session")))
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }

    /// `treeanim studio` prints its address first, serves, and on Ctrl-C
    /// stops and leaves no file behind, a rendered clip's included.
    @Test func ctrlCStopsTheStudioAndLeavesNothingBehind() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: StudioCLI.binary)
        process.arguments = ["studio", "--port", "0"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": folder.path]) { $1 }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        var line = [UInt8]()
        while let byte = try out.fileHandleForReading.read(upToCount: 1)?.first, byte != 10 { line.append(byte) }
        let address = String(decoding: line, as: UTF8.self)
        #expect(address.hasPrefix("http://127.0.0.1:") && address.contains("/?token="))
        let base = String(address.prefix { $0 != "?" }), token = String(address.split(separator: "=").last ?? "")
        var request = URLRequest(url: URL(string: "\(base)api/session?token=\(token)&structure=bst")!)
        request.httpMethod = "POST"
        let (created, _) = try await URLSession.shared.data(for: request)
        let session = try #require((try JSONSerialization.jsonObject(with: created) as? [String: Any])?["session"] as? String)
        request = URLRequest(url: URL(string: "\(base)api/run?token=\(token)&session=\(session)")!)
        request.httpMethod = "POST"
        request.httpBody = Data("insert 5".utf8)
        _ = try await URLSession.shared.data(for: request)
        let clip = try await StudioHTTP(address: address).download("\(base)api/clip?token=\(token)&session=\(session)&step=0")
        #expect(clip.count > 1000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 1, "the studio's own folder, while it runs")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0, "\(said)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    /// Run to first frame, as the page measures it, for a one-operation
    /// run on a tree of ten keys: said on standard output for the record
    /// (a debug build on a busy machine is no place to hold a bound).
    @Test func theLatencyOfARunIsMeasuredInThePage() async throws {
        try await withStudio { page, _ in
            try await page.choose("bst")
            try await page.run("insert 50 30 70 20 40 60 80 10 35 65")
            try await page.run("insert 45", watching: true)
            let latency = try await page.evaluate("window.treeanimStudio.latency")
            let first = try #require(latency["firstFrame"]?.number)
            let playing = try #require(latency["clipPlaying"]?.number)
            print("studio latency: run to first frame \(Int(first)) ms, to the clip playing \(Int(playing)) ms")
            #expect(first > 0 && playing >= first)
            if let folder = ProcessInfo.processInfo.environment["TREEANIM_STUDIO_SCREENSHOT"] {
                try await page.showEndOfLastStep()
                let shot = try await page.screenshot()
                try Data(try PNGFile.encode(straightRGBA: shot.pixels, width: shot.width, height: shot.height))
                    .write(to: URL(fileURLWithPath: folder))
            }
        }
    }

    private func withStudio(_ body: (ChromiumPage, StudioHTTP) async throws -> Void) async throws {
        let server = try StudioServer(port: 0)
        let address = try await server.start()
        do {
            try await Chromium.with { browser in
                let page = try await browser.open(url: address, width: 1280, height: 900)
                try await page.waitUntil("window.treeanimStudio && window.treeanimStudio.session !== null && document.body.dataset.busy === 'no'")
                try await body(page, StudioHTTP(address: address))
            }
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}

extension ChromiumPage {
    /// Chooses `structure` and waits for its new session.
    func choose(_ structure: String) async throws {
        let before = try await evaluate("JSON.stringify(window.treeanimStudio.session)").string ?? "null"
        try await evaluate(
            "(() => { const s = document.getElementById('structure'); s.value = '\(structure)'; s.dispatchEvent(new Event('change')); return true; })()")
        try await waitUntil("window.treeanimStudio.session !== \(before) && window.treeanimStudio.session !== null && document.body.dataset.busy === 'no'")
    }

    /// Types `ops` into Operations, presses Run, waits for the run's first
    /// step to play, and then for its last step's end: played through when
    /// `watching`, else shown at once (End), as a run of many steps takes
    /// minutes to watch on a loaded machine. When `expectingError`, waits
    /// for the error instead.
    func run(_ ops: String, expectingError: Bool = false, watching: Bool = false) async throws {
        let literal = String(decoding: try JSONEncoder().encode([ops]), as: UTF8.self)
        let errors = try await evaluate("window.treeanimStudio.errors")
        try await evaluate("document.getElementById('operations').value = \(literal)[0], document.getElementById('run').click(), true")
        if expectingError {
            try await waitUntil("window.treeanimStudio.errors !== \(errors) && document.body.dataset.busy === 'no'")
            return
        }
        try await waitUntil(
            "document.body.dataset.busy === 'no' && ['playing', 'end'].includes(document.body.dataset.state) && document.body.dataset.steps !== '0'")
        if !watching { try await evaluate("window.treeanimStudio.showEnd(window.treeanimStudio.steps.length - 1), true") }
        try await waitUntil(
            "document.body.dataset.state === 'end' && document.body.dataset.step === document.body.dataset.steps")
    }

    func bringToFront() async throws {
        try await browser.send("Page.bringToFront", session: sessionID)
    }

    func stepCount() async throws -> Int {
        Int(try await evaluate("document.body.dataset.steps").string ?? "") ?? -1
    }

    func caption() async throws -> String {
        try await evaluate("document.getElementById('caption').textContent").string ?? ""
    }

    /// Step `n`'s caption (from 1), as the server said it.
    func stepCaption(_ n: Int) async throws -> String {
        try await evaluate("window.treeanimStudio.steps[\(n - 1)].caption").string ?? ""
    }

    func exportLink(_ format: String) async throws -> String {
        try await evaluate("document.querySelector('#exports a[data-format=\"\(format)\"]').href").string ?? ""
    }

    func showEndOfLastStep() async throws {
        try await evaluate("window.treeanimStudio.showEnd(window.treeanimStudio.steps.length - 1)")
        try await waitUntil("document.body.dataset.state === 'end' && document.getElementById('still').complete")
        try await nextAnimationFrames()
    }

    /// Gives the file input `selector` the file at `path`, as a user
    /// choosing it would.
    func setFile(_ path: String, on selector: String) async throws {
        let document = try await browser.send("DOM.getDocument", session: sessionID)
        guard let root = document["root"]?["nodeId"] else { throw ChromiumError.commandFailed(method: "DOM.getDocument", message: "no root") }
        let found = try await browser.send("DOM.querySelector", ["nodeId": root, "selector": .string(selector)], session: sessionID)
        guard let node = found["nodeId"] else { throw ChromiumError.commandFailed(method: "DOM.querySelector", message: "no \(selector)") }
        try await browser.send("DOM.setFileInputFiles", ["files": .array([.string(path)]), "nodeId": node], session: sessionID)
    }
}

/// Requests to a studio from the test, as another program would make them.
struct StudioHTTP: Sendable {
    var address: String

    /// The body at `url`, which must answer 200.
    func download(_ url: String) async throws -> [UInt8] {
        let (status, body) = try await Self.get(url)
        guard status == 200 else { throw StudioTestError("\(url) answered \(status): \(String(decoding: body, as: UTF8.self))") }
        return body
    }

    static func get(_ url: String) async throws -> (Int, [UInt8]) {
        guard let url = URL(string: url) else { throw StudioTestError("not a URL: \(url)") }
        var request = URLRequest(url: url)
        request.timeoutInterval = Patience.runSeconds
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, Array(data))
    }
}

struct StudioTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The built `treeanim`, run in a folder.
enum StudioCLI {
    static let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent(".build/debug/treeanim").path

    @discardableResult
    static func run(_ arguments: [String], in folder: String, expecting status: Int32 = 0) throws -> (stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let said = (String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
        guard process.terminationStatus == status else {
            throw StudioTestError("treeanim \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(said.1)")
        }
        return said
    }
}

/// A temporary folder of the test's own.
struct TemporaryFolder {
    let path: String

    init() throws {
        var template = Array("\(NSTemporaryDirectory())/treeanim-studio-test-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw StudioTestError("no temporary folder") }
        path = String(cString: made)
    }

    func remove() { try? FileManager.default.removeItem(atPath: path) }
}
