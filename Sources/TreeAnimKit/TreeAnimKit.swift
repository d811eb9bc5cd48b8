@_exported import Diagram
import Foundation
@_exported import Geometry
@_exported import Output
@_exported import OutputFiles
@_exported import Rendering
@_exported import Raster
@_exported import Tween

/// Renders `script` to `url`, in the format its extension names (`.gif`,
/// `.mp4`, `.webm`, `.apng`, `.webp`, a step-by-step `.html` or `.pptx`
/// deck, a `.pdf` handout, or a folder whose path ends in `/` for PNG
/// frames), with the frame size, rate, theme and captions of `settings`:
/// the one place the frame is given.
///
/// The file appears whole or not at all: it is written under a temporary
/// name and moved into place once complete, and a file it replaces is put
/// back if anything fails.
///
///     var builder = ScriptBuilder()
///     builder.step("push 3") { s in
///         s.beat(.easeOut(duration: 0.4)) { d in
///             d.nodes.insert(.box("3", at: Point(0, 0), size: Size(width: 1.6, height: 0.8), cornerRadius: 0.1, label: "3", labelSize: 0.4))
///         }
///     }
///     try render(builder.script, to: URL(fileURLWithPath: "stack.gif"))
///
/// - Parameters:
///   - script: the animation, as a `ScriptBuilder` made it.
///   - url: the file to write; its extension names the format.
///   - settings: the frame's size, rate, speed, theme and captions.
///   - font: the labels' and captions' font; by default DejaVu Sans Bold,
///     found through fontconfig.
///   - kinds: what each extension names; a kind of file of your own is
///     registered in a copy of `OutputKinds.standard`.
/// - Returns: how many frames were written, and the outputs with their sizes.
@discardableResult
public func render(
    _ script: Script, to url: URL, settings: FrameSettings = FrameSettings(), font: Font? = nil,
    kinds: OutputKinds = .standard
) throws -> RenderSummary {
    let font = try font ?? Font.default()
    let timeline = try Timeline(script: script, settings: settings, labels: LabelFit(font: font))
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
    let target = try OutputTarget(path: url.hasDirectoryPath ? url.path + "/" : url.path, isExistingFolder: exists && isFolder.boolValue, kinds: kinds)
    let renderer = FrameRenderer(font: font)
    var sinkSettings = SinkSettings()
    sinkSettings.stamp = FrameStamp(source: timeline, font: font)
    let plan = OutputPlan(target: target, settings: sinkSettings)
    return try RenderJob(source: timeline, renderer: renderer, sinks: plan.sinks(source: timeline, renderer: renderer)).run()
}
