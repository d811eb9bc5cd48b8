import Output
import Testing

/// Error messages are one line naming the file or tool, never a flag: the
/// command line adds the flag.
@Suite struct OutputErrorTests {
    static let errors: [OutputError] = [
        .unknownExtension(path: "out.avi"),
        .outputFolderMissing(path: "missing"),
        .cannotWrite(path: "out.gif", reason: "Permission denied"),
        .cannotEncodePNG(path: "f/frame_00001.png", reason: "bad size"),
        .transparentMP4(path: "out.mp4"),
        .oddSizeForMP4(path: "out.mp4", width: 481, height: 270),
        .gifTooFast(path: "out.gif", fps: 60),
        .ffmpegMissing,
        .ffmpegUnusable(path: "/usr/local/bin/ffmpeg", reason: "is a folder, not a program"),
        .ffmpegDidNotStart(executable: "/bin/ffmpeg", reason: "Permission denied"),
        .ffmpegFailed(path: "out.gif", status: 1, output: "one\ntwo\nthree\nfour\n"),
        .outputsCollide(path: "./x.gif", other: "x.gif"),
        .frameRangeOutside(range: 0..<100, frameCount: 12),
        .outputInUse(path: "out.gif"),
        .interrupted,
    ]

    @Test(arguments: errors)
    func aDescriptionIsOneLineThatNamesNoFlag(_ error: OutputError) {
        #expect(!error.description.contains("\n"))
        #expect(!error.description.contains("--"))
        #expect(!error.description.contains("-o "))
    }

    @Test func descriptionsNameTheFileOrTool() {
        #expect(OutputError.cannotWrite(path: "out.gif", reason: "Permission denied").description
            == "cannot write 'out.gif': Permission denied")
        #expect(OutputError.ffmpegFailed(path: "out.gif", status: 1, output: "one\ntwo\nthree\nfour\n").description
            == "ffmpeg failed on 'out.gif' (exit 1): two | three | four")
        #expect(OutputError.outputFolderMissing(path: "missing").description == "output folder 'missing' does not exist")
    }
}
