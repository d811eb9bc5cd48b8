import Diagram
import Output
import Testing

@Suite struct StepClipPlanTests {
    static func span(_ frames: Range<Int>, restingOn rest: Int? = nil) -> StepSpan {
        StepSpan(caption: nil, note: nil, start: 0, end: 0, frames: frames, restFrame: rest)
    }

    @Test func aClipEndsOnItsStepsConclusionAndTheNextOpensWithTheTidyingUp() {
        let steps = [Self.span(0..<10, restingOn: 6), Self.span(10..<25, restingOn: 20), Self.span(25..<31, restingOn: 27)]
        let plan = StepClipPlan(steps: steps, frameCount: 31)
        #expect(plan.clips == [0...6, 7...20, 21...30])
        #expect(plan.times(ofClip: 1, fps: 10) == (0.7, 2.1))
    }

    @Test func aClipHoldsItsStepsFramesAndTheLastRunsToTheEnd() {
        let plan = StepClipPlan(steps: [Self.span(0..<10), Self.span(10..<25), Self.span(25..<30)], frameCount: 31)
        #expect(plan.clips == [0...9, 10...24, 25...30])
        #expect(plan.clips(containing: 9) == [0] && plan.clips(containing: 10) == [1] && plan.clips(containing: 30) == [2])
        #expect(plan.isFirst(10) && plan.isLast(9) && !plan.isLast(10) && plan.isLast(30))
    }

    @Test func aStepThatTakesNoTimeStillHasItsFrame() {
        let plan = StepClipPlan(steps: [Self.span(0..<10), Self.span(10..<10), Self.span(10..<20)], frameCount: 20)
        #expect(plan.clips == [0...9, 10...10, 11...19])
        #expect(plan.clips(containing: 10) == [1])
        #expect(plan.clips(containing: 11) == [2])
    }

    @Test func anAnimationWithoutStepsIsOneClip() {
        #expect(StepClipPlan(steps: [], frameCount: 12).clips == [0...11])
    }
}
