import Diagram
import Output
import Rendering
import Raster
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

/// The kinds of file by extension: each says which options it takes and
/// what frames it can hold, and a kind of one's own can be registered.
@Suite struct OutputKindsTests {
    @Test func theStandardKindsNameTheirExtensionsAndOptions() throws {
        let kinds = OutputKinds.standard
        #expect(kinds.kinds.flatMap(\.extensions) == ["gif", "mp4", "webm", "apng", "webp", "html", "htm", "pptx", "pdf"])
        #expect(kinds.extensions(taking: .loop) == ".gif, .apng and .webp")
        #expect(kinds.extensions(taking: .autoplay) == ".html")
        #expect(kinds.extensions(taking: .perPage) == ".pdf")
        #expect(try OutputTarget(path: "d.HTM", isExistingFolder: false) == .file("d.HTM", .deck(.html)))
        #expect(try OutputTarget(path: "h.pdf", isExistingFolder: false).kind == .handout)
        #expect(kinds.kinds.filter(\.needsEveryFrame).map(\.fileExtension) == ["html", "pptx", "pdf"])
    }

    @Test func eachKindChecksTheFramesItCanHold() {
        let opaque = FrameFormat(width: 640, height: 360, fps: 30, transparent: false)
        let clear = FrameFormat(width: 640, height: 360, fps: 30, transparent: true)
        let odd = FrameFormat(width: 641, height: 360, fps: 30, transparent: false)
        #expect(throws: OutputError.transparentDeck(path: "d.pptx")) { try OutputKind.deck(.pptx).check(clear, "d.pptx") }
        #expect(throws: OutputError.oddSizeForMP4(path: "d.html", width: 641, height: 360)) { try OutputKind.deck(.html).check(odd, "d.html") }
        #expect(throws: OutputError.transparentMP4(path: "a.mp4")) { try OutputKind.video(.mp4).check(clear, "a.mp4") }
        #expect(throws: Never.self) { try OutputKind.video(.webm).check(clear, "a.webm") }
        #expect(throws: Never.self) { try OutputKind.handout.check(odd, "h.pdf") }
        #expect(throws: Never.self) { try OutputKind.deck(.html).check(opaque, "d.html") }
        #expect(OutputError.transparentDeck(path: "d.pptx").description.contains("a .pptx deck plays MP4 clips"))
    }

    @Test func aKindOfOnesOwnIsFoundByItsExtensionAndMakesItsSink() throws {
        var kinds = OutputKinds.standard
        let recording = RecordingSink(takesRepeats: true)
        kinds.register(OutputKind(name: "frame record", extensions: ["REC", "gif"], sink: { _, _, _, _ in recording }))
        let target = try OutputTarget(path: "out.rec", isExistingFolder: false, kinds: kinds)
        #expect(target.kind?.name == "frame record")
        // It took .gif over; the other kinds keep theirs.
        #expect(try OutputTarget(path: "a.gif", isExistingFolder: false, kinds: kinds).kind?.name == "frame record")
        #expect(try OutputTarget(path: "a.mp4", isExistingFolder: false, kinds: kinds).kind == .video(.mp4))
        #expect(kinds.extensions(taking: .loop) == ".apng and .webp")
        #expect(throws: OutputError.unknownExtension(path: "a.rec")) { try OutputTarget(path: "a.rec", isExistingFolder: false) }
        let sink = try target.sink(source: MovingCircles(), renderer: FrameRenderer(font: try Font.default()))
        #expect(sink === recording)
        let summary = try RenderJob(source: MovingCircles(), renderer: FrameRenderer(font: try Font.default()), sinks: [sink]).run()
        #expect(summary.frames == MovingCircles().frameCount)
        #expect(recording.recorded.written.count == summary.frames)
    }
}
