import Foundation

/// Why driving Chromium failed, with the command, script or condition at
/// fault; `description` is one line.
public enum ChromiumError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No `chromium` on the search path.
    case notInstalled
    case cannotStart(reason: String)
    /// The browser closed its end of the pipe; `log` is the end of what it
    /// printed on standard error.
    case exited(log: String)
    case timedOut(what: String, seconds: Double)
    /// Chromium answered `method` with an error.
    case commandFailed(method: String, message: String)
    /// The page threw while evaluating `expression`.
    case scriptThrew(expression: String, message: String)
    /// `condition` was still false (or threw) after `seconds`; `last` is its
    /// last value, or what it threw.
    case conditionNeverHeld(condition: String, seconds: Double, last: String)
    case badScreenshot(reason: String)

    public var description: String {
        switch self {
        case .notInstalled:
            "chromium not found on PATH: run scripts/setup.sh (it installs Debian's chromium for the HTML tests)"
        case .cannotStart(let reason):
            "could not start chromium: \(reason)"
        case .exited(let log):
            "chromium exited" + (log.isEmpty ? "" : ": " + log)
        case .timedOut(let what, let seconds):
            "chromium did not answer \(what) within \(seconds) s"
        case .commandFailed(let method, let message):
            "chromium refused \(method): \(message)"
        case .scriptThrew(let expression, let message):
            "the page threw \(message) evaluating `\(oneLine(expression))`"
        case .conditionNeverHeld(let condition, let seconds, let last):
            "`\(oneLine(condition))` did not hold within \(seconds) s (last: \(oneLine(last)))"
        case .badScreenshot(let reason):
            "unusable screenshot: \(reason)"
        }
    }
}

/// Scripts and logs span lines; an error's description does not.
private func oneLine(_ text: String) -> String {
    let joined = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        .joined(separator: " ")
    return joined.count > 300 ? String(joined.prefix(300)) + "…" : joined
}
