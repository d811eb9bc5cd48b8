import Documents
import Foundation
import Testing

/// What the deck writer refuses, and how it says so.
@Suite struct PPTXErrorTests {
    @Test func aMissingClipIsNamedAndTheFileIsLeftAsItWas() throws {
        let fixture = try PPTXFixture(captions: ["a", "b"], notes: [nil, nil])
        defer { fixture.remove() }
        var slides = fixture.slides
        slides[1].clipPath = fixture.folder + "/gone.mp4"
        let path = try fixture.deckPath()
        try Data("before".utf8).write(to: URL(fileURLWithPath: path))

        #expect(throws: PPTXError.cannotReadClip(path: slides[1].clipPath, reason: "No such file or directory")) {
            try PPTXDeck(format: fixture.format).write(slides, toPath: path)
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "before")
    }

    @Test func aFolderIsNotAClip() throws {
        let fixture = try PPTXFixture(captions: ["a"], notes: [nil])
        defer { fixture.remove() }
        var slides = fixture.slides
        slides[0].clipPath = fixture.folder
        let path = try fixture.deckPath()
        #expect(throws: PPTXError.cannotReadClip(path: fixture.folder, reason: "not a regular file")) {
            try PPTXDeck(format: fixture.format).write(slides, toPath: path)
        }
    }

    @Test func aPosterThatIsNotPNGIsRefusedWithItsStep() throws {
        let fixture = try PPTXFixture(captions: ["a", "b"], notes: [nil, nil])
        defer { fixture.remove() }
        var slides = fixture.slides
        slides[1].final = Array("GIF89a".utf8)
        let path = try fixture.deckPath()
        #expect(throws: PPTXError.posterNotPNG(step: 2)) {
            try PPTXDeck(format: fixture.format).write(slides, toPath: path)
        }
    }

    @Test func framesWithoutAreaMakeNoSlides() throws {
        let format = DeckFormat(width: 0, height: 720, fps: 30, title: "t")
        #expect(throws: PPTXError.badFrameSize(width: 0, height: 720)) {
            try PPTXDeck(format: format).write([], toPath: "/nonexistent/deck.pptx")
        }
    }

    @Test func aDeckThatCannotBeWrittenNamesTheFile() throws {
        let fixture = try PPTXFixture(captions: ["a"], notes: [nil])
        defer { fixture.remove() }
        let path = fixture.folder + "/missing-folder/deck.pptx"
        #expect(throws: PPTXError.cannotWrite(path: path, reason: "No such file or directory")) {
            try PPTXDeck(format: fixture.format).write(fixture.slides, toPath: path)
        }
    }

    @Test(arguments: [
        PPTXError.badFrameSize(width: 0, height: 720), .posterNotPNG(step: 3),
        .cannotReadClip(path: "/c.mp4", reason: "Permission denied"),
        .cannotWrite(path: "/d.pptx", reason: "No space left on device"),
    ])
    func everyErrorIsOneLine(error: PPTXError) {
        #expect(!error.description.isEmpty && !error.description.contains("\n"))
    }
}
