import Foundation
import Diagram
import Output
import Raster
import TestSupport
import Synchronization
import Testing

/// Videos through the real ffmpeg, and a failing or missing ffmpeg.
@Suite(.tags(.external)) struct FFmpegSinkTests {
    /// Every format but WebP, which the ffmpeg 5 of Debian 12 cannot decode
    /// (the command's tests read it with webpmux).
    @Test(arguments: VideoFormat.allCases.filter { $0 != .webp })
    func videosHaveTheFramesSizeAndRateOfTheSource(_ format: VideoFormat) throws {
        let folder = try TestFolder()
        let source = MovingCircles()
        let path = folder("out.\(format.rawValue)")
        let summary = try Render.job(source, into: [FFmpegSink(path: path, format: format, frames: FrameFormat(source))])
        let probe = try Probe(path)
        #expect(probe.frames == 12 && probe.width == 96 && probe.height == 64 && probe.rate == "10/1")
        #expect(folder.names() == ["out.\(format.rawValue)"])
        #expect(summary.outputs == [WrittenOutput(path: path, bytes: folder.contents(of: "out.\(format.rawValue)")?.count ?? -1)])
    }

    @Test func anAnimatedWebPStoresTheChangingFramesOfTheSource() throws {
        let folder = try TestFolder()
        let source = MovingCircles()
        let path = folder("out.webp")
        _ = try Render.job(source, into: [FFmpegSink(path: path, format: .webp, frames: FrameFormat(source))])
        // The circles move on every frame, so none merge.
        #expect(WebPFrames.stored(atPath: path) == 12)
        #expect(WebPFrames.stored(atPath: folder("nothing.webp")) == nil)
    }

    @Test func aGIFTakesTwoPassesAndProgressCountsBoth() throws {
        let folder = try TestFolder()
        let source = MovingCircles()
        let sink = try FFmpegSink(path: folder("a.gif"), format: .gif, frames: FrameFormat(source))
        #expect(sink.passes == 2)
        let last = LastProgress()
        try Render.job(source, into: [sink, PNGFolderSink(folder: folder("kept"))], progress: last.record)
        // The palette pass renders its sample (frames 0, 8 and 11, the
        // last), then every frame is rendered for the GIF and the folder.
        #expect((0..<12).filter { sink.takes($0, of: 0..<12, pass: 0) } == [0, 8, 11])
        #expect(last.value == (3 + 12, 3 + 12))
        #expect(folder.names(in: "kept").count == 12)
    }

    /// An ffmpeg that fails after reading every frame, having written part
    /// of its output, or before reading any.
    enum FailingFFmpeg: CaseIterable {
        case afterReadingEveryFrame, beforeReadingAny

        var script: String {
            switch self {
            case .afterReadingEveryFrame:
                "for a; do last=$a; done\ncat >/dev/null\nprintf partial >\"$last\"\n" + fail
            case .beforeReadingAny:
                fail
            }
        }

        private var fail: String { "echo 'fake ffmpeg: cannot encode' >&2\nexit 3" }
    }

    @Test(arguments: FailingFFmpeg.allCases)
    func aFailingFFmpegLeavesNoTemporaryFileAndTheOldVideo(_ ffmpeg: FailingFFmpeg) throws {
        let folder = try TestFolder()
        let environment = try folder.fakeFFmpeg(ffmpeg.script)
        try folder.write("old", to: "out.mp4")
        // More frames than the pipe to ffmpeg holds, so a write meets the closed pipe.
        let source = MovingCircles(width: 320, height: 240)
        let sink = try FFmpegSink(path: folder("out.mp4"), format: .mp4, frames: FrameFormat(source), environment: environment)
        #expect(throws: OutputError.ffmpegFailed(path: folder("out.mp4"), status: 3, output: "fake ffmpeg: cannot encode\n")) {
            try Render.job(source, into: [sink, PNGFolderSink(folder: folder("kept"))])
        }
        #expect(folder.names() == ["bin", "out.mp4"])
        #expect(folder.contents(of: "out.mp4") == Data("old".utf8))
    }

    /// An ffmpeg that stops reading and ignores SIGTERM: the writer gives
    /// up, ffmpeg is killed after its grace, and the job takes back its
    /// files. The job is cancelled once the writer waits on the full pipe,
    /// and the fake would stall for longer than the test waits, so a job
    /// that waited for ffmpeg would fail the test whatever the machine's
    /// speed.
    @Test func aCancelledJobEndsWhenFFmpegStopsReadingAndIgnoresSIGTERM() throws {
        let folder = try TestFolder()
        let stalled = folder("bin/stalled")
        let stall = Int(Patience.runSeconds) * 2
        let environment = try folder.fakeFFmpeg(
            "trap '' TERM\nhead -c 1000 >/dev/null\necho $$ >\"$(dirname \"$0\")/stalled\"\n"
                + "i=0; while [ $i -lt \(stall) ]; do sleep 1; i=$((i+1)); done")
        try folder.write("old", to: "out.mp4")
        let source = MovingCircles(width: 640, height: 480, frameCount: 40)
        let sink = try FFmpegSink(path: folder("out.mp4"), format: .mp4, frames: FrameFormat(source), environment: environment)
        let outcome = Mutex<(any Error)?>(nil)
        let ended = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            do {
                try Render.job(source, into: [sink], isCancelled: {
                    Pipes.stalledProcess(recordedIn: stalled).map(Pipes.isFull(readBy:)) ?? false
                })
            } catch {
                outcome.withLock { $0 = error }
            }
            ended.signal()
        }
        guard ended.wait(timeout: .now() + Patience.runSeconds) == .success else {
            Issue.record("the job was still waiting \(Patience.runSeconds) s after it was cancelled")
            if let pid = Pipes.stalledProcess(recordedIn: stalled) { kill(pid, SIGKILL) }
            return
        }
        #expect(outcome.withLock { $0 as? OutputError } == .interrupted)
        #expect(folder.names() == ["bin", "out.mp4"])
        #expect(folder.contents(of: "out.mp4") == Data("old".utf8))
    }

    @Test func aMissingFFmpegIsReportedBeforeAnythingIsMade() throws {
        let folder = try TestFolder()
        #expect(throws: OutputError.ffmpegMissing) {
            var settings = SinkSettings()
            settings.environment = ["PATH": folder.path]
            return try OutputTarget.video(folder("a.gif"), .gif).sink(
                source: MovingCircles(), renderer: FrameRenderer(font: try Font.default()), settings: settings)
        }
        #expect(folder.names().isEmpty)
    }

    /// An `ffmpeg` that is not a program is passed over for one further on
    /// the path, and named when there is none.
    @Test(arguments: [
        ("folder", "is a folder, not a program"), ("notExecutable", "is not executable"),
        ("link", "is a link to nothing"),
    ])
    func anFFmpegThatIsNotAProgramIsPassedOverAndNamedWhenAlone(_ kind: String, _ reason: String) throws {
        let folder = try TestFolder()
        let fm = FileManager.default
        try fm.createDirectory(atPath: folder("early"), withIntermediateDirectories: false)
        switch kind {
        case "folder": try fm.createDirectory(atPath: folder("early/ffmpeg"), withIntermediateDirectories: false)
        case "notExecutable": try folder.write("#!/bin/sh\n", to: "early/ffmpeg")
        default: try fm.createSymbolicLink(atPath: folder("early/ffmpeg"), withDestinationPath: folder("nowhere"))
        }
        let real = try folder.fakeFFmpeg("exit 0")
        #expect(FFmpegSink.locate(environment: ["PATH": folder("early") + ":" + (real["PATH"] ?? "")]) == folder("bin/ffmpeg"))
        #expect(throws: OutputError.ffmpegUnusable(path: folder("early/ffmpeg"), reason: reason)) {
            try FFmpegSink(
                path: folder("a.gif"), format: .gif, frames: FrameFormat(MovingCircles()),
                environment: ["PATH": folder.path + ":" + folder("early")])
        }
    }

    @Test func aGIFRefusesRatesFasterThanBrowsersPlay() throws {
        let folder = try TestFolder()
        let path = folder("a.gif")
        let fast = FrameFormat(width: 64, height: 64, fps: 60, transparent: false)
        #expect(throws: OutputError.gifTooFast(path: path, fps: 60)) { try VideoFormat.gif.check(fast, path: path) }
        #expect(throws: OutputError.gifTooFast(path: path, fps: 60)) { try FFmpegSink(path: path, format: .gif, frames: fast) }
        try VideoFormat.gif.check(FrameFormat(width: 64, height: 64, fps: 50, transparent: false), path: path)
        try VideoFormat.webm.check(fast, path: path)
    }

    @Test func mp4RefusesTransparentFramesAndOddSizes() throws {
        let folder = try TestFolder()
        let path = folder("a.mp4")
        #expect(throws: OutputError.transparentMP4(path: path)) {
            try FFmpegSink(path: path, format: .mp4, frames: FrameFormat(MovingCircles(transparent: true)))
        }
        #expect(throws: OutputError.oddSizeForMP4(path: path, width: 95, height: 64)) {
            try FFmpegSink(path: path, format: .mp4, frames: FrameFormat(MovingCircles(width: 95)))
        }
    }

    @Test func aVideoInAMissingFolderIsRefused() throws {
        let folder = try TestFolder()
        #expect(throws: OutputError.outputFolderMissing(path: folder("missing"))) {
            try FFmpegSink(path: folder("missing/a.webm"), format: .webm, frames: FrameFormat(MovingCircles()))
        }
    }
}
