import Foundation

/// A Chromium started with `--remote-debugging-pipe`: it reads protocol
/// messages on its fd 3 and writes its own on fd 4, each a JSON text ended
/// by a NUL byte.
///
/// It runs in a process group of its own, so that stopping it also stops
/// the renderer, GPU and zygote processes it starts, and with a profile in
/// a fresh temporary folder, removed by `stop()`.
final class ChromiumProcess: Sendable {
    /// The browser's process id, also its process group's.
    let pid: pid_t
    /// Messages as Chromium sends them, NUL removed; finishes when it closes fd 4.
    let messages: AsyncStream<[UInt8]>
    /// Our end of the pipe Chromium reads as fd 3; non-blocking.
    private let commands: Int32
    /// Holds the profile and the browser's standard error.
    private let folder: String

    private static let flags = [
        "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
        "--autoplay-policy=no-user-gesture-required",
        // What a fresh profile would otherwise stop to ask or show.
        "--no-first-run", "--no-default-browser-check", "--hide-scrollbars", "--mute-audio",
        // A page in a window without focus, or behind a pop-up, must keep
        // its timers, animation frames and videos running at full speed.
        "--disable-background-timer-throttling", "--disable-renderer-backgrounding",
        "--disable-backgrounding-occluded-windows",
        // Work a test never needs: the browser's own services, updates,
        // reports and field trials.
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
        "--disable-extensions", "--disable-breakpad", "--disable-client-side-phishing-detection",
        "--disable-component-extensions-with-background-pages", "--disable-field-trial-config", "--disable-hang-monitor",
        "--metrics-recording-only", "--no-pings", "--password-store=basic", "--use-mock-keychain",
        "--disable-features=Translate,MediaRouter,OptimizationHints,AcceptCHFrame,CalculateNativeWinOcclusion",
    ]

    /// Starts the first `chromium` on the search path.
    init() throws(ChromiumError) {
        guard let executable = Self.findExecutable("chromium") else { throw .notInstalled }
        // A write into the pipe of a browser that died must come back as an
        // error, not end the test process.
        signal(SIGPIPE, SIG_IGN)
        Self.removeProfilesOfEndedProcesses()
        var template = Array("\(NSTemporaryDirectory())/treeanim-chromium-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { throw .cannotStart(reason: "no temporary folder: \(Self.systemError())") }
        folder = String(cString: made)
        // Whose browser this is: a process killed before it could stop its
        // browser leaves the folder, and the next start removes it.
        try? "\(getpid())".write(toFile: "\(folder)/owner", atomically: false, encoding: .utf8)

        // Chromium's ends become its fds 3 and 4; ours are kept above 9 so
        // that no dup2 onto 3 or 4 overwrites an end not yet moved there.
        guard let toChromium = Self.pipeAbove9(), let fromChromium = Self.pipeAbove9() else {
            try? FileManager.default.removeItem(atPath: folder)
            throw .cannotStart(reason: "no pipe: \(Self.systemError())")
        }
        let arguments = [executable] + Self.flags + ["--user-data-dir=\(folder)/profile", "about:blank"]
        let spawned = Self.spawn(
            arguments, commandsIn: toChromium.read, repliesOut: fromChromium.write, log: "\(folder)/stderr.log")
        close(toChromium.read)
        close(fromChromium.write)
        switch spawned {
        case .failure(let error):
            close(toChromium.write)
            close(fromChromium.read)
            try? FileManager.default.removeItem(atPath: folder)
            throw error
        case .success(let pid):
            self.pid = pid
        }
        commands = toChromium.write
        _ = fcntl(commands, F_SETFL, fcntl(commands, F_GETFL) | O_NONBLOCK)
        messages = Self.read(fromChromium.read)
    }

    /// Sends one message, waiting at most `timeout` for room in the pipe.
    func send(_ message: [UInt8], timeout: Duration) throws(ChromiumError) {
        let bytes = message + [0]
        let deadline = ContinuousClock.now + timeout
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { raw in
                write(commands, raw.baseAddress.map { $0 + offset }, raw.count - offset)
            }
            if written >= 0 {
                offset += written
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN:
                guard ContinuousClock.now < deadline else {
                    throw .timedOut(what: "a command (its pipe stayed full)", seconds: timeout.seconds)
                }
                var descriptor = pollfd(fd: commands, events: Int16(POLLOUT), revents: 0)
                _ = poll(&descriptor, 1, 50)
            default:
                throw .exited(log: logTail())
            }
        }
    }

    /// Stops the browser and all its processes and removes the profile.
    /// `closeRequested` says a `Browser.close` was sent: the browser gets a
    /// moment to exit by itself before it is killed.
    func stop(closeRequested: Bool) {
        if closeRequested {
            let deadline = ContinuousClock.now + .seconds(3)
            while ContinuousClock.now < deadline, !hasExited() {
                usleep(20_000)
            }
        }
        // The group, not just the browser: a zygote or renderer left behind
        // would keep the profile busy.
        kill(-pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        close(commands)
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// Removes the folders of browsers whose test process has ended (it was
    /// killed, or its browser outlived it): their browsers have ended too,
    /// as their pipes closed.
    private static func removeProfilesOfEndedProcesses() {
        let temporary = NSTemporaryDirectory()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        for name in names where name.hasPrefix("treeanim-chromium-") {
            let folder = "\(temporary)/\(name)"
            guard let text = try? String(contentsOfFile: "\(folder)/owner", encoding: .utf8),
                let owner = pid_t(text), owner != getpid(), kill(owner, 0) != 0, errno == ESRCH
            else { continue }
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// The last lines the browser printed on standard error, on one line.
    func logTail() -> String {
        guard let text = try? String(contentsOfFile: "\(folder)/stderr.log", encoding: .utf8) else { return "" }
        return text.split(whereSeparator: \.isNewline).suffix(3).joined(separator: " | ")
    }

    private func hasExited() -> Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) != 0
    }

    private static func findExecutable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { access($0, X_OK) == 0 }
    }

    private static func pipeAbove9() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return nil }
        let moved = ends.map { fcntl($0, F_DUPFD_CLOEXEC, 10) }
        ends.forEach { close($0) }
        guard moved.allSatisfy({ $0 >= 0 }) else {
            moved.filter { $0 >= 0 }.forEach { close($0) }
            return nil
        }
        return (moved[0], moved[1])
    }

    private static func spawn(
        _ arguments: [String], commandsIn: Int32, repliesOut: Int32, log: String
    ) -> Result<pid_t, ChromiumError> {
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        var attributes: posix_spawnattr_t?
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // dup2 clears close-on-exec on the copies, so 3 and 4 reach Chromium.
        posix_spawn_file_actions_adddup2(&actions, commandsIn, 3)
        posix_spawn_file_actions_adddup2(&actions, repliesOut, 4)
        // And nothing else: a descriptor another test has open without
        // close-on-exec (Foundation's pipes to its children are) would
        // otherwise live on in the browser, and a test reading that pipe
        // to its end would wait for this browser to close, holding one of
        // the test process's few threads (as many as cores) all that time.
        #if !canImport(Darwin)
        guard let closeFrom = Self.closeFrom, closeFrom(&actions, 5) == 0 else {
            return .failure(.cannotStart(reason: "posix_spawn_file_actions_addclosefrom_np (glibc 2.34 or later) is missing"))
        }
        #endif
        // Its own process group, so that `stop()` reaches every process it
        // starts; and SIGPIPE back to its default, which we ignore.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))

        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, arguments[0], &actions, &attributes, cArguments, environ)
        guard status == 0 else {
            return .failure(.cannotStart(reason: "\(arguments[0]): \(String(cString: strerror(status)))"))
        }
        return .success(pid)
    }

    #if !canImport(Darwin)
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 on), which
    /// the Glibc module does not show to Swift.
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private static let closeFrom: CloseFrom? = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        .map { unsafeBitCast($0, to: CloseFrom.self) }
    #endif

    /// Reads `descriptor` on a thread of its own (reads block) and splits
    /// what comes at each NUL; closes it at the end of the stream.
    private static func read(_ descriptor: Int32) -> AsyncStream<[UInt8]> {
        let (stream, continuation) = AsyncStream<[UInt8]>.makeStream()
        Thread.detachNewThread {
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                pending.append(contentsOf: chunk[..<count])
                while let end = pending.firstIndex(of: 0) {
                    continuation.yield(Array(pending[..<end]))
                    pending.removeSubrange(...end)
                }
            }
            close(descriptor)
            continuation.finish()
        }
        return stream
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}

extension Duration {
    /// The duration in seconds, for messages.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
