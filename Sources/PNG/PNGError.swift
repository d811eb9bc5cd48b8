/// Why a PNG could not be encoded, decoded, read or written, and which file
/// was at fault.
///
///     "cannot write /x/y.png: No such file or directory"
public struct PNGError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What was being done when it failed.
    public enum Operation: String, Sendable {
        case encode, decode, read, write
    }

    public var operation: Operation
    /// The file, when the operation had one.
    public var path: String?
    /// The reason, from the system or libpng, without the path.
    public var reason: String

    public init(_ operation: Operation, path: String? = nil, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    public var description: String {
        "cannot \(operation.rawValue) \(path ?? "PNG"): \(reason)"
    }
}
