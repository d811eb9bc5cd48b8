import Foundation
import Synchronization

/// A headless Chromium driven over the DevTools protocol on a pipe, for
/// tests of pages in the real browser: no websocket, no Node or Python.
///
///     try await Chromium.with { browser in
///         let page = try await browser.open(file: "/tmp/deck.html", width: 800, height: 600)
///         try await page.press(.arrowRight)
///         try await page.waitUntil("document.body.dataset.state === 'end'")
///         let image = try await page.screenshot()
///         #expect(await page.problems().isEmpty)
///     }
///
/// A `Chromium` is a browser context of its own, as a fresh profile would
/// be: its own pages, storage and cookies, none of another's. ``with(_:)``
/// makes one in the test process's shared browser, started on first use:
/// starting a browser costs about 3 s of CPU, and a suite opens about 150
/// decks. ``withOwnBrowser(_:)`` lends a browser to one test at a time,
/// for what would disturb other tests' pages (``stall(for:)``) and for
/// tests that read pixels off the screen: while the test runs, no other
/// test has a page in it. Each browser has a fresh temporary profile and
/// its own process group; closing it kills them all and removes the
/// profile, and every browser still running is closed when the test
/// process exits. Every command waits at most its timeout. Many contexts
/// may run at once in the shared browser, one per test.
public struct Chromium: Sendable {
    /// Something Chromium said without being asked: an event.
    public struct Event: Sendable {
        public var method: String
        /// The session of the page it is about; nil for the browser's own.
        public var sessionID: String?
        public var params: Value
    }

    private let connection: ChromiumConnection
    /// The browser context this handle's pages are made in.
    private let contextID: String
    /// Whether the browser is this handle's alone while it lives.
    private let ownsBrowser: Bool

    /// Runs `body` with a new context of the shared browser and closes the
    /// context (and every page in it) afterwards, also when `body` throws.
    ///
    /// - Throws: ``ChromiumError/notInstalled`` when there is no `chromium`
    ///   on the search path (scripts/setup.sh installs it).
    public static func with<Result: Sendable>(_ body: (Chromium) async throws -> Result) async throws -> Result {
        try await run(body, on: try await SharedChromium.shared.connection(), owning: false)
    }

    /// Runs `body` with a browser no other test uses while it runs, and
    /// closes its context afterwards, also when `body` throws: for a test
    /// that stalls the browser, and for one that reads the screen. (In the
    /// shared browser, with a score of other tests' pages open, a deck test
    /// once in three full runs screenshotted a stage that stayed on the
    /// clip's first frame after its last was presented: what a page shows
    /// is checked in a browser of its own, what it does in the shared one.)
    /// The browser is lent from a pool of ``LentChromiums/size``, started as
    /// needed and lent again once a test is done with it (a fresh context
    /// each time), so that twenty such tests start two browsers, not twenty.
    public static func withOwnBrowser<Result: Sendable>(_ body: (Chromium) async throws -> Result) async throws
        -> Result
    {
        let connection = try await LentChromiums.shared.borrow()
        do {
            let result = try await run(body, on: connection, owning: true)
            await LentChromiums.shared.giveBack(connection)
            return result
        } catch {
            await LentChromiums.shared.giveBack(connection)
            throw error
        }
    }

    private static func run<Result: Sendable>(
        _ body: (Chromium) async throws -> Result, on connection: ChromiumConnection, owning: Bool
    ) async throws -> Result {
        let created = try await connection.send("Target.createBrowserContext")
        guard let id = created["browserContextId"]?.string else {
            throw ChromiumError.commandFailed(
                method: "Target.createBrowserContext", message: "no browserContextId in \(created)")
        }
        let browser = Chromium(connection: connection, contextID: id, ownsBrowser: owning)
        do {
            let result = try await body(browser)
            await browser.close()
            return result
        } catch {
            await browser.close()
            throw error
        }
    }

    /// Opens the file at `path` in a new page of `width` × `height` CSS
    /// pixels at scale 1 (so screenshots have that size), and waits for its
    /// load event. Console errors and exceptions are collected from before
    /// the first line of the page runs: see ``ChromiumPage/problems()``.
    /// A `fragment` is put after the file's URL, as `#3`.
    public func open(
        file path: String, fragment: String? = nil, width: Int, height: Int, timeout: Duration = Patience.page
    ) async throws -> ChromiumPage {
        let url = URL(fileURLWithPath: path).absoluteString + (fragment.map { "#\($0)" } ?? "")
        return try await open(url: url, width: width, height: height, timeout: timeout)
    }

    /// Opens `url` (a page a test's own server serves, say) as
    /// ``open(file:fragment:width:height:timeout:)`` opens a file.
    public func open(url: String, width: Int, height: Int, timeout: Duration = Patience.page) async throws -> ChromiumPage {
        let created = try await send(
            "Target.createTarget", ["url": .string("about:blank"), "browserContextId": .string(contextID)])
        guard let targetID = created["targetId"]?.string else {
            throw ChromiumError.commandFailed(method: "Target.createTarget", message: "no targetId in \(created)")
        }
        let page = try await attach(targetID: targetID)
        try await page.setViewport(width: width, height: height)
        let mark = await connection.eventCount
        let navigated = try await send("Page.navigate", ["url": .string(url)], session: page.sessionID)
        if let failure = navigated["errorText"]?.string {
            throw ChromiumError.commandFailed(method: "Page.navigate", message: "\(failure) (\(url))")
        }
        _ = try await event("Page.loadEventFired", session: page.sessionID, after: mark, timeout: timeout)
        return page
    }

    /// Attaches to an existing page, such as one a page opened with
    /// `window.open`, and starts collecting its problems.
    public func attach(targetID: String) async throws -> ChromiumPage {
        let attached = try await send(
            "Target.attachToTarget", ["targetId": .string(targetID), "flatten": .bool(true)])
        guard let sessionID = attached["sessionId"]?.string else {
            throw ChromiumError.commandFailed(method: "Target.attachToTarget", message: "no sessionId in \(attached)")
        }
        for method in ["Runtime.enable", "Log.enable", "Page.enable"] {
            _ = try await send(method, session: sessionID)
        }
        return ChromiumPage(browser: self, targetID: targetID, sessionID: sessionID)
    }

    /// The ids of this context's pages (tabs and windows).
    public func pageIDs() async throws -> [String] {
        let targets = try await send("Target.getTargets")["targetInfos"]?.array ?? []
        return targets.filter { $0["type"]?.string == "page" && $0["browserContextId"]?.string == contextID }
            .compactMap { $0["targetId"]?.string }
    }

    /// Waits for a page of this context whose id is not in `known`, such as
    /// a window a page opens, and attaches to it.
    public func newPage(besides known: [String], timeout: Duration = Patience.page) async throws -> ChromiumPage {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let id = try await pageIDs().first(where: { !known.contains($0) }) {
                return try await attach(targetID: id)
            }
            guard ContinuousClock.now < deadline else {
                throw ChromiumError.timedOut(what: "a new page", seconds: timeout.seconds)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Sends a command, to the browser or to the page of `session`, and
    /// returns its result.
    public func send(
        _ method: String, _ params: [String: Value] = [:], session: String? = nil, timeout: Duration = Patience.command
    ) async throws -> Value {
        try await connection.send(method, params, session: session, timeout: timeout)
    }

    /// Waits for an event named `method` of `session` that came after the
    /// browser's first `after` events, and returns it.
    public func event(_ method: String, session: String?, after: Int = 0, timeout: Duration = Patience.page)
        async throws -> Event
    {
        try await connection.event(method, session: session, after: after, timeout: timeout)
    }

    /// Console errors, uncaught exceptions and error log entries of the
    /// page of `session`, one line each, in order.
    public func problems(session: String) async -> [String] {
        await connection.problems(session: session)
    }

    /// Stops every process of the browser for `duration`, then lets them go
    /// on, as a machine too busy to run them would: a stimulus for a test of
    /// what a page does when its clock has run on without it (a video's
    /// frames come late and are dropped), not a wait. Only a browser of the
    /// test's own (``withOwnBrowser(_:)``) may be stopped: the shared one
    /// runs other tests' pages.
    public func stall(for duration: Duration) async {
        precondition(ownsBrowser, "stall(for:) stops the whole browser: use Chromium.withOwnBrowser")
        await connection.stall(for: duration)
    }

    /// Closes the context and its pages.
    func close() async {
        _ = try? await connection.send("Target.disposeBrowserContext", ["browserContextId": .string(contextID)])
    }
}

/// The test process's one shared browser: started by the first test that
/// asks, started again if it has ended, and stopped when the process exits.
actor SharedChromium {
    static let shared = SharedChromium()
    /// The browser, or its start while it is under way: tests that ask
    /// while it starts wait for the same one.
    private var current: Task<ChromiumConnection, any Error>?

    func connection() async throws -> ChromiumConnection {
        let task = current ?? start()
        let running = try? await task.value
        if let running, await !running.hasEnded { return running }
        // It failed to start, or ended by itself (it crashed): the first
        // test to find out starts another, before it reaps the old one.
        if let latest = current, latest != task { return try await latest.value }
        let fresh = start()
        if let running { await running.close() }
        return try await fresh.value
    }

    private func start() -> Task<ChromiumConnection, any Error> {
        let starting = Task {
            let started = try await ChromiumConnection.launch()
            ChromiumConnection.stopAtExit(started.process)
            return started
        }
        current = starting
        return starting
    }
}

/// The browsers ``Chromium/withOwnBrowser(_:)`` lends, each to one test at a
/// time: at most ``size`` run, started when a test asks and none is free,
/// and a test asking while all are lent waits for one to come back. A
/// browser that has ended is not lent again.
actor LentChromiums {
    static let shared = LentChromiums()
    /// As many as the machine has cores, and at least two.
    static let size = max(2, ProcessInfo.processInfo.activeProcessorCount)

    private var free: [ChromiumConnection] = []
    private var lent = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func borrow() async throws -> ChromiumConnection {
        while free.isEmpty && lent >= Self.size {
            await withCheckedContinuation { waiting.append($0) }
        }
        lent += 1
        while let browser = free.popLast() {
            if await !browser.hasEnded { return browser }
            await browser.close()
        }
        do {
            let started = try await ChromiumConnection.launch()
            ChromiumConnection.stopAtExit(started.process)
            return started
        } catch {
            lent -= 1
            wakeOne()
            throw error
        }
    }

    func giveBack(_ browser: ChromiumConnection) async {
        lent -= 1
        if await browser.hasEnded {
            await browser.close()
        } else {
            free.append(browser)
        }
        wakeOne()
    }

    private func wakeOne() {
        if !waiting.isEmpty { waiting.removeFirst().resume() }
    }
}

/// One browser process and the protocol over its pipe: commands and their
/// replies, events, and the process's end.
actor ChromiumConnection {
    typealias Event = Chromium.Event
    typealias Value = Chromium.Value

    nonisolated let process: ChromiumProcess
    private var lastID = 0
    private var waiting: [Int: Waiter] = [:]
    private var events: [Event] = []
    /// Set once the browser has closed its pipe: every later command fails with it.
    private var ended: ChromiumError?
    private var closed = false

    private struct Waiter {
        var method: String
        var continuation: CheckedContinuation<Value, any Error>
        var timer: Task<Void, Never>
    }

    private init(process: ChromiumProcess) {
        self.process = process
    }


    /// Starts a browser and waits until it answers.
    static func launch() async throws -> ChromiumConnection {
        let browser = ChromiumConnection(process: try ChromiumProcess())
        await browser.listen()
        do {
            _ = try await browser.send("Browser.getVersion", timeout: Patience.page)
        } catch {
            await browser.close()
            throw error
        }
        return browser
    }

    /// How many events have come so far: a mark to wait for later ones.
    var eventCount: Int { events.count }

    /// Whether the browser has closed its pipe or been closed.
    var hasEnded: Bool { ended != nil || closed }

    /// The shared and the lent browsers' processes, stopped when the test
    /// process exits: a browser whose pipe closes exits by itself, but its
    /// profile would be left behind.
    private static let running = Mutex<[pid_t: ChromiumProcess]>([:])
    private static let registered: Void = {
        atexit { ChromiumConnection.stopRunning() }
    }()

    private static func stopRunning() {
        let processes = running.withLock { current in Array(current.values) }
        for process in processes { process.stop(closeRequested: false) }
    }

    static func stopAtExit(_ process: ChromiumProcess) {
        _ = registered
        running.withLock { current in current[process.pid] = process }
    }

    /// Sends a command, to the browser or to the page of `session`, and
    /// returns its result.
    func send(
        _ method: String, _ params: [String: Value] = [:], session: String? = nil, timeout: Duration = Patience.command
    ) async throws -> Value {
        if let ended { throw ended }
        lastID += 1
        let id = lastID
        var message: [String: Value] = [
            "id": .number(Double(id)), "method": .string(method), "params": .object(params),
        ]
        if let session { message["sessionId"] = .string(session) }
        try process.send(Array(try JSONEncoder().encode(Value.object(message))), timeout: timeout)
        return try await withCheckedThrowingContinuation { continuation in
            let timer = Task {
                try? await Task.sleep(for: timeout)
                self.fail(id, with: .timedOut(what: method, seconds: timeout.seconds))
            }
            waiting[id] = Waiter(method: method, continuation: continuation, timer: timer)
        }
    }

    /// Waits for an event named `method` of `session` that came after the
    /// first `after` events, and returns it.
    func event(_ method: String, session: String?, after: Int = 0, timeout: Duration = Patience.page)
        async throws -> Event
    {
        let deadline = ContinuousClock.now + timeout
        while true {
            if let found = events.dropFirst(after).first(where: { $0.method == method && $0.sessionID == session }) {
                return found
            }
            if let ended { throw ended }
            guard ContinuousClock.now < deadline else {
                throw ChromiumError.timedOut(what: "with the event \(method)", seconds: timeout.seconds)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Console errors, uncaught exceptions and error log entries of the
    /// page of `session`, one line each, in order.
    func problems(session: String) -> [String] {
        events.filter { $0.sessionID == session }.compactMap(Self.problem)
    }

    /// Stops every process of the browser for `duration`, then lets them go
    /// on, as a machine too busy to run them would: a stimulus for a test of
    /// what a page does when its clock has run on without it (a video's
    /// frames come late and are dropped), not a wait.
    func stall(for duration: Duration) async {
        kill(-process.pid, SIGSTOP)
        try? await Task.sleep(for: duration)
        kill(-process.pid, SIGCONT)
    }

    /// Closes the browser, kills what is left of it and removes its profile.
    func close() async {
        guard !closed else { return }
        closed = true
        _ = Self.running.withLock { current in current.removeValue(forKey: process.pid) }
        let polite = ended == nil && (try? process.send(Array(#"{"id":0,"method":"Browser.close"}"#.utf8), timeout: .seconds(1))) != nil
        process.stop(closeRequested: polite)
        failAll(with: ended ?? .exited(log: "closed by the test"))
    }

    private func listen() {
        Task {
            for await message in process.messages {
                receive(message)
            }
            let failure = ChromiumError.exited(log: closed ? "" : process.logTail())
            ended = failure
            failAll(with: failure)
        }
    }

    private func receive(_ bytes: [UInt8]) {
        guard let message = try? JSONDecoder().decode(Value.self, from: Data(bytes)) else { return }
        if let number = message["id"]?.number {
            let id = Int(number)
            guard let waiter = waiting.removeValue(forKey: id) else { return }
            waiter.timer.cancel()
            if let error = message["error"] {
                waiter.continuation.resume(
                    throwing: ChromiumError.commandFailed(
                        method: waiter.method, message: error["message"]?.string ?? "\(error)"))
            } else {
                waiter.continuation.resume(returning: message["result"] ?? .null)
            }
        } else if let method = message["method"]?.string {
            events.append(Event(method: method, sessionID: message["sessionId"]?.string, params: message["params"] ?? .null))
        }
    }

    private func fail(_ id: Int, with error: ChromiumError) {
        waiting.removeValue(forKey: id)?.continuation.resume(throwing: error)
    }

    private func failAll(with error: ChromiumError) {
        for id in waiting.keys {
            waiting[id]?.timer.cancel()
            fail(id, with: error)
        }
    }

    /// The line an event adds to a page's problems, or nil for an event
    /// that is no problem.
    private static func problem(_ event: Event) -> String? {
        let params = event.params
        switch event.method {
        case "Runtime.exceptionThrown":
            let details = params["exceptionDetails"]
            return "exception: "
                + (details?["exception"]?["description"]?.string ?? details?["text"]?.string ?? "\(params)")
        case "Runtime.consoleAPICalled" where params["type"]?.string == "error":
            let arguments = params["args"]?.array ?? []
            return "console.error: "
                + arguments.map { $0["value"].map(\.description) ?? $0["description"]?.string ?? "?" }
                .joined(separator: " ")
        case "Log.entryAdded" where params["entry"]?["level"]?.string == "error":
            let entry = params["entry"]
            return "log: \(entry?["text"]?.string ?? "?")" + (entry?["url"]?.string.map { " (\($0))" } ?? "")
        default:
            return nil
        }
    }
}
