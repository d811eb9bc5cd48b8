import FlyingFox
import Foundation
import GraphFiles
import InputText
import Production
import Studio

/// Maps each request to what it asks of the studio.
///
///     GET  /                       the page
///     POST /api/session?structure=bst&theme=light&options=…&name=g.dot   body: the graph, if any
///     POST /api/run?session=ID     body: the operations
///     POST /api/undo?session=ID
///     GET  /api/clip?session=ID&step=K&part=P  a part of the step's clip, an MP4
///     GET  /api/still?session=ID&step=K&end=1  its first or last frame as a PNG
///     GET  /api/export?session=ID&format=gif   a streamed download
struct Router: HTTPHandler {
    let server: StudioServer

    /// The most bytes a run's body may hold: a run's characters, each up to four bytes.
    static let maxRunBytes = StudioSession.maxRunLength * 4

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        do throws(StudioHTTPError) {
            try authorize(request)
            return try await answer(request)
        } catch {
            return Self.json(["error": error.message], status: error.status)
        }
    }

    private func authorize(_ request: HTTPRequest) throws(StudioHTTPError) {
        let given = request.query["token"] ?? request.headers[HTTPHeader("X-Treeanim-Token")] ?? ""
        // Compared in time independent of where they differ.
        let a = Array(given.utf8), b = Array(server.token.utf8)
        var differ = a.count != b.count ? 1 : 0
        for k in 0..<min(a.count, b.count) { differ |= Int(a[k] ^ b[k]) }
        if differ != 0 {
            throw StudioHTTPError(.unauthorized, "this studio needs its token: open the address treeanim studio printed, ?token=… included")
        }
    }

    private func answer(_ request: HTTPRequest) async throws(StudioHTTPError) -> HTTPResponse {
        let query = request.query
        switch (request.method, request.path) {
        case (.GET, "/"):
            return HTTPResponse(
                statusCode: .ok,
                headers: [
                    .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                    HTTPHeader("Content-Security-Policy"): StudioPage.contentSecurityPolicy,
                    HTTPHeader("Referrer-Policy"): "no-referrer",
                ],
                body: Data(StudioPage.html.utf8))
        case (.POST, "/api/session"):
            let structure = query["structure"] ?? "bst"
            let theme = try theme(query["theme"])
            var options: [StudioOption]
            do throws(ProductionFailure) { options = try StudioOption.parse(query["options"] ?? "") } catch { throw StudioHTTPError(error) }
            if query["code"] == "true", !options.contains(where: { $0.key == "code" }) { options.append(StudioOption("code", "true")) }
            var upload: StudioUpload?
            if structure == "graph" {
                let name = StudioUpload.fileName(query["name"] ?? "graph.dot")
                let limit = GraphFile.Limits().maxBytes
                let bytes = try await Self.body(of: request, limit: limit) { size in
                    GraphFileError(file: name, message: InputError.tooLarge(size: size, limit: limit).description).description
                }
                if !bytes.isEmpty { upload = StudioUpload(name: name, bytes: bytes) }
            }
            let setup = StudioSetup(structure: structure, options: options, theme: theme, upload: upload)
            let base = server.base, workspace = server.workspace
            let session = try await offThePool { () throws(ProductionFailure) in
                let session = try StudioSession(setup: setup, workspace: workspace, base: base)
                // A graph is read and laid out now, so that a bad file is said before the first run.
                if setup.structure == "graph" { try session.check() }
                return session
            }
            let id = server.add(session)
            return Self.json(StateReply(session: id, state: session.current))
        case (.POST, "/api/run"):
            let session = try server.session(query["session"])
            let bytes = try await Self.body(of: request, limit: Self.maxRunBytes) { _ in
                "one run may hold \(StudioSession.maxRunLength) characters: run the operations in parts"
            }
            let text = String(decoding: bytes, as: UTF8.self)
            let state = try await offThePool { () throws(ProductionFailure) in try session.run(text) }
            return Self.json(StateReply(session: query["session"] ?? "", state: state))
        case (.POST, "/api/undo"):
            let session = try server.session(query["session"])
            let state = try await offThePool { () throws(ProductionFailure) in try session.undo() }
            return Self.json(StateReply(session: query["session"] ?? "", state: state))
        case (.GET, "/api/clip"):
            let session = try server.session(query["session"])
            let step = try Self.step(query)
            guard let part = Int(query["part"] ?? "0"), part >= 0 else { throw StudioHTTPError(.badRequest, "part: give a part number from 0") }
            let bytes = try await offThePool { () throws(ProductionFailure) in try session.clip(step, part: part) }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "video/mp4", .cacheControl: "no-store"], body: Data(bytes))
        case (.GET, "/api/still"):
            let session = try server.session(query["session"])
            let step = try Self.step(query)
            let last = query["end"] == "1"
            let bytes = try await offThePool { () throws(ProductionFailure) in try session.still(step, last: last) }
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/png", .cacheControl: "no-store"], body: Data(bytes))
        case (.GET, "/api/export"):
            let session = try server.session(query["session"])
            guard let format = query["format"].flatMap(StudioExport.init(rawValue:)) else {
                let names = StudioExport.allCases.map(\.rawValue).joined(separator: ", ")
                throw StudioHTTPError(.badRequest, "format: give one of \(names)")
            }
            let download = try await offThePool { () throws(ProductionFailure) in try session.export(format) }
            var headers: HTTPHeaders = [
                .contentType: download.type, .cacheControl: "no-store",
                .contentDisposition: "attachment; filename=\"\(download.name)\"",
            ]
            switch download.content {
            case .bytes(let bytes):
                return HTTPResponse(statusCode: .ok, headers: headers, body: Data(bytes))
            case .file(let path):
                guard let file = OpenFileBytes(takingFileAt: path) else {
                    throw StudioHTTPError(.internalServerError, "the export was made but cannot be read back")
                }
                headers[.contentLength] = String(file.count)
                return HTTPResponse(statusCode: .ok, headers: headers, body: HTTPBodySequence(from: file, count: file.count))
            }
        default:
            throw StudioHTTPError(.notFound, "no such page: \(StudioPageText.shown(request.path))")
        }
    }

    private func theme(_ name: String?) throws(StudioHTTPError) -> ThemeName {
        guard let name else { return .light }
        guard let theme = ThemeName(rawValue: name) else {
            throw StudioHTTPError(.badRequest, "theme: give one of \(ThemeName.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return theme
    }

    private static func step(_ query: [HTTPRequest.QueryItem]) throws(StudioHTTPError) -> Int {
        guard let text = query["step"], let step = Int(text), step >= 0 else {
            throw StudioHTTPError(.badRequest, "step: give a step number from 0")
        }
        return step
    }

    /// The request's body, at most `limit` bytes: a longer one is read to
    /// its end (up to four times the limit, so that the client hears the
    /// answer) and refused with `message(size)`.
    static func body(of request: HTTPRequest, limit: Int, message: (Int?) -> String) async throws(StudioHTTPError) -> [UInt8] {
        let declared = request.headers[.contentLength].flatMap(Int.init)
        var bytes = [UInt8]()
        var seen = 0
        do {
            for try await chunk in request.bodySequence {
                seen += chunk.count
                if seen <= limit { bytes.append(contentsOf: chunk) }
                if seen > 4 * limit { break }
            }
        } catch {
            throw StudioHTTPError(.badRequest, "the request's body could not be read: \(error)")
        }
        if seen > limit { throw StudioHTTPError(.payloadTooLarge, message(declared ?? (seen > 4 * limit ? nil : seen))) }
        return bytes
    }

    static func json(_ value: some Encodable, status: HTTPStatusCode = .ok) -> HTTPResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
        return HTTPResponse(statusCode: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"], body: data)
    }
}

/// A session's id and state, as the page reads them.
struct StateReply: Encodable {
    var session: String
    var state: StudioState
}

enum StudioPageText {
    static func shown(_ text: String) -> String {
        text.count > 60 ? String(text.prefix(60)) + "…" : text
    }
}
