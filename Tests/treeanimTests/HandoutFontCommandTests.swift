import Foundation
import Testing
import TestSupport

/// `-o handout.pdf --font FILE`: a font the handout cannot embed is refused
/// before any frame is drawn, in one line naming the file; a collection
/// goes in by its first face, the one the frames are drawn in.
@Suite(.tags(.cli)) struct HandoutFontCommandTests {
    static let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    /// Two faces with Chinese glyphs (fonts-wqy-microhei, from scripts/setup.sh).
    static let collection = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"

    /// `file` with the glyph count of its first face's `maxp` table set to 0.
    static func withoutGlyphs(_ file: [UInt8]) throws -> [UInt8] {
        func uint32(_ at: Int) -> Int { file[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let face = file.starts(with: Array("ttcf".utf8)) ? uint32(12) : 0
        let tables = uint32(face + 4) >> 16
        let record = try #require((0..<tables).map { face + 12 + 16 * $0 }.first {
            String(decoding: file[$0..<$0 + 4], as: UTF8.self) == "maxp"
        })
        var damaged = file
        damaged[uint32(record + 8) + 4] = 0
        damaged[uint32(record + 8) + 5] = 0
        return damaged
    }

    @Test(arguments: [dejaVu, collection])
    func aFontWithNoGlyphsIsRefusedByItsFileBeforeAnyFrame(_ original: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        let name = "empty." + (original as NSString).pathExtension
        let file = try Self.withoutGlyphs([UInt8](try Data(contentsOf: URL(fileURLWithPath: original))))
        try Data(file).write(to: URL(fileURLWithPath: dir + "/" + name))
        let r = try CommandRunner.run(["--values", "3,1", "--size", "128x72", "--font", name, "-o", "h.pdf"], in: dir)
        #expect(r.status == 65)
        #expect(
            r.stderr == "treeanim: error: --font \(name): cannot embed it in the PDF handout: its 'maxp' table counts 0 glyphs"
                + " (a font has at least glyph 0, the missing-glyph box)\n")
        #expect(CommandRunner.files(in: dir) == [name])
    }

    @Test func aCollectionGoesInByTheFaceTheFramesAreDrawnIn() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            ["--values", "3,1", "--size", "128x72", "--font", Self.collection, "--title", "二叉树", "-o", "h.pdf"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let fonts = try Poppler.run("pdffonts", [dir + "/h.pdf"])
        #expect(fonts.contains("+WenQuanYiMicroHei") && fonts.contains("CID TrueType"), "\(fonts)")
    }
}
