import Foundation
import Output
import Synchronization
import Testing

/// A job keeps all of its outputs or none: a file it replaces is kept until
/// every sink has committed, and put back when any commit fails or the job
/// is interrupted between commits.
@Suite struct RollbackTests {
    @Test func aFailedCommitPutsBackTheFramesItReplacedWithTheirOldBytes() throws {
        let folder = try TestFolder()
        try FileManager.default.createDirectory(atPath: folder("frames"), withIntermediateDirectories: false)
        let names = (0..<3).map(PNGFolderSink.fileName(of:))
        for name in names { try folder.write("old " + name, to: "frames/" + name) }
        #expect(throws: OutputError.cannotWrite(path: "hook", reason: "commit refused")) {
            try Render.job(MovingCircles(), into: [PNGFolderSink(folder: folder("frames")), CommitHook.failing()], frames: 0..<2)
        }
        #expect(folder.names(in: "frames") == names)
        for name in names { #expect(folder.contents(of: "frames/" + name) == Data(("old " + name).utf8)) }
    }

    @Test func aFailingLaterCommitLeavesTheVideoAndDumpAsTheyWereAndNoTemporaryOrBackupFile() throws {
        let old = try OldOutputs()
        #expect(throws: OutputError.cannotWrite(path: "hook", reason: "commit refused")) {
            try Render.job(old.source, into: [old.video, old.dump, CommitHook.failing()])
        }
        old.expectAsBefore()
    }

    @Test func aSuccessfulRunKeepsTheReplacedFilesUntilEveryOutputIsInPlaceThenLeavesNoBackup() throws {
        let old = try OldOutputs()
        let folder = old.folder
        let seenBetweenCommits = Mutex<[String]>([])
        let look = CommitHook { seenBetweenCommits.withLock { $0 = folder.names() } }
        try Render.job(old.source, into: [old.video, old.dump, look])
        // The outputs' locks are there too, the job still running, and the
        // journal of its commits.
        let seen = seenBetweenCommits.withLock { $0 }
        let hidden = seen.filter { $0.hasPrefix(".") && !$0.hasSuffix(".lock") && !$0.hasPrefix(".treeanim.tmp-") }
        #expect(hidden.count == 2, "the old video and dump are kept while the job commits: \(hidden)")
        #expect(seen.filter { $0.hasPrefix(".treeanim.tmp-") && $0.hasSuffix("-commit") }.count == 1, "\(seen)")
        #expect(folder.names() == ["bin", "out.mp4", "scene.jsonl"])
        #expect(folder.contents(of: "out.mp4") == Data("new video".utf8))
        #expect(folder.contents(of: "scene.jsonl")?.count ?? 0 > 100)
    }

    @Test func anInterruptionBetweenCommitsPutsBackEveryOutput() throws {
        let old = try OldOutputs()
        let committed = Atomic(false)
        let sinks: [any FrameSink] = [
            old.dump, try PNGFolderSink(folder: old.folder("frames")), CommitHook { committed.store(true, ordering: .relaxed) },
            old.video,
        ]
        #expect(throws: OutputError.interrupted) {
            try Render.job(old.source, into: sinks, isCancelled: { committed.load(ordering: .relaxed) })
        }
        old.expectAsBefore()
    }
}
