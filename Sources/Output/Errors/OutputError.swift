import OutputFiles

/// What can stop frames from reaching their outputs, with the path, tool or
/// number at fault. A ``FileError`` of the files beneath comes up as the
/// case of the same name.
///
/// `description` is one line that names the file or tool but no
/// command-line flag: the command line knows which flag gave the path and
/// adds it.
public enum OutputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A file path whose extension names no format we write.
    case unknownExtension(path: String)
    /// A path named like a file (`bst.gif`) that is a folder.
    case fileNameIsAFolder(path: String)
    /// The folder that should hold an output does not exist.
    case outputFolderMissing(path: String)
    case cannotWrite(path: String, reason: String)
    /// libpng refused a frame, which names a fault in the frame, not the disk.
    case cannotEncodePNG(path: String, reason: String)
    case transparentMP4(path: String)
    /// A deck plays MP4 clips, which have no alpha.
    case transparentDeck(path: String)
    case oddSizeForMP4(path: String, width: Int, height: Int)
    /// A GIF cannot play at `fps`: see ``VideoFormat/gifMaxFPS``.
    case gifTooFast(path: String, fps: Double)
    case ffmpegMissing
    /// The only `ffmpeg` found on the search path, or the first, is not a
    /// program that can run: `reason` says what it is ("is a folder…").
    case ffmpegUnusable(path: String, reason: String)
    /// A PNG folder holds `count` frames of another animation (or of none
    /// known), such as `example`: mixed in, they would be stitched together.
    case folderHoldsOtherFrames(path: String, example: String, count: Int)
    /// A steps folder holds `count` step clips or a `steps.json` of an
    /// earlier run, such as `example`.
    case folderHoldsOtherSteps(path: String, example: String, count: Int)
    /// A deck or handout could not be put together from its clips and frames.
    case cannotMakeDocument(path: String, reason: String)
    case ffmpegDidNotStart(executable: String, reason: String)
    /// ffmpeg exited with `status` while making `path`; `output` is what it
    /// printed on standard error.
    case ffmpegFailed(path: String, status: Int32, output: String)
    /// Two outputs of one job would write one file: `path` and `other` are
    /// one file, or `path` is named like a file written into the folder
    /// `other`.
    case outputsCollide(path: String, other: String)
    /// An output would replace a file the run reads: `path` is the output
    /// as named, `input` the file as it was read (nil for standard input),
    /// `role` what it was read as (`the input file`, `--ops-file`).
    case outputIsInput(path: String, input: String?, role: String)
    /// A hidden file the job keeps beside the output `path` (its lock, or
    /// what a killed run left, which the job tidies) is a file the run
    /// reads: `input` as it was read, `role` as for ``outputIsInput(path:input:role:)``.
    case companionIsInput(path: String, companion: String, input: String?, role: String)
    /// The frames asked for are not all frames of the animation.
    case frameRangeOutside(range: Range<Int>, frameCount: Int)
    /// Another job holds the lock of the output `path` (``OutputLock``):
    /// the later of two runs writing one output would replace the other's.
    case outputInUse(path: String)
    case interrupted

    /// The file or folder the error is about, if any.
    public var path: String? {
        switch self {
        case .folderHoldsOtherFrames(let p, _, _), .folderHoldsOtherSteps(let p, _, _), .cannotMakeDocument(let p, _): p
        case .unknownExtension(let p), .fileNameIsAFolder(let p), .outputFolderMissing(let p), .cannotWrite(let p, _), .cannotEncodePNG(let p, _),
            .transparentMP4(let p), .transparentDeck(let p), .oddSizeForMP4(let p, _, _), .gifTooFast(let p, _), .ffmpegFailed(let p, _, _),
            .outputInUse(let p):
            p
        // A collision is about two paths, which its description names: one
        // of them alone would blame one output for both.
        case .ffmpegMissing, .ffmpegUnusable, .ffmpegDidNotStart, .outputsCollide, .outputIsInput, .companionIsInput, .frameRangeOutside, .interrupted:
            nil
        }
    }

    public var description: String {
        switch self {
        case .unknownExtension(let path):
            "cannot tell the format of '\(path)': use .gif, .mp4, .webm, .apng, .webp, .html, .pptx, .pdf, or a folder ending in / for PNG frames"
        case .fileNameIsAFolder(let path):
            "'\(path)' is a folder: to write PNG frames into it, end the name with / ('\(path)/'); to write the file, name another"
        case .outputFolderMissing(let path):
            FileError.outputFolderMissing(path: path).description
        case .cannotWrite(let path, let reason):
            FileError.cannotWrite(path: path, reason: reason).description
        case .cannotEncodePNG(let path, let reason):
            "cannot encode the PNG frame '\(path)': \(reason)"
        case .transparentMP4(let path):
            "'\(path)' cannot be transparent: MP4 has no alpha; use .webm, .gif or a PNG folder"
        case .transparentDeck(let path):
            "'\(path)' cannot be transparent: a .\(path.split(separator: ".").last.map { $0.lowercased() } ?? "html") deck plays MP4 clips, which have no alpha"
        case .oddSizeForMP4(let path, let width, let height):
            "'\(path)' needs an even width and height (MP4 is yuv420p), not \(width)x\(height)"
        case .gifTooFast(let path, let fps):
            "'\(path)' cannot play at \(fps) fps: a GIF plays at most \(Int(VideoFormat.gifMaxFPS)) frames a second; use .mp4 or .webm"
        case .folderHoldsOtherFrames(let path, let example, let count):
            "'\(path)' holds " + (count == 1 ? "a frame" : "\(count) frames")
                + " of another animation (\(example)\(count > 1 ? " and \(count - 1) more" : ""))"
        case .folderHoldsOtherSteps(let path, let example, let count):
            "'\(path)' holds " + (count == 1 ? "a step file" : "\(count) step files")
                + " of an earlier run (\(example)\(count > 1 ? " and \(count - 1) more" : ""))"
        case .cannotMakeDocument(let path, let reason):
            "cannot make '\(path)': \(reason)"
        case .ffmpegMissing:
            "ffmpeg not found on PATH: install it (sudo apt-get install ffmpeg, or scripts/setup.sh); PNG frames work without it"
        case .ffmpegUnusable(let path, let reason):
            "ffmpeg not found on PATH: '\(path)' \(reason); install ffmpeg (sudo apt-get install ffmpeg, or scripts/setup.sh); PNG frames work without it"
        case .ffmpegDidNotStart(let executable, let reason):
            "could not start ffmpeg at '\(executable)': \(reason)"
        case .ffmpegFailed(let path, let status, let output):
            "ffmpeg failed on '\(path)' (exit \(status))" + Self.tail(of: output)
        case .outputsCollide(let path, let other):
            "the outputs '\(path)' and '\(other)' would write the same file: give each its own path"
        case .outputIsInput(let path, let input, let role):
            "the output '\(path)' is \(role)" + (input.map { $0 == path ? "" : " '\($0)'" } ?? "")
                + ", which this run reads: writing it would destroy it; give the output another path"
        case .companionIsInput(let path, let companion, let input, let role):
            "\(role) '\(input ?? String(companion.split(separator: "/").last ?? Substring(companion)))' is a hidden file treeanim keeps "
                + "beside '\(path)' (its lock, or what a killed run left), which the run removes: rename it, or give the output another path"
        case .frameRangeOutside(let range, let count):
            "frame range \(range.lowerBound):\(range.upperBound) reaches past the animation's \(count) frames (0:\(count))"
        case .outputInUse(let path):
            FileError.outputInUse(path: path).description
        case .interrupted:
            "interrupted; no partial output was left"
        }
    }

    /// ffmpeg's last three lines, on one line: where it says what went wrong.
    private static func tail(of output: String) -> String {
        let tail = output.split(separator: "\n").suffix(3).joined(separator: " | ")
        return tail.isEmpty ? "" : ": \(tail)"
    }
}

extension OutputError {
    /// The same fault, said of an output.
    public init(_ error: FileError) {
        switch error {
        case .cannotWrite(let path, let reason): self = .cannotWrite(path: path, reason: reason)
        case .outputFolderMissing(let path): self = .outputFolderMissing(path: path)
        case .outputInUse(let path): self = .outputInUse(path: path)
        }
    }

    /// `body`'s result, a ``FileError`` it throws coming up as an
    /// `OutputError`.
    public static func files<T>(_ body: () throws(FileError) -> T) throws(OutputError) -> T {
        do { return try body() } catch { throw OutputError(error) }
    }
}
