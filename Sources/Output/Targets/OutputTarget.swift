import OutputFiles
/// What an output path names: a folder of PNG frames, or a file of the
/// kind its extension names in ``OutputKinds`` (a video or animated image
/// that ffmpeg encodes, an HTML or PowerPoint deck, a PDF handout).
public enum OutputTarget: Sendable, Equatable {
    case pngFolder(String)
    case file(String, OutputKind)

    /// A video or animated image of `format` at `path`.
    public static func video(_ path: String, _ format: VideoFormat) -> OutputTarget { .file(path, .video(format)) }

    /// The target a path names: a `.gif`, `.mp4`, `.webm`, `.apng`,
    /// `.webp`, `.html` (or `.htm`), `.pptx` or `.pdf` file, in any case,
    /// or a folder (a path ending in `/`, or a folder that exists and whose
    /// name is not one of those files': `-o bst.gif` that is a folder is
    /// refused, as a folder is not what the name asks for). `kinds` says
    /// what each extension names.
    public init(path: String, isExistingFolder: Bool, kinds: OutputKinds = .standard) throws(OutputError) {
        if path.hasSuffix("/") {
            self = .pngFolder(path)
            return
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let file = Self.file(path, named: name, kinds: kinds)
        if isExistingFolder {
            guard file == nil else { throw .fileNameIsAFolder(path: path) }
            self = .pngFolder(path)
            return
        }
        guard let file else { throw .unknownExtension(path: path) }
        self = file
    }

    /// The file target `name`'s extension names; nil for none.
    private static func file(_ path: String, named name: String, kinds: OutputKinds) -> OutputTarget? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        return kinds.kind(forExtension: String(name[name.index(after: dot)...])).map { .file(path, $0) }
    }

    public var path: String {
        switch self {
        case .pngFolder(let p), .file(let p, _): p
        }
    }

    /// The kind of file it is; nil for a PNG folder.
    public var kind: OutputKind? {
        if case .file(_, let kind) = self { kind } else { nil }
    }

    /// Where the target's sink will write, known before the sink is made:
    /// what to compare with other outputs to refuse two that write one file.
    public var destination: OutputDestination {
        switch self {
        case .pngFolder(let folder): .folder(OutputPaths.trimmed(folder), holds: PNGFolderSink.isFrameName)
        case .file(let path, _): .file(path)
        }
    }
}
