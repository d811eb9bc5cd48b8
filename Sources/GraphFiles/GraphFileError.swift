import Foundation

/// Why a graph file was not read, or a graph not run: one line,
/// `FILE:LINE:COLUMN: message`, `FILE:LINE: message`, or `FILE: message`
/// when the problem is the file as a whole.
public struct GraphFileError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    public var file: String
    /// The 1-based line, or nil.
    public var line: Int?
    /// The 1-based column in characters, or nil.
    public var column: Int?
    public var message: String

    public init(file: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String {
        switch (line, column) {
        case (let line?, let column?): "\(file):\(line):\(column): \(message)"
        case (let line?, nil): "\(file):\(line): \(message)"
        default: "\(file): \(message)"
        }
    }

    public var errorDescription: String? { description }
}
