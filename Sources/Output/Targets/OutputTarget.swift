/// What an output path names: a folder of PNG frames, a video or animated
/// image that ffmpeg encodes in the format its extension names, or a
/// document of the steps (an HTML or PowerPoint deck, a PDF handout).
public enum OutputTarget: Sendable, Equatable {
    case pngFolder(String)
    case video(String, VideoFormat)
    case deck(String, DeckKind)

    /// The target a path names: a `.gif`, `.mp4`, `.webm`, `.apng`,
    /// `.webp`, `.html` (or `.htm`), `.pptx` or `.pdf` file, in any case,
    /// or a folder (one that exists, or a path ending in `/`).
    public init(path: String, isExistingFolder: Bool) throws(OutputError) {
        if path.hasSuffix("/") || isExistingFolder {
            self = .pngFolder(path)
            return
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: ".") else { throw .unknownExtension(path: path) }
        let ext = name[name.index(after: dot)...].lowercased()
        if let format = VideoFormat(rawValue: ext) {
            self = .video(path, format)
        } else if let kind = DeckKind(rawValue: ext == "htm" ? "html" : ext) {
            self = .deck(path, kind)
        } else {
            throw .unknownExtension(path: path)
        }
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
