/// Why a comparison could not be made, or its images not written; each
/// description is one line naming the path at fault.
///
///     "no such file or folder: 'golden/frames'"
public enum CompareError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing exists at `path`.
    case notFound(path: String)
    /// `path` exists but cannot be examined or listed.
    case unreadable(path: String, reason: String)
    /// `path` is a device, socket or pipe: neither a PNG file nor a folder.
    case notFileOrFolder(path: String)
    /// One of the two paths is a file, the other a folder.
    case fileAndFolder(file: String, folder: String)
    /// Neither folder holds a PNG file, which is more likely a wrong path
    /// than two empty animations.
    case noFrames(expected: String, actual: String)
    /// The folder for diff images cannot be used or made.
    case diffFolderUnusable(path: String, reason: String)
    /// The folder for diff images is one of the folders compared, where its
    /// images would be taken for frames the next time.
    case diffFolderIsCompared(path: String)
    /// A diff image would be written over `compared`, a file being compared
    /// (`path` is the image's name for it).
    case diffImageIsCompared(path: String, compared: String)
    /// Something that is not a regular file (a folder, a link, a device)
    /// has the name of a diff image; it is left alone.
    case notAFile(path: String)
    /// A diff image could not be written, or an old one removed.
    case cannotWrite(path: String, reason: String)
    /// The comparison was cancelled before it finished.
    case interrupted

    public var description: String {
        switch self {
        case .notFound(let path):
            "no such file or folder: '\(path)'"
        case .unreadable(let path, let reason):
            "cannot read '\(path)': \(reason)"
        case .notFileOrFolder(let path):
            "'\(path)' is neither a PNG file nor a folder"
        case .fileAndFolder(let file, let folder):
            "'\(file)' is a file but '\(folder)' is a folder: compare two PNG files or two folders of them"
        case .noFrames(let expected, let actual):
            expected == actual
                ? "no PNG files in '\(expected)'" : "no PNG files in '\(expected)' or '\(actual)'"
        case .diffFolderUnusable(let path, let reason):
            "cannot use '\(path)' for diff images: \(reason)"
        case .diffFolderIsCompared(let path):
            "'\(path)' is a folder being compared: diff images there would be taken for frames; choose another folder"
        case .diffImageIsCompared(let path, let compared):
            "the diff image '\(path)' would replace '\(compared)', which is being compared; choose another folder"
        case .notAFile(let path):
            "'\(path)' is not a regular file: it is left alone, and no diff image is written there"
        case .cannotWrite(let path, let reason):
            "cannot write '\(path)': \(reason)"
        case .interrupted:
            "interrupted"
        }
    }
}
