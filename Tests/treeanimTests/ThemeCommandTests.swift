import Foundation
import Testing
import TestSupport

/// `--theme`: light, dark and high-contrast, as a user types them.
@Suite(.tags(.cli)) struct ThemeCommandTests {
    @Test func helpListsTheHighContrastTheme() throws {
        let r = try CommandRunner.run(["bst", "--help"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(r.stdout.contains("high-contrast"), "\(r.stdout)")
    }

    @Test func aHighContrastRunRendersBlackOnWhiteWithItsOwnColours() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["bst", "--values", "50,30,70", "--theme", "high-contrast", "--size", "320x180", "--fps", "5",
             "-o", "f/", "--dump-scene", "d.jsonl"],
            in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let frames = try FileManager.default.contentsOfDirectory(atPath: dir + "/f").filter { $0.hasSuffix(".png") }
        #expect(!frames.isEmpty)
        let last = try #require(try String(contentsOfFile: dir + "/d.jsonl", encoding: .utf8).split(separator: "\n").last)
        // White paper, the theme's light blue nodes with black outlines.
        #expect(last.contains("\"background\":\"#ffffffff\""))
        #expect(last.contains("\"fill\":\"#74c0fcff\"") && last.contains("\"stroke\":\"#000000ff\""), "\(last)")
    }

    @Test func anUnknownThemeNamesTheThree() throws {
        let r = try CommandRunner.run(["bst", "--theme", "contrast", "-o", "x.gif"])
        #expect(r.status != 0)
        #expect(r.stderr.contains("high-contrast"), "\(r.stderr)")
    }
}
