import Foundation
@testable import Output
@testable import OutputFiles
import Testing

/// The one way every sink writes a file: whole under the final name, or not
/// at all, through a temporary name that always fits.
@Suite struct AtomicFileTests {
    @Test func theFinalNameKeepsTheOldFileUntilTheNewOneIsCommittedWhole() throws {
        let folder = try TestFolder()
        try folder.write("old", to: "out.txt")
        let file = try AtomicFile(replacing: folder("out.txt"), role: "test")
        try file.write(Array("new, ".utf8))
        #expect(folder.contents(of: "out.txt") == Data("old".utf8))
        try file.write(Array("whole".utf8))
        try file.finish()
        #expect(folder.contents(of: "out.txt") == Data("old".utf8))
        let log = CommitLog()
        try file.commit(into: log)
        #expect(folder.contents(of: "out.txt") == Data("new, whole".utf8))
        log.confirm()
        #expect(folder.names() == ["out.txt"])
        #expect(file.size == 10)
    }

    /// A link to a file in another folder keeps pointing at the new file.
    @Test func aSymbolicLinkIsWrittenThroughNotReplaced() throws {
        let folder = try TestFolder()
        try FileManager.default.createDirectory(atPath: folder("slides"), withIntermediateDirectories: false)
        try folder.write("old", to: "slides/real.txt")
        symlink("slides/real.txt", folder("link.txt"))
        let file = try AtomicFile(replacing: folder("link.txt"), role: "test")
        try file.write(Array("new".utf8))
        try file.finish()
        let log = CommitLog()
        try file.commit(into: log)
        log.confirm()
        #expect(folder.contents(of: "slides/real.txt") == Data("new".utf8))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder("link.txt"))) == "slides/real.txt")
    }

    /// A name inside an output folder is replaced as a name: a link there
    /// is not a way out of the folder.
    @Test func aSymbolicLinkNotFollowedIsReplacedNotWrittenThrough() throws {
        let folder = try TestFolder()
        try folder.write("precious", to: "real.txt")
        symlink("real.txt", folder("link.txt"))
        let file = try AtomicFile(replacing: folder("link.txt"), role: "test", followingLinks: false)
        try file.write(Array("new".utf8))
        let log = CommitLog()
        try file.commit(into: log)
        log.confirm()
        #expect(folder.contents(of: "real.txt") == Data("precious".utf8))
        #expect(folder.contents(of: "link.txt") == Data("new".utf8))
        #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: folder("link.txt"))) == nil)
    }

    /// A rename would put a plain file where a pipe or device was.
    @Test func aPipeOrDeviceIsRefused() throws {
        let folder = try TestFolder()
        mkfifo(folder("pipe"), 0o644)
        #expect(throws: FileError.self) { try AtomicFile(replacing: folder("pipe"), role: "test") }
        #expect(folder.names() == ["pipe"])
    }

    @Test func aDiscardedFileLeavesTheOldFileAndNoTemporaryFile() throws {
        let folder = try TestFolder()
        try folder.write("old", to: "out.txt")
        let file = try AtomicFile(replacing: folder("out.txt"), role: "test")
        #expect(folder.names() == [".out.txt.tmp-\(getpid())-test", "out.txt"])
        try file.write(Array("partial".utf8))
        file.discard()
        #expect(folder.names() == ["out.txt"])
        #expect(folder.contents(of: "out.txt") == Data("old".utf8))
    }

    @Test(arguments: [String(repeating: "a", count: 246) + ".gif", String(repeating: "é", count: 125)])
    func temporaryNamesFitNameMaxForA250ByteFinalName(name: String) throws {
        #expect(name.utf8.count == 250)
        let folder = try TestFolder()
        let file = try AtomicFile(replacing: folder(name), role: "palette.png")
        let temporary = try #require(file.temporaryPath.split(separator: "/").last)
        #expect(temporary.utf8.count <= TemporaryName.nameMax)
        #expect(temporary.hasPrefix("."))
        #expect(TemporaryName.parse(String(temporary)).map { TemporaryName.stem($0.stem, standsFor: name) } == true)
        try file.write(Array("x".utf8))
        let log = CommitLog()
        try file.commit(into: log)
        log.confirm()
        #expect(folder.names() == [name])
    }

    @Test func longNamesThatShareAPrefixGetDifferentTemporaryNames() {
        let stem = String(repeating: "b", count: 248)
        let a = TemporaryName.path(beside: "/x/" + stem + ".a", role: "video")
        let b = TemporaryName.path(beside: "/x/" + stem + ".b", role: "video")
        #expect(a != b)
        #expect(a.hasPrefix("/x/.b") && b.hasPrefix("/x/.b"))
    }

    @Test func twoWritersOfOneNameGetTwoTemporaryFiles() throws {
        let folder = try TestFolder()
        let first = try AtomicFile(replacing: folder("out.txt"), role: "test")
        let second = try AtomicFile(replacing: folder("out.txt"), role: "test")
        #expect(first.temporaryPath != second.temporaryPath)
        first.discard()
        second.discard()
        #expect(folder.names().isEmpty)
    }

    @Test func aFinalNameThatIsAFolderFailsBeforeTheRename() throws {
        let folder = try TestFolder()
        let file = try AtomicFile(replacing: folder("d"), role: "test")
        try FileManager.default.createDirectory(atPath: folder("d"), withIntermediateDirectories: false)
        #expect(throws: FileError.cannotWrite(path: folder("d"), reason: "it is a folder")) { try file.finish() }
        file.discard()
        #expect(folder.names() == ["d"])
    }
}
