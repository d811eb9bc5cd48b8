import ArgumentParser
import Foundation
import Synchronization
import StudioServer
import TreeAnimKit

/// `treeanim studio`: a local web app where operations typed in a box are
/// animated at once, and the session exports as a GIF, a deck, a handout
/// or a lecture file.
struct StudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "A local web app: type operations, watch them animate, export the session.",
        discussion: """
            Prints the page's address, with its access token, as the first line on standard \
            output, and serves until Ctrl-C, which removes every file it made. Choose a structure \
            (bst, avl, rb, heap, list, stack, queue, hash, btree, trie, sort, or a graph pasted or \
            uploaded with its algorithm runs), type operations as --ops takes them and press Run: \
            each run's steps play at once. ← → step, R replays, A plays all; the session exports as \
            GIF, MP4, HTML deck, PPTX, PDF handout, a lecture YAML and an ops file, which render \
            the same frames through treeanim lecture and --ops-file.

            Examples:
              treeanim studio                       http://127.0.0.1:8765/?token=…
              treeanim studio --port 0 --open       any free port, opened in the browser
            """)

    @Option(help: "The port to listen on, 0 for any free one.")
    var port: Int = 8765

    @Option(help: "The address to listen on: loopback unless you give another (anyone who can reach it and has the token can use the studio).")
    var host = "127.0.0.1"

    @Flag(help: "Open the page in the default browser (xdg-open or open).")
    var open = false

    mutating func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be 0 to 65535 (got \(port))") }
    }

    func run() throws {
        let server = try StudioServer(host: host, port: UInt16(port))
        Interruption.shared.setStop(line: "treeanim studio: stopped; its temporary files are removed") { server.removeFiles() }
        let started = DispatchSemaphore(value: 0)
        let outcome = Mutex<Result<String, ProductionFailure>?>(nil)
        Task {
            do throws(ProductionFailure) {
                let address = try await server.start()
                outcome.withLock { $0 = .success(address) }
            } catch {
                outcome.withLock { $0 = .failure(error) }
            }
            started.signal()
        }
        started.wait()
        switch outcome.withLock({ $0 }) {
        case .success(let address)?:
            StandardOutput.line(address)
            Messages.write("treeanim studio: serving on \(host); Ctrl-C stops it\n")
            if !(host.hasPrefix("127.") || host == "::1") {
                Messages.write("treeanim studio: note: \(host) is not loopback: anyone who can reach it and has the address with its token can use the studio\n")
            }
            if open { Self.openBrowser(address) }
        case .failure(let failure)?:
            server.removeFiles()
            throw failure.status == 69 && port != 0
                ? CommandFailure("\(failure.message): give another --port, or --port 0 for any free one", status: 69) : failure
        case nil:
            throw CommandFailure("internal error: the server did not start")
        }
        // Serves until an interrupt ends the process (Interruption).
        while true { sleep(3600) }
    }

    /// Opens `address` in the desktop's browser; says so when it cannot.
    static func openBrowser(_ address: String) {
        var candidates = [String]()
        for folder in ProcessInfo.processInfo.environment["PATH", default: "/usr/bin:/bin"].split(separator: ":") {
            candidates += [String(folder) + "/xdg-open", String(folder) + "/open"]
        }
        let opener = candidates.first { access($0, X_OK) == 0 }
        guard let opener else {
            Messages.write("treeanim studio: no xdg-open or open found: open the address yourself\n")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { Messages.write("treeanim studio: \(opener) failed: \(error.localizedDescription)\n") }
    }
}
