import Foundation
import Output
import OutputFiles
import Testing

/// Two output paths name the same file when they resolve to the same name
/// or, both existing, to the same file.
@Suite struct ResolvedPathTests {
    @Test func aNameAndTheSameNameAfterDotSlashAreTheSameFile() throws {
        #expect(ResolvedPath.sameFile("x.gif", "./x.gif"))
        #expect(ResolvedPath.sameFile("frames", "./frames/"))
        let folder = try TestFolder()
        try folder.write("old", to: "x.gif")
        #expect(ResolvedPath.sameFile(folder("x.gif"), folder.path + "/./x.gif"))
        #expect(ResolvedPath.sameFile(folder("x.gif"), folder.path + "/sub/../x.gif") == false)
        try FileManager.default.createDirectory(atPath: folder("sub"), withIntermediateDirectories: false)
        #expect(ResolvedPath.sameFile(folder("x.gif"), folder.path + "/sub/../x.gif"))
    }

    @Test(arguments: [false, true])
    func aPathThroughASymlinkedFolderIsTheSameFileAsThePathThroughTheFolder(fileExists: Bool) throws {
        let folder = try TestFolder()
        try FileManager.default.createDirectory(atPath: folder("real"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder("link"), withDestinationPath: folder("real"))
        if fileExists { try folder.write("old", to: "real/x.gif") }
        #expect(ResolvedPath.sameFile(folder("link/x.gif"), folder("real/x.gif")))
        #expect(ResolvedPath(folder("link/x.gif")) == ResolvedPath(folder("real/x.gif")))
        #expect(ResolvedPath.sameFile(folder("link"), folder("real/")))
    }

    @Test func twoHardLinksOfOneFileAreTheSameFile() throws {
        let folder = try TestFolder()
        try folder.write("old", to: "x.gif")
        #expect(link(folder("x.gif"), folder("y.gif")) == 0)
        #expect(ResolvedPath.sameFile(folder("x.gif"), folder("y.gif")))
    }

    @Test func differentFilesAreNotTheSameFile() throws {
        let folder = try TestFolder()
        #expect(!ResolvedPath.sameFile(folder("x.gif"), folder("y.gif")))
        try folder.write("same bytes", to: "x.gif")
        try folder.write("same bytes", to: "y.gif")
        #expect(!ResolvedPath.sameFile(folder("x.gif"), folder("y.gif")))
        try FileManager.default.createDirectory(atPath: folder("sub"), withIntermediateDirectories: false)
        #expect(!ResolvedPath.sameFile(folder("x.gif"), folder("sub/x.gif")))
        #expect(!ResolvedPath.sameFile(folder("sub"), folder("sub/x.gif")))
    }
}
