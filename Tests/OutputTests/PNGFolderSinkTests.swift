import Output
import PNG
import Testing

/// PNG frames: the rendered pixels, the same for any thread count, and
/// numbered as in the full animation.
@Suite struct PNGFolderSinkTests {
    @Test(arguments: [false, true])
    func framesDecodeBackToTheRenderedCanvases(transparent: Bool) throws {
        let folder = try TestFolder()
        let source = MovingCircles(transparent: transparent)
        let summary = try Render.job(source, into: [PNGFolderSink(folder: folder("frames/"))])
        let names = folder.names(in: "frames")
        #expect(names == (0..<12).map(PNGFolderSink.fileName(of:)))
        var bytes = 0
        for (i, name) in names.enumerated() {
            let image = try PNGFile.read(folder("frames/" + name))
            #expect(image.width == 96 && image.height == 64)
            #expect(image.pixels == unpremultiply(try Render.canvas(source, frame: i).pixels), "\(name)")
            bytes += folder.contents(of: "frames/" + name)?.count ?? 0
        }
        #expect(summary.frames == 12)
        #expect(summary.outputs == [WrittenOutput(path: folder("frames"), bytes: bytes)])
    }

    @Test func framesAreTheSameBytesForOneAndThreeThreads() throws {
        let folder = try TestFolder()
        let source = MovingCircles(frameCount: 25)
        try Render.job(source, into: [PNGFolderSink(folder: folder("one"))], threads: 1)
        try Render.job(source, into: [PNGFolderSink(folder: folder("three"))], threads: 3)
        let names = folder.names(in: "one")
        #expect(names.count == 25)
        #expect(names == folder.names(in: "three"))
        for name in names {
            #expect(folder.contents(of: "one/" + name) == folder.contents(of: "three/" + name), "\(name)")
        }
    }

    @Test func aFrameRangeWritesOnlyItsFramesNumberedAsInTheFullRun() throws {
        let folder = try TestFolder()
        let source = MovingCircles()
        try Render.job(source, into: [PNGFolderSink(folder: folder("full"))])
        let summary = try Render.job(source, into: [PNGFolderSink(folder: folder("part"))], frames: 3..<7)
        #expect(summary.frames == 4)
        #expect(folder.names(in: "part") == ["frame_00003.png", "frame_00004.png", "frame_00005.png", "frame_00006.png"])
        for name in folder.names(in: "part") {
            #expect(folder.contents(of: "part/" + name) == folder.contents(of: "full/" + name), "\(name)")
        }
    }

    @Test func aFrameRangePastTheEndIsRefusedBeforeAnythingIsMade() throws {
        let folder = try TestFolder()
        #expect(throws: OutputError.frameRangeOutside(range: 10..<13, frameCount: 12)) {
            try Render.job(MovingCircles(), into: [PNGFolderSink(folder: folder("f"))], frames: 10..<13)
        }
        #expect(folder.names().isEmpty)
    }

    @Test func frameNumbersHaveFiveDigitsOrMore() {
        #expect(PNGFolderSink.fileName(of: 42) == "frame_00042.png")
        #expect(PNGFolderSink.fileName(of: 123_456) == "frame_123456.png")
    }
}
