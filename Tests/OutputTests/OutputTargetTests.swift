import Output
import Testing

/// What an output path names.
@Suite struct OutputTargetTests {
    @Test func pathsNameAPNGFolderOrAVideoByTheirExtension() throws {
        #expect(try OutputTarget(path: "frames/", isExistingFolder: false) == .pngFolder("frames/"))
        #expect(try OutputTarget(path: "frames", isExistingFolder: true) == .pngFolder("frames"))
        #expect(try OutputTarget(path: "a.GIF", isExistingFolder: false) == .video("a.GIF", .gif))
        #expect(try OutputTarget(path: "v.d/a.mp4", isExistingFolder: false) == .video("v.d/a.mp4", .mp4))
        #expect(try OutputTarget(path: "a.webm", isExistingFolder: false).path == "a.webm")
    }

    @Test(arguments: ["out.avi", "noextension", "dir.gif/out"])
    func anUnknownExtensionIsAnErrorThatNamesThePath(path: String) {
        #expect(throws: OutputError.unknownExtension(path: path)) {
            try OutputTarget(path: path, isExistingFolder: false)
        }
    }
}
