import Foundation
import Synchronization
import TreeAnimKit

/// What every subcommand does once it has a script: renders it through the
/// library's session, which writes its notes and summary to stderr here.
enum Render {
    /// The session of `options`, telling the user on stderr, with a
    /// progress bar on a terminal and interrupts honoured.
    static func session(_ options: AnimationOptions) -> RenderSession {
        RenderSession(options: options.render, log: .standardError)
    }

    /// Makes and renders what `producer` makes of `options`.
    static func produce<P: Producer>(_ producer: P.Type, _ options: P.Options, animation: AnimationOptions) throws {
        answer(try session(animation).produce(producer, options))
    }

    /// Prints what a session answers on standard output: the count of
    /// frames, when that is what was asked.
    static func answer(_ outcome: RenderOutcome) {
        if case .counted(let frames) = outcome { StandardOutput.line(String(frames)) }
    }
}

extension ProductionLog {
    /// The command line's log: lines to stderr, a progress bar while
    /// frames are drawn (on a terminal), and Ctrl-C, SIGTERM and a hang-up
    /// as the request to stop.
    static var standardError: ProductionLog {
        let bar = Mutex<Progress?>(nil)
        return ProductionLog(
            write: { Messages.write($0) },
            progress: { done, total in bar.withLock { $0?.update(done, total) } },
            isCancelled: { Interruption.shared.happened },
            willRender: {
                bar.withLock { $0 = Progress() }
                Interruption.shared.startRendering()
            },
            didRender: { bar.withLock { $0?.finish() } })
    }
}

/// A run that failed: one line for stderr and the exit status.
typealias CommandFailure = ProductionFailure

enum Messages {
    /// Writes to stderr, ignoring failure: a message must never trap, even
    /// when stderr is closed or full.
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        bytes.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(STDERR_FILENO, base + offset, raw.count - offset)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return }
                offset += n
            }
        }
    }

    /// Opens `/dev/null` as each standard stream that is closed (`2>&-`):
    /// the next file opened would take its number, and messages meant for
    /// stderr would be written into it.
    static func openClosedStandardStreams() {
        for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(fd, F_GETFD) == -1 {
            // open takes the lowest free number, which is `fd` as the lower ones are open.
            _ = open("/dev/null", O_RDWR)
        }
    }

    /// Writes `message` as the one line of an error: control characters a
    /// user's argument or file may carry (a newline in a file name, an
    /// escape sequence in a label) are escaped, and so are bidirectional
    /// controls, which would reorder the rest of the line on screen.
    static func error(_ message: String) {
        var line = ""
        for u in FileLimit.explained(message).unicodeScalars {
            switch u {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            case _ where u.properties.generalCategory == .control || u.properties.isBidiControl:
                line += "\\u{\(String(u.value, radix: 16))}"
            default: line.unicodeScalars.append(u)
            }
        }
        write("treeanim: error: \(line)\n")
    }

    /// An output error's line, with the command line's words for it.
    static func describe(_ error: Error) -> String {
        OutputWording.describe(error)
    }
}
