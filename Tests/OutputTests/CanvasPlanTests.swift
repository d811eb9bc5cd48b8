import Output
import Rendering
import Testing

/// A job's canvases fit its memory budget whatever the thread count, and
/// one frame is always possible.
@Suite struct CanvasPlanTests {
    @Test func smallFramesKeepEveryThreadAndTwoFramesEach() {
        let plan = CanvasPlan(width: 1280, height: 720, threads: 16)
        #expect(plan.threads == 16 && plan.framesPerThread == 2 && plan.sets == 2)
        #expect(plan.bytes == 2 * 32 * 1280 * 720 * 4)
    }

    @Test(arguments: [(1920, 1080), (3840, 2160), (8192, 8192), (8192, 64)])
    func manyThreadsAreLoweredUntilTheCanvasesFit(_ width: Int, _ height: Int) {
        let plan = CanvasPlan(width: width, height: height, threads: 64)
        #expect(plan.bytes <= CanvasPlan.defaultBudget)
        // One more thread would not fit.
        #expect(plan.threads == 64 || plan.sets * (plan.threads + 1) * plan.frameBytes > CanvasPlan.defaultBudget)
    }

    @Test func theLargestFrameGetsOneThreadAndTwoSets() {
        let plan = CanvasPlan(width: 8192, height: 8192, threads: 64)
        #expect(plan.threads == 1 && plan.framesPerThread == 1 && plan.sets == 2)
    }

    @Test func aFrameOverTheBudgetStillRendersOnOneCanvas() {
        let plan = CanvasPlan(width: 1000, height: 1000, threads: 8, budget: 1_000_000)
        #expect(plan.threads == 1 && plan.framesPerThread == 1 && plan.sets == 1)
        #expect(plan.bytes == 4_000_000)
    }

    @Test func aJobRendersTheSameFramesWithinASmallBudget() throws {
        let folder = try TestFolder()
        let source = MovingCircles()
        var job = RenderJob(source: source, renderer: try Render.renderer(), sinks: [try PNGFolderSink(folder: folder("a"))])
        job.threads = 4
        job.memoryBudget = 96 * 64 * 4
        #expect(job.canvasPlan.threads == 1 && job.canvasPlan.sets == 1)
        _ = try job.run()
        try Render.job(source, into: [PNGFolderSink(folder: folder("b"))], threads: 4)
        #expect(folder.names(in: "a") == folder.names(in: "b"))
        for name in folder.names(in: "a") { #expect(folder.contents(of: "a/" + name) == folder.contents(of: "b/" + name)) }
    }
}
