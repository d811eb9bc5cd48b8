import Documents
import Testing

@Suite struct DeckSlideTests {
    @Test func aSlideKeepsWhatItIsGiven() {
        let slide = DeckSlide(caption: "insert 42", note: "n", start: 1, end: 2.5, clipPath: "/c.mp4", poster: [1], final: [2])
        #expect(slide.caption == "insert 42" && slide.end - slide.start == 1.5 && slide.final == [2])
    }
}
