import Foundation

/// Why a tree file was not read: one line, `FILE:LINE:COLUMN: message`, or
/// `FILE: message` when the problem is the file as a whole (its size, its
/// extension, opening it).
///
/// Messages say what was expected and what was found (`expected ',' or '}'
/// in the node object, found 'x'`), or name the limit refused.
public struct TreeFileError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The file as the caller named it (a path, or something like `<stdin>`).
    public var file: String
    /// The 1-based line, or `nil` for a problem with the whole file.
    public var line: Int?
    /// The 1-based column in `Character`s (see ``TreeFileNode``), or `nil`.
    public var column: Int?
    /// What was expected and found, or the limit, without the location.
    public var message: String

    public init(file: String, line: Int?, column: Int?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        if let line, let column { return "\(file):\(line):\(column): \(message)" }
        return "\(file): \(message)"
    }

    public var errorDescription: String? { description }
}
