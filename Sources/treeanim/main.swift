import ArgumentParser
import Foundation
import TreeAnimKit

// Our own entry point rather than ArgumentParser's `main()`, so every error
// is one line on stderr: ArgumentParser would follow a usage error with the
// whole usage text.
Messages.openClosedStandardStreams()
// A pipe to a program that has exited (ffmpeg, espeak-ng) is an error to
// report, never a reason to die without a word.
signal(SIGPIPE, SIG_IGN)
do {
    try TreeAnim.checkHelpRequest(Array(CommandLine.arguments.dropFirst()))
    var command = try TreeAnim.parseAsRoot()
    // After parsing, so that help and the version need no files; before
    // the signal handlers, which take five.
    try FileLimit.ensure()
    Interruption.shared.install()
    // Every file the run reads is kept in the ledger, so that no output
    // can replace one of them.
    try InputLedger.$current.withValue(InputLedger()) { try command.run() }
    StandardOutput.finish()
} catch let error as CommandFailure {
    Messages.error(error.message)
    exit(error.status)
} catch {
    let code = TreeAnim.exitCode(for: error)
    if code == .success {
        StandardOutput.line(TreeAnim.fullMessage(for: error))
        StandardOutput.finish()
    }
    Messages.error(TreeAnim.message(for: error))
    exit(code.rawValue)
}
