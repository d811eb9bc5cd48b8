import ArgumentParser
import Foundation
import TreeAnimKit

/// `treeanim compare`: checks frames against pinned ones, frame by frame,
/// so that a course or project can keep its animations from changing
/// unnoticed, in CI or by hand.
struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two folders of PNG frames, or two PNG files, pixel by pixel.",
        discussion: """
            Frames are paired by file name: every *.png in either folder (hidden files \
            and subfolders aside), in name order. Pixels are compared channel by channel \
            in straight RGBA, and two fully transparent pixels match; metadata, such as \
            the stamp treeanim writes in each frame, is ignored. A frame that differs, \
            is missing from ACTUAL, is extra in ACTUAL, has another size or cannot be \
            read fails. Two PNG files are compared as one frame, named by ACTUAL.

            Standard output has a line for each frame that fails, in name order, then a summary:
              frame_00003.png: 1,532 pixels differ by up to 87 (first at 640,212)
              frame_00007.png: size differs: expected 1280×720, actual 640×360
              frame_00011.png: missing (only in golden)
              12 frames: 9 match, 2 differ, 1 missing (tolerance 1)
            A frame only in ACTUAL is "extra". A frame that cannot be read is an error: a line \
            on standard error names the file and the reason, and the summary counts it \
            unreadable. A PNG whose header claims more than 8192×8192 pixels is refused \
            before any memory is taken for it.

            For each failing frame NAME.png, NAME-expected.png and NAME-actual.png (those \
            of the two that can be read) and NAME-diff.png (when both have one size: the \
            differing pixels red over the faded expected frame) are written to --diff-dir, \
            by default ACTUAL.diff beside ACTUAL, so a CI job can keep that folder as an \
            artifact; the summary then ends "; diff images in DIR/". \
            The folder is made only when a frame fails; the images of a frame that now \
            matches are removed from it; nothing else in it is touched.

            Exit status: 0 every frame matches; 1 a frame differs, is missing or is extra; \
            2 trouble: a path does not exist or cannot be read, neither folder holds a \
            PNG, a frame cannot be read or decoded (the others are still compared), or a \
            diff image cannot be written; 64 bad usage, such as a file compared with a \
            folder; 130 interrupted.

            Example, pinning an animation in CI:
              treeanim --values 50,17,72 --size 640x360 -o out/
              treeanim compare tests/golden out/
            """)

    @Argument(help: ArgumentHelp("The frames to match: a folder of PNG files, or a PNG file.", valueName: "expected"))
    var expected: String

    @Argument(help: ArgumentHelp("The frames to check: a folder, or a PNG file, as EXPECTED is.", valueName: "actual"))
    var actual: String

    // The default of 1 absorbs the off-by-one rounding of alpha that one
    // build or library may do differently from another, and nothing a
    // person can see.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp("How much a channel may differ and still match, 0 to 255 (default: 1).", valueName: "n"),
        transform: Numeral.whole)
    var tolerance = 1

    @Option(
        help: ArgumentHelp("Where the images of failing frames go (default: ACTUAL.diff, beside ACTUAL).", valueName: "dir"))
    var diffDir: String?

    @Flag(help: "Write no images: only the report and the exit status.")
    var noDiffImages = false

    func validate() throws {
        guard (0...255).contains(tolerance) else {
            throw ValidationError("--tolerance must be from 0 to 255 (got \(tolerance))")
        }
        if diffDir != nil, noDiffImages { throw ValidationError("give --diff-dir or --no-diff-images, not both") }
        if diffDir == "" { throw ValidationError("--diff-dir is empty: give a folder") }
    }

    func run() throws {
        // Ctrl-C ends a comparison at once, even one blocked reading a
        // frame, unless diff images are being written: those are finished
        // rather than left half made, and the comparison stops after them.
        Interruption.shared.setMessage(Self.interrupted)
        var comparison: FolderComparison
        do throws(CompareError) {
            comparison = try FolderComparison(expected: expected, actual: actual, tolerance: tolerance)
            if !noDiffImages { comparison.diffFolder = try DiffFolder(path: diffDir ?? DiffFolder.beside(actual)) }
        } catch {
            throw failure(error)
        }
        let (expected, actual) = (self.expected, self.actual)
        let summary: ComparisonSummary
        do throws(CompareError) {
            summary = try comparison.run(
                report: { result in
                    // A frame that cannot be read is an error, on stderr; the
                    // report on stdout says what the frames that could be
                    // read show.
                    if case .unreadable(let error) = result.outcome {
                        Messages.error(error.description)
                    } else if let line = Self.line(for: result, expected: expected, actual: actual) {
                        StandardOutput.line(line)
                    }
                },
                isCancelled: { Interruption.shared.happened },
                guardingWrites: { Interruption.shared.uninterrupted($0) })
        } catch {
            throw failure(error)
        }
        StandardOutput.line(Self.summaryLine(summary, tolerance: tolerance, diffFolder: comparison.diffFolder?.path))
        if let error = summary.imageError { throw failure(error) }
        // main.swift makes every thrown error a line on stderr; frames that
        // differ are the answer, not an error, so the status is set here. A
        // report that cannot be written is trouble (2), not a difference.
        let status: Int32 = summary.unreadable > 0 ? 2 : summary.allMatch ? 0 : 1
        StandardOutput.finish(status: status, failureStatus: 2)
    }

    static let interrupted = "interrupted; every diff image written is whole"

    /// The report's line for a frame, or nil when it matches.
    static func line(for result: FrameResult, expected: String, actual: String) -> String? {
        let finding: String
        switch result.outcome {
        case .match:
            return nil
        case .differ(let pixels, let largest, let first):
            finding = pixels == 1
                ? "1 pixel differs by \(largest) (at \(first))"
                : "\(grouped(pixels)) pixels differ by up to \(largest) (first at \(first))"
        case .sizeDiffers(let expectedSize, let actualSize):
            finding = "size differs: expected \(expectedSize), actual \(actualSize)"
        case .missing:
            finding = "missing (only in \(expected))"
        case .extra:
            finding = "extra (only in \(actual))"
        case .unreadable(let error):
            finding = error.description
        }
        return oneLine("\(result.name): \(finding)")
    }

    /// The last line: how many frames had each outcome, and where the
    /// images went.
    static func summaryLine(_ summary: ComparisonSummary, tolerance: Int, diffFolder: String?) -> String {
        func count(_ n: Int, _ one: String, _ many: String) -> String { "\(grouped(n)) \(n == 1 ? one : many)" }
        var outcomes = [count(summary.matching, "matches", "match")]
        if summary.differing > 0 { outcomes.append(count(summary.differing, "differs", "differ")) }
        for (n, word) in [(summary.missing, "missing"), (summary.extra, "extra"), (summary.unreadable, "unreadable")]
        where n > 0 {
            outcomes.append("\(grouped(n)) \(word)")
        }
        var line = "\(count(summary.frames, "frame", "frames")): \(outcomes.joined(separator: ", "))"
            + " (tolerance \(tolerance))"
        if summary.framesWithImages > 0, let diffFolder { line += "; diff images in \(diffFolder)/" }
        return oneLine(line)
    }

    /// The command line's words for `error`, with the exit status of its kind.
    private func failure(_ error: CompareError) -> CommandFailure {
        switch error {
        case .interrupted:
            return CommandFailure(Self.interrupted, status: 130)
        case .fileAndFolder:
            return CommandFailure(error.description, status: 64)
        case .diffFolderIsCompared, .diffImageIsCompared:
            return CommandFailure("--diff-dir: \(error)", status: 64)
        case .diffFolderUnusable, .notAFile, .cannotWrite:
            // The default folder was not the user's choice: say how to choose.
            let line = diffDir != nil
                ? "--diff-dir: \(error)" : "\(error) (choose a folder with --diff-dir, or pass --no-diff-images)"
            return CommandFailure(line, status: 2)
        case .notFound, .unreadable, .notFileOrFolder, .noFrames:
            return CommandFailure(error.description, status: 2)
        }
    }


    /// `text` with control characters escaped, so a file name holding a
    /// newline cannot split a frame's line in two.
    static func oneLine(_ text: String) -> String {
        var line = ""
        for u in text.unicodeScalars {
            if u.properties.generalCategory == .control {
                line += u == "\n" ? "\\n" : u == "\t" ? "\\t" : "\\u{\(String(u.value, radix: 16))}"
            } else {
                line.unicodeScalars.append(u)
            }
        }
        return line
    }
}
