import Foundation
import PNG
import Testing

/// tEXt chunks: a frame can say which animation it belongs to, readable
/// without decoding its pixels.
@Suite struct TextChunkTests {
    /// 4×3 opaque pixels of varied colours.
    static let pixels: [UInt8] = (0..<48).map { (i: Int) -> UInt8 in i % 4 == 3 ? 255 : UInt8(i * 37 % 256) }

    @Test func textChunksReadBackBeforeTheImageAndLeaveThePixelsAlone() throws {
        var options = PNGOptions()
        options.text = [
            PNGText(keyword: "treeanim", text: "fingerprint=0123abcd frame=7 of=120"),
            PNGText(keyword: "Software", text: "treeanim"),
        ]
        let with = try PNGFile.encode(straightRGBA: Self.pixels, width: 4, height: 3, options: options)
        let without = try PNGFile.encode(straightRGBA: Self.pixels, width: 4, height: 3)
        #expect(PNGFile.text(in: with) == ["treeanim": "fingerprint=0123abcd frame=7 of=120", "Software": "treeanim"])
        #expect(PNGFile.text(in: without).isEmpty)
        #expect(try PNGFile.decode(with).pixels == (try PNGFile.decode(without)).pixels)
        #expect(with.count > without.count)
    }

    @Test func aFileTellsItsTextWithoutBeingDecoded() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("treeanim-text-\(getpid()).png").path
        defer { unlink(path) }
        var options = PNGOptions()
        options.text = [PNGText(keyword: "treeanim", text: "frame=1")]
        try PNGFile.write(straightRGBA: Self.pixels, width: 4, height: 3, to: path, options: options)
        #expect(PNGFile.text(atPath: path) == ["treeanim": "frame=1"])
        #expect(PNGFile.text(atPath: path + ".missing").isEmpty)
        #expect(PNGFile.text(in: Array("not a png".utf8)).isEmpty)
    }

    @Test(arguments: ["", " lead", String(repeating: "k", count: 80), "tab\there"])
    func aKeywordThatBreaksPNGsRulesIsRefused(_ keyword: String) {
        var options = PNGOptions()
        options.text = [PNGText(keyword: keyword, text: "x")]
        #expect(throws: PNGError.self) { try PNGFile.encode(straightRGBA: Self.pixels, width: 4, height: 3, options: options) }
    }
}
