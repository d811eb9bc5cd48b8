import Testing

/// The kinds of test that keep `swift test` from finishing in a minute.
/// `scripts/test.sh --fast` runs only the tests that carry none of them.
///
/// This toolchain's `swift test` cannot select tests by tag, so the fast
/// lane skips by test ID: every suite or test carrying one of these tags is
/// named in `Tests/TestSupport/SlowTests.txt`, and `TestLaneTests` checks
/// that the file and the tags agree.
extension Tag {
    /// Runs a program outside this package: ffmpeg or ffprobe, Chromium,
    /// LibreOffice, poppler, espeak-ng, node, webpmux.
    @Tag public static var external: Self
    /// Runs the built `treeanim` binary.
    @Tag public static var cli: Self
    /// Compares rendered frames with the PNGs in a `Goldens/` folder.
    @Tag public static var golden: Self
    /// Plays many programs or frames to check a law, fuzzes with thousands
    /// of cases, or reads the whole corpus.
    @Tag public static var sweep: Self
    /// Reads or builds an input at the size of a limit: 100,000 nodes or
    /// people, a thousand generations, a 16 MB file.
    @Tag public static var bulk: Self

    /// The tags `scripts/test.sh --fast` leaves out.
    public static let slow: Set<Tag> = [.external, .cli, .golden, .sweep, .bulk]
}
