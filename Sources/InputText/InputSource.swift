/// Where a reader's bytes come from: a file by its path, or standard input
/// (`-` on the command line).
///
///     let bytes = try InputSource(argument: "tree.json").read(limit: 50_000_000)
///     let text = try DecodedText(decoding: bytes)
public enum InputSource: Sendable, Equatable {
    case path(String)
    case standardInput

    /// `-` is standard input, as in every Unix tool; anything else a path
    /// (`./-` names a file called `-`).
    public init(argument: String) {
        self = argument == "-" ? .standardInput : .path(argument)
    }

    /// How messages name it: the path as given, or `<stdin>`.
    public var name: String {
        switch self {
        case .path(let path): path
        case .standardInput: "<stdin>"
        }
    }
}
