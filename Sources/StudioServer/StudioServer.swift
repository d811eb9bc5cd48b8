import FlyingFox
import FlyingSocks
import Foundation
import GraphFiles
import InputText
import Production
import Studio
import Synchronization

/// `treeanim studio`'s web server: the page, and a small JSON API over the
/// library's ``StudioSession``s, one a tab. Thin by design: every rule of
/// what a session does lives in `Studio`; this maps requests to sessions
/// and answers in JSON, bytes or streamed files.
///
/// Every request carries the token (`?token=` or the `X-Treeanim-Token`
/// header), or is answered 401. Nothing a request sends names a path on
/// the server: a graph comes as the body of a request, read within the
/// graph reader's limit; exports are streamed from files the studio names
/// in its own folder and unlinks before they are sent. Renders run on
/// threads of their own, so that a slow one never holds up another tab.
public final class StudioServer: Sendable {
    public let token: String
    let host: String
    let port: UInt16
    let base: RenderOptions
    let workspace: StudioWorkspace
    let sessions = Mutex<Sessions>(Sessions())
    let server: HTTPServer

    /// The most sessions kept at once: past it, the one unused longest goes.
    public static let maxSessions = 64

    struct Sessions {
        var byID: [String: (session: StudioSession, used: UInt64)] = [:]
        var clock: UInt64 = 0
    }

    /// A server on `host` and `port` (0 for any free port) rendering with
    /// `base`'s options; nothing is bound until ``start()``.
    public init(host: String = "127.0.0.1", port: UInt16 = 0, base: RenderOptions = RenderOptions(), token: String? = nil) throws(ProductionFailure) {
        self.host = host
        self.port = port
        self.base = base
        self.token = token ?? Self.randomHex(bytes: 24)
        workspace = try StudioWorkspace()
        let address: any SocketAddress
        do {
            address = host.contains(":") ? try sockaddr_in6.inet6(ip6: host, port: port) : try sockaddr_in.inet(ip4: host, port: port)
        } catch {
            workspace.removeAll()
            throw ProductionFailure("--host \(host): not an IP address (give 127.0.0.1, ::1 or an address of this machine)", status: 64)
        }
        // Silent: standard output is the address's alone, and a refusal is the client's to read.
        let quiet: DisabledLogger = .disabled
        server = HTTPServer(config: HTTPServer.Configuration(address: address, timeout: 3600, logger: quiet))
    }

    /// Binds and serves until ``stop()``; returns the page's address, the
    /// token in it, once the server listens.
    public func start() async throws(ProductionFailure) -> String {
        let router = Router(server: self)
        await server.appendRoute("*", to: router)
        let running = server
        let failed = Mutex<(any Error)?>(nil)
        Task {
            do { try await running.run() } catch { failed.withLock { $0 = error } }
        }
        // Listening, or refused (a port in use): whichever comes first, each
        // within moments; ten seconds is a safety net.
        var address: Socket.Address?
        for _ in 0..<200 {
            address = await server.listeningAddress
            if address != nil { break }
            if let error = failed.withLock({ $0 }) {
                workspace.removeAll()
                throw ProductionFailure("cannot listen on \(host) port \(port): \(Self.reason(error))", status: 69)
            }
            try? await Task.sleep(for: .milliseconds(50))
        }
        guard let address else {
            workspace.removeAll()
            throw ProductionFailure("cannot listen on \(host) port \(port): it did not start within 10 s", status: 69)
        }
        let bound: UInt16
        switch address {
        case .ip4(_, let port), .ip6(_, let port): bound = port
        default: bound = port
        }
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "http://\(shownHost):\(bound)/?token=\(token)"
    }

    /// Stops serving and removes every file the studio made.
    public func stop() async {
        await server.stop(timeout: 1)
        workspace.removeAll()
    }

    /// Removes the studio's files without waiting: for a signal handler
    /// that exits right after.
    public func removeFiles() {
        workspace.removeAll()
    }

    /// What a socket error says, as one line: `Address already in use`.
    static func reason(_ error: any Error) -> String {
        if let socket = error as? SocketError, case .failed(_, let errno, let message) = socket {
            return message.isEmpty ? String(cString: strerror(errno)) : message
        }
        return String(describing: error)
    }

    static func randomHex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<bytes).map { _ in
            let b = UInt8.random(in: 0...255, using: &generator)
            return (b < 16 ? "0" : "") + String(b, radix: 16)
        }.joined()
    }

    // MARK: Sessions

    func session(_ id: String?) throws(StudioHTTPError) -> StudioSession {
        guard let id else { throw StudioHTTPError(.badRequest, "no session: open the studio's page again") }
        return try sessions.withLock { (sessions) throws(StudioHTTPError) -> StudioSession in
            guard let found = sessions.byID[id] else {
                throw StudioHTTPError(.notFound, "this session has ended (the studio keeps \(Self.maxSessions) at most): reload the page")
            }
            sessions.clock += 1
            sessions.byID[id] = (found.session, sessions.clock)
            return found.session
        }
    }

    func add(_ session: StudioSession) -> String {
        let id = Self.randomHex(bytes: 16)
        sessions.withLock { sessions in
            sessions.clock += 1
            sessions.byID[id] = (session, sessions.clock)
            while sessions.byID.count > Self.maxSessions, let oldest = sessions.byID.min(by: { $0.value.used < $1.value.used }) {
                sessions.byID[oldest.key] = nil
            }
        }
        return id
    }
}

/// A refusal, answered with its status and its message as JSON.
struct StudioHTTPError: Error {
    var status: HTTPStatusCode
    var message: String

    init(_ status: HTTPStatusCode, _ message: String) {
        self.status = status
        self.message = message
    }

    init(_ failure: ProductionFailure) {
        switch failure.status {
        case 404: status = .notFound
        case 409: status = .conflict
        case 64, 65: status = .badRequest
        default: status = .internalServerError
        }
        message = failure.message
    }
}

/// Runs `work` on a thread of its own, off the tasks that serve requests:
/// a render takes seconds of CPU, and the concurrency pool has one thread
/// a core.
func offThePool<T: Sendable>(_ work: @escaping @Sendable () throws(ProductionFailure) -> T) async throws(StudioHTTPError) -> T {
    let result: Result<T, ProductionFailure> = await withCheckedContinuation { continuation in
        Thread.detachNewThread {
            do throws(ProductionFailure) { continuation.resume(returning: .success(try work())) } catch {
                continuation.resume(returning: .failure(error))
            }
        }
    }
    switch result {
    case .success(let value): return value
    case .failure(let failure): throw StudioHTTPError(failure)
    }
}
