import Documents
import Testing

@Suite struct DeckSlideTests {
    @Test func aSlideKeepsWhatItIsGiven() {
        let slide = DeckSlide(caption: "insert 42", note: "n", start: 1, end: 2.5, clipPath: "/c.mp4", poster: [1], final: [2])
        #expect(slide.caption == "insert 42" && slide.end - slide.start == 1.5 && slide.final == [2])
    }

    @Test func aSlideOutsideALectureHasNoSectionQuestionOrText() {
        let slide = DeckSlide(caption: nil, note: nil, start: 0, end: 1, clipPath: "/c.mp4", poster: [1], final: [2])
        #expect(slide.section == nil && slide.question == nil && slide.text == nil)
    }

    @Test func aLectureSlideKeepsItsSectionQuestionAndTextAndItsHandoutStepCopiesThem() {
        let text: [DeckTextBlock] = [.title("Heaps"), .heading("Why"), .paragraph("p"), .bullet("b"), .code("let x = 1")]
        let slide = DeckSlide(
            caption: "c", note: "n", start: 0, end: 1, clipPath: "/c.mp4", poster: [1], final: [2], section: "Heaps",
            question: "Which key rises?", text: text)
        #expect(slide.section == "Heaps" && slide.question == "Which key rises?" && slide.text == text)
        #expect(
            HandoutStep(slide)
                == HandoutStep(caption: "c", note: "n", png: [2], section: "Heaps", question: "Which key rises?", text: text))
    }
}
