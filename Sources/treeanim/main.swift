import ArgumentParser
import Foundation
import TreeAnimKit

// Our own entry point rather than ArgumentParser's `main()`, so every error
// is one line on stderr: ArgumentParser would follow a usage error with the
// whole usage text.
Interruption.shared.install()
do {
    var command = try TreeAnimCommand.parseAsRoot()
    try command.run()
} catch let error as TreeAnimError {
    FileHandle.standardError.write("treeanim: error: \(error.description)\n")
    exit(error == .interrupted ? 130 : 1)
} catch {
    let code = TreeAnimCommand.exitCode(for: error)
    if code == .success {
        print(TreeAnimCommand.fullMessage(for: error))
        exit(0)
    }
    FileHandle.standardError.write("treeanim: error: \(TreeAnimCommand.message(for: error))\n")
    exit(code.rawValue)
}
