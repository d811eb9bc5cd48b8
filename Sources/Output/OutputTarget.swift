/// Where frames go: a folder of PNG files, or a video that ffmpeg encodes.
public enum OutputTarget: Sendable, Equatable {
    case pngFolder(String)
    case video(String, VideoFormat)

    /// The target a path names: a `.gif`, `.mp4` or `.webm` file, or a
    /// folder (one that exists, or a path ending in `/`).
    public init(path: String, isExistingFolder: Bool) throws(TreeAnimError) {
        if path.hasSuffix("/") || isExistingFolder {
            self = .pngFolder(path)
            return
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."),
            let format = VideoFormat(rawValue: name[name.index(after: dot)...].lowercased())
        else { throw .unknownExtension(path) }
        self = .video(path, format)
    }

    public var path: String {
        switch self {
        case .pngFolder(let p), .video(let p, _): p
        }
    }
}

/// The video formats ffmpeg writes for us.
public enum VideoFormat: String, Sendable, CaseIterable {
    case gif, mp4, webm

    /// Whether the format keeps an alpha channel (GIF's is one bit).
    public var hasAlpha: Bool { self != .mp4 }
}
