/// What an output path names: a folder of PNG frames, a video or animated
/// image that ffmpeg encodes in the format its extension names, or a
/// document of the steps (an HTML or PowerPoint deck, a PDF handout).
public enum OutputTarget: Sendable, Equatable {
    case pngFolder(String)
    case video(String, VideoFormat)
    case deck(String, DeckKind)

    /// The target a path names: a `.gif`, `.mp4`, `.webm`, `.apng`,
    /// `.webp`, `.html` (or `.htm`), `.pptx` or `.pdf` file, in any case,
    /// or a folder (a path ending in `/`, or a folder that exists and whose
    /// name is not one of those files': `-o bst.gif` that is a folder is
    /// refused, as a folder is not what the name asks for).
    public init(path: String, isExistingFolder: Bool) throws(OutputError) {
        if path.hasSuffix("/") {
            self = .pngFolder(path)
            return
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let file = Self.file(path, named: name)
        if isExistingFolder {
            guard file == nil else { throw .fileNameIsAFolder(path: path) }
            self = .pngFolder(path)
            return
        }
        guard let file else { throw .unknownExtension(path: path) }
        self = file
    }

    /// The file target `name`'s extension names; nil for none.
    private static func file(_ path: String, named name: String) -> OutputTarget? {
        guard let dot = name.lastIndex(of: ".") else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        if let format = VideoFormat(rawValue: ext) { return .video(path, format) }
        if let kind = DeckKind(rawValue: ext == "htm" ? "html" : ext) { return .deck(path, kind) }
        return nil
    }

    public var path: String {
        switch self {
        case .pngFolder(let p), .video(let p, _), .deck(let p, _): p
        }
    }

    /// Where the target's sink will write, known before the sink is made:
    /// what to compare with other outputs to refuse two that write one file.
    public var destination: OutputDestination {
        switch self {
        case .pngFolder(let folder): .folder(OutputPaths.trimmed(folder), holds: PNGFolderSink.isFrameName)
        case .video(let path, _), .deck(let path, _): .file(path)
        }
    }
}
