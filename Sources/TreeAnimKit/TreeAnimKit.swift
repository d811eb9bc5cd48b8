// The front door: a Swift user (and the command line) imports this one
// module and has the whole pipeline, from a producer's options to frames.
@_exported import ChartFiles
@_exported import Charts
@_exported import Compare
@_exported import Diagram
@_exported import Documents
@_exported import FamilyFiles
import Foundation
@_exported import Geometry
@_exported import GraphFiles
@_exported import Graphs
@_exported import InputText
@_exported import LectureFiles
@_exported import Output
@_exported import OutputFiles
@_exported import PNG
@_exported import Producers
@_exported import Production
@_exported import Raster
@_exported import Rendering
@_exported import TreeFiles
@_exported import Trees
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
///   - log: where the session's notes, warnings and summary line go (the
///     command line writes them to stderr); by default nowhere.
/// - Returns: how many frames were written, and the outputs with their sizes.
///
/// The render takes the command line's path: the options are checked as
/// its flags are, the animation is held to the same limits, and the notes
/// (a long animation, characters no font has) are the ones it says. For
/// every option the command line has (narration, subtitles, decks,
/// `--duration`), and for the structures treeanim draws, use a
/// `RenderSession` with `RenderOptions` and a `Producer` from
/// `ProducerRegistry` (the Production module, re-exported here).
@discardableResult
public func render(
    _ script: Script, to url: URL, settings: FrameSettings = FrameSettings(), font: Font? = nil,
    kinds: OutputKinds = .standard, log: ProductionLog = .silent
) throws -> RenderSummary {
    var options = RenderOptions(settings: settings, output: url.hasDirectoryPath ? url.path + "/" : url.path)
    options.kinds = kinds
    try options.check()
    let session = RenderSession(options: options, log: log)
    let font = try font ?? session.font()
    // An animation without a title of its own is named as the command
    // line's outputs are.
    let outcome = try session.run(script, font: font, title: "treeanim")
    // The options count no frames, so the session rendered them.
    guard let summary = outcome.summary else { throw ProductionFailure("internal error: no frames were rendered") }
    return summary
}
