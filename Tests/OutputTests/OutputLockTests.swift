import Foundation
import Output
import OutputFiles
import Synchronization
import Testing

/// A job holds a lock on each of its outputs while it runs: another job
/// writing one of them, however spelled, is refused before it makes
/// anything, and the lock goes with the job.
@Suite struct OutputLockTests {
    /// Runs a job into `first` and, while its first frames are written, a
    /// second into `second`; what the second threw, if anything.
    static func secondJob(
        first: @escaping @Sendable () throws -> any FrameSink, frames: Range<Int>? = nil,
        second: @escaping @Sendable () throws -> any FrameSink, secondFrames: Range<Int>? = 0..<2
    ) throws -> OutputError? {
        let thrown = Mutex<OutputError?>(nil)
        let tried = Atomic(false)
        try Render.job(MovingCircles(), into: [first()], frames: frames, threads: 1, progress: { _, _ in
            guard !tried.exchange(true, ordering: .relaxed) else { return }
            do {
                try Render.job(MovingCircles(), into: [second()], frames: secondFrames)
            } catch {
                thrown.withLock { $0 = error as? OutputError }
            }
        })
        let secondRan = tried.load(ordering: .relaxed)
        #expect(secondRan)
        return thrown.withLock { $0 }
    }

    @Test func aSecondJobIntoADumpBeingWrittenIsRefusedHoweverSpelled() throws {
        let folder = try TestFolder()
        let error = try Self.secondJob(
            first: { try SceneDumpSink(path: folder("d.jsonl")) },
            second: { try SceneDumpSink(path: folder.path + "/./d.jsonl") })
        #expect(error == .outputInUse(path: folder.path + "/./d.jsonl"))
        #expect(folder.names() == ["d.jsonl"])
    }

    @Test func aSecondJobIntoAFolderBeingWrittenIsRefused() throws {
        let folder = try TestFolder()
        let error = try Self.secondJob(
            first: { try PNGFolderSink(folder: folder("frames/")) },
            second: { try PNGFolderSink(folder: folder("frames")) })
        #expect(error == .outputInUse(path: folder("frames")))
        #expect(folder.names() == ["frames"])
        #expect(folder.names(in: "frames").count == MovingCircles().frameCount)
    }

    /// Parts of an animation (frame ranges) share a folder's lock: they
    /// render into one folder at once, as a split render does.
    @Test func partsOfAnAnimationWriteIntoOneFolderAtOnce() throws {
        let folder = try TestFolder()
        let error = try Self.secondJob(
            first: { try PNGFolderSink(folder: folder("frames/")) }, frames: 2..<12,
            second: { try PNGFolderSink(folder: folder("frames")) }, secondFrames: 0..<2)
        #expect(error == nil)
        // Every frame, and no lock file left by either.
        #expect(folder.names() == ["frames"])
        #expect(folder.names(in: "frames").count == MovingCircles().frameCount)
    }

    @Test func aWholeRunIntoAFolderIsRefusedWhileAPartRuns() throws {
        let folder = try TestFolder()
        let error = try Self.secondJob(
            first: { try PNGFolderSink(folder: folder("frames/")) }, frames: 2..<12,
            second: { try PNGFolderSink(folder: folder("frames")) }, secondFrames: nil)
        #expect(error == .outputInUse(path: folder("frames")))
        #expect(folder.names(in: "frames").count == 10)
    }

    @Test func aPartIntoAFileBeingWrittenIsStillRefused() throws {
        let folder = try TestFolder()
        let error = try Self.secondJob(
            first: { try SceneDumpSink(path: folder("d.jsonl")) }, frames: 2..<12,
            second: { try SceneDumpSink(path: folder("d.jsonl")) }, secondFrames: 0..<2)
        #expect(error == .outputInUse(path: folder("d.jsonl")))
    }

    @Test func anotherOutputBesideOneBeingWrittenIsWritten() throws {
        let folder = try TestFolder()
        let error = try Self.secondJob(
            first: { try SceneDumpSink(path: folder("a.jsonl")) },
            second: { try SceneDumpSink(path: folder("b.jsonl")) })
        #expect(error == nil)
        #expect(folder.names() == ["a.jsonl", "b.jsonl"])
    }

    @Test func aLockFileLeftByAKilledRunBlocksNothingAndIsRemoved() throws {
        let folder = try TestFolder()
        try folder.write("", to: ".d.jsonl.lock")
        try Render.job(MovingCircles(), into: [SceneDumpSink(path: folder("d.jsonl"))], frames: 0..<2)
        #expect(folder.names() == ["d.jsonl"])
    }
}
