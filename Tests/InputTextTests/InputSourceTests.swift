import Foundation
import InputText
import Testing
import TestSupport

/// Files, folders, pipes and devices: read within the limit, or refused in
/// one reason, never waited on for a writer that is not there.
@Suite struct InputSourceTests {
    static func folder() throws -> String {
        try TestFolders.make("input")
    }

    static func fault(_ source: InputSource, limit: Int = 1_000) -> InputError? {
        do throws(InputError) {
            _ = try source.read(limit: limit)
            return nil
        } catch {
            return error
        }
    }

    @Test func aFileIsReadUpToItsLimit() throws {
        let path = try Self.folder() + "/t.txt"
        try Data("abc\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try InputSource.path(path).read(limit: 4) == Array("abc\n".utf8))
        #expect(Self.fault(.path(path), limit: 3) == .tooLarge(size: 4, limit: 3))
        #expect(try InputSource(argument: path).read(limit: 4) == Array("abc\n".utf8))
    }

    @Test func aFileOverTheLimitIsRefusedByItsSizeBeforeItIsRead() throws {
        // A sparse file of 10 GB: reading it would take seconds and memory.
        let path = try Self.folder() + "/big"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 10_000_000_000)
        try handle.close()
        let fault = Self.fault(.path(path), limit: 50_000_000)
        #expect(fault == .tooLarge(size: 10_000_000_000, limit: 50_000_000))
        #expect(fault?.description == "the file is 10,000,000,000 bytes: the limit is 50,000,000 bytes")
    }

    @Test func aMissingFileAndAFolderAreNamedSo() throws {
        let folder = try Self.folder()
        #expect(Self.fault(.path(folder + "/missing.json")) == .noSuchFile)
        #expect(Self.fault(.path(folder)) == .directory)
        #expect(Self.fault(.path(folder + "/missing/deeper")) == .noSuchFile)
        try Data().write(to: URL(fileURLWithPath: folder + "/file"))
        #expect(Self.fault(.path(folder + "/file/deeper")) == .cannotOpen(reason: "not a directory"))
    }

    @Test(arguments: ["/dev/zero", "/dev/urandom"])
    func anEndlessDeviceIsCutAtTheLimit(_ device: String) throws {
        try #require(FileManager.default.fileExists(atPath: device))
        let fault = Self.fault(.path(device), limit: 100_000)
        #expect(fault == .tooLarge(size: nil, limit: 100_000))
        #expect(fault?.description == "the file is over the limit of 100,000 bytes: reading stopped there")
    }

    @Test func aNamedPipeWithoutAWriterIsRefusedAtOnce() throws {
        let path = try Self.folder() + "/fifo"
        #expect(mkfifo(path, 0o600) == 0)
        let fault = Self.fault(.path(path))
        #expect(fault == .pipeWithoutWriter)
        #expect(fault?.description.hasPrefix("it is a named pipe that no program is writing to: start the program that writes it first") == true)
    }

    /// A writer that holds the pipe open: the reader waits for the data and
    /// its end instead of refusing it.
    @Test func aNamedPipeWithAWriterIsReadToItsEnd() throws {
        let path = try Self.folder() + "/fifo"
        #expect(mkfifo(path, 0o600) == 0)
        // Read and write, so opening does not wait for a reader and the data
        // stays in the pipe until the reader comes.
        let writer = open(path, O_RDWR | O_NONBLOCK)
        try #require(writer >= 0)
        #expect(write(writer, "[1,2]\n", 6) == 6)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var read: Result<[UInt8], InputError>?
        Thread.detachNewThread {
            do throws(InputError) { read = .success(try InputSource.path(path).read(limit: 1_000)) } catch { read = .failure(error) }
            done.signal()
        }
        // The reader has the pipe open once this process holds it twice;
        // only then may the writer go, or the pipe would drop the data.
        #expect(Self.waitUntil { Self.descriptors(of: path) >= 2 })
        close(writer)
        #expect(done.wait(timeout: .now() + 60) == .success)
        #expect(try read?.get() == Array("[1,2]\n".utf8))
    }

    /// A pipe without a name, as a process substitution or a pipe into
    /// `/dev/stdin` gives: its end is an empty file, not a missing writer.
    @Test func anAnonymousPipeAtItsEndIsEmptyOrItsData() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        #expect(write(ends[1], "abc", 3) == 3)
        close(ends[1])
        #expect(try InputSource.path("/dev/fd/\(ends[0])").read(limit: 10) == Array("abc".utf8))
        var empty: [Int32] = [0, 0]
        try #require(pipe(&empty) == 0)
        defer { close(empty[0]) }
        close(empty[1])
        #expect(try InputSource.path("/dev/fd/\(empty[0])").read(limit: 10).isEmpty)
    }

    @Test func standardInputIsNamedForMessages() {
        #expect(InputSource(argument: "-") == .standardInput)
        #expect(InputSource.standardInput.name == "<stdin>")
        #expect(InputSource(argument: "./-") == .path("./-"))
        #expect(InputSource.path("a b.json").name == "a b.json")
    }

    /// How many of this process's descriptors are open on `path`.
    static func descriptors(of path: String) -> Int {
        let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return fds.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0)) == path }.count
    }

    /// Waits for `condition` to hold; `false` only past the safety net.
    static func waitUntil(_ condition: () -> Bool) -> Bool {
        Wait.until(every: .milliseconds(1), condition)
    }
}
