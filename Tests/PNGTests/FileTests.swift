import Foundation
import PNG
import Testing

@Suite struct FileTests {
    let pixels = randomPremultiplied(width: 31, height: 17, opaque: false, seed: 31)

    @Test func writeThenReadGivesTheStraightPixels() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/frame.png"
        try PNGFile.write(premultipliedRGBA: pixels, width: 31, height: 17, to: path)
        #expect(try PNGFile.read(path) == PNGImage(width: 31, height: 17, pixels: unpremultiply(pixels)))
        #expect(try folder.contents() == ["frame.png"])
    }

    @Test func writeReplacesAnExistingFileWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/frame.png"
        try Data(repeating: 0xAB, count: 1 << 20).write(to: URL(fileURLWithPath: path))
        try PNGFile.write(premultipliedRGBA: pixels, width: 31, height: 17, to: path)
        let expected = try PNGFile.encode(premultipliedRGBA: pixels, width: 31, height: 17)
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))) == expected)
    }

    @Test func aMissingFolderIsReportedWithThePathAndLeavesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/missing/frame.png"
        #expect(throws: PNGError(.write, path: path, reason: "No such file or directory")) {
            try PNGFile.write(premultipliedRGBA: pixels, width: 31, height: 17, to: path)
        }
        #expect(try folder.contents() == [])
        let message = "cannot write \(path): No such file or directory"
        #expect(PNGError(.write, path: path, reason: "No such file or directory").description == message)
    }

    @Test func aFileInPlaceOfAFolderIsReported() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try Data([1]).write(to: URL(fileURLWithPath: folder.path + "/plain"))
        let path = folder.path + "/plain/frame.png"
        #expect(throws: PNGError(.write, path: path, reason: "Not a directory")) {
            try PNGFile.write(premultipliedRGBA: pixels, width: 31, height: 17, to: path)
        }
        #expect(try folder.contents() == ["plain"])
    }

    @Test func aFailedRenameRemovesTheTemporaryFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/taken"
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        #expect(throws: PNGError(.write, path: path, reason: "Is a directory")) {
            try PNGFile.write(premultipliedRGBA: pixels, width: 31, height: 17, to: path)
        }
        #expect(try folder.contents() == ["taken"])
    }

    @Test(.enabled(if: getuid() != 0, "root may write anywhere"))
    func anUnwritableFolderIsReportedAndLeavesNothing() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        chmod(folder.path, 0o555)
        defer { chmod(folder.path, 0o755) }
        let path = folder.path + "/frame.png"
        #expect(throws: PNGError(.write, path: path, reason: "Permission denied")) {
            try PNGFile.write(premultipliedRGBA: pixels, width: 31, height: 17, to: path)
        }
        #expect(try folder.contents() == [])
    }

    @Test func badArgumentsAreReportedWithThePath() {
        #expect(throws: PNGError(.write, path: "x.png", reason: "10 bytes do not make 31×17 RGBA8 pixels")) {
            try PNGFile.write(premultipliedRGBA: [UInt8](repeating: 0, count: 10), width: 31, height: 17, to: "x.png")
        }
        #expect(throws: PNGError(.encode, reason: "zlib level 10 is not in 0...9")) {
            try PNGFile.encode(premultipliedRGBA: pixels, width: 31, height: 17, options: .init(level: 10))
        }
        #expect(throws: PNGError(.encode, reason: "size 0×5 is not in 1...2147483647 on each side")) {
            try PNGFile.encode(premultipliedRGBA: [], width: 0, height: 5)
        }
    }

    @Test func concurrentWritersOfOnePathLeaveOneWholeFile() async throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/frame.png"
        let pixels = self.pixels
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<16 {
                group.addTask { try PNGFile.write(premultipliedRGBA: pixels, width: 31, height: 17, to: path) }
            }
            try await group.waitForAll()
        }
        #expect(try PNGFile.read(path).pixels == unpremultiply(pixels))
        #expect(try folder.contents() == ["frame.png"])
    }

    @Test func readingAMissingFileNamesIt() {
        #expect(throws: PNGError(.read, path: "/nonexistent/frame.png", reason: "No such file or directory")) {
            try PNGFile.read("/nonexistent/frame.png")
        }
    }

    @Test func readingAFileThatIsNotAPNGNamesIt() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = folder.path + "/notes.png"
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: PNGError(.read, path: path, reason: "not a PNG file")) { try PNGFile.read(path) }
    }
}
