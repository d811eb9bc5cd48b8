import Diagram
import Foundation
import Output
import PNG
import Production
import Raster
import Rendering

/// A step's clip and stills, rendered by the pipeline every output uses:
/// the session's timeline, its renderer, a ``RenderJob`` of the clip's
/// frames into ffmpeg's MP4 (the deck's clips' format).
enum StudioClip {
    /// The MP4 of `frames` of `built`'s animation, in memory; stopped (409)
    /// once `isCancelled` says the session has moved on.
    static func render(
        _ frames: ClosedRange<Int>, of built: StudioSession.Built, options: RenderOptions, in workspace: StudioWorkspace,
        isCancelled: @escaping @Sendable () -> Bool
    ) throws(ProductionFailure) -> [UInt8] {
        let path = try workspace.newPath(extension: "mp4")
        defer { workspace.remove(path) }
        let source = built.lecture.sequence
        do throws(OutputError) {
            let sink = try FFmpegSink(path: path, format: .mp4, frames: FrameFormat(source))
            var job = RenderJob(source: source, renderer: built.renderer, sinks: [sink])
            job.frames = frames.lowerBound..<(frames.upperBound + 1)
            job.inputs = []
            _ = try job.run(isCancelled: isCancelled)
        } catch .interrupted {
            throw ProductionFailure("a newer run or undo came first: this clip is no longer wanted", status: 409)
        } catch {
            throw ProductionFailure(error, options: options)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ProductionFailure("the clip of frames \(frames.lowerBound) to \(frames.upperBound) was not written")
        }
        return Array(data)
    }

    /// Frame `index` of `built`'s animation as a PNG, drawn as a render draws it.
    static func still(_ index: Int, of built: StudioSession.Built) throws(ProductionFailure) -> [UInt8] {
        let source = built.lecture.sequence
        var canvas = Canvas(width: source.width, height: source.height)
        built.renderer.render(source.scene(at: index), into: &canvas)
        do throws(PNGError) {
            return try PNGFile.encode(premultipliedRGBA: canvas.pixels, width: canvas.width, height: canvas.height)
        } catch {
            throw ProductionFailure("cannot encode frame \(index) as PNG: \(error)")
        }
    }
}
