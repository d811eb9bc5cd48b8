/// What an output path names: a folder of PNG frames, or a video that
/// ffmpeg encodes in the format its extension names.
public enum OutputTarget: Sendable, Equatable {
    case pngFolder(String)
    case video(String, VideoFormat)

    /// The target a path names: a `.gif`, `.mp4` or `.webm` file (in any
    /// case), or a folder (one that exists, or a path ending in `/`).
    public init(path: String, isExistingFolder: Bool) throws(OutputError) {
        if path.hasSuffix("/") || isExistingFolder {
            self = .pngFolder(path)
            return
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."),
            let format = VideoFormat(rawValue: name[name.index(after: dot)...].lowercased())
        else { throw .unknownExtension(path: path) }
        self = .video(path, format)
    }

    public var path: String {
        switch self {
        case .pngFolder(let p), .video(let p, _): p
        }
    }

    /// Where the target's sink will write, known before the sink is made:
    /// what to compare with other outputs to refuse two that write one file.
    public var destination: OutputDestination {
        switch self {
        case .pngFolder(let folder): .folder(OutputPaths.trimmed(folder), holds: PNGFolderSink.isFrameName)
        case .video(let path, _): .file(path)
        }
    }
}
