import ChartFiles
import Charts
import Diagram
import FamilyFiles
import Foundation
import InputText
import Producers
import Testing
import TestSupport
import TreeFiles
import Trees

/// The real files of `../shared/corpus/` (written by other people, kept
/// outside the project), each drawn at default settings on a 720p frame:
/// every person's name, node label and bar name that is drawn at all is
/// drawn at 14 px or more in some frame where it is wholly on screen.
/// (How long each lasts is printed; the command says how to shorten any
/// animation over 3 minutes: `FamilyCommandTests` checks it on the
/// corpus's longest.)
///
/// Files the readers still refuse are listed, not failed: reading them is
/// another issue's work. A chart's frames are read at 10 fps: its bars move
/// all the time. A family or a tree comes to rest in every step, where each
/// label stands at the size the camera gives it, so their frames are read
/// at every step's rest and end and at 2 fps between. Reading fewer frames
/// can only find a label's largest size smaller, never larger: a file that
/// passes here passes over every frame.
@Suite(.tags(.sweep)) struct CorpusLegibilityTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/corpus")

    static func files(in folder: String) -> [String] {
        let path = corpus.appendingPathComponent(folder).path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
    }

    static let settings = FrameSettings(width: 1280, height: 720, fps: 10)

    @Test func theCorpusIsThere() {
        #expect(Self.files(in: "gedcom").count >= 5, "no corpus at \(Self.corpus.path)")
        #expect(Self.files(in: "trees").count >= 5 && Self.files(in: "csv").count >= 3)
    }

    @Test(arguments: files(in: "gedcom"))
    func everyPersonIsNamedLegibly(_ path: String) throws {
        let versions: [Family]
        do throws(FamilyFileError) {
            versions = try FamilyFile.read(from: InputSource(argument: path), format: nil)
        } catch {
            print("\(path): not read: \(error)")
            return
        }
        var options = FamilyOptions()
        options.stage = Stage(Self.settings)
        let script = FamilyAnimation(versions: versions, options: options, labels: BSTBoard.labels).script
        try Self.check(script, path: path, between: 5)
    }

    @Test(arguments: files(in: "trees"))
    func everyNodeIsLabelledLegibly(_ path: String) throws {
        let versions: [Tree<TreeFileNode>]
        do throws(TreeFileError) {
            versions = try TreeFile.load(from: InputSource(argument: path)).versions
        } catch {
            print("\(path): not read: \(error)")
            return
        }
        var options = TreeOptions()
        options.stage = Stage(Self.settings)
        let script = TreeAnimation(versions: versions.map(TreeFile.items), options: options, labels: BSTBoard.labels).script
        try Self.check(script, path: path, between: 5)
    }

    @Test(arguments: files(in: "csv"))
    func everyBarIsNamedLegibly(_ path: String) throws {
        let data: ChartData
        do throws(ChartFileError) {
            data = try ChartFile.load(from: InputSource(argument: path), reading: ChartReading()).data
        } catch {
            print("\(path): not read: \(error)")
            return
        }
        var options = BarChartOptions()
        options.stage = Stage(Self.settings)
        // The command refuses a chart of more categories than one can show,
        // and says to race them.
        if data.categories.count > BarChartAnimation.categoryLimit { options.mode = .race(top: 10) }
        let script = BarChartAnimation(series: data, options: options, labels: BSTBoard.labels).script
        try Self.check(script, path: path, bars: Set(data.categories))
    }

    /// Every label of `script` reads in some frame, of the frames at 10 fps
    /// every `between`th and each step's rest and last.
    static func check(_ script: Script, path: String, bars: Set<String>? = nil, between: Int = 1) throws {
        let timeline = try Timeline(script: script, settings: settings, labels: BSTBoard.labels)
        let frames = Set(stride(from: 0, to: timeline.frameCount, by: between))
            .union(timeline.steps.flatMap { [$0.restFrame, $0.frames.upperBound - 1] }).filter { $0 >= 0 }.sorted()
        let floor = Stage.legibleText - 0.01
        var largest = [String: Double]()
        func onScreen(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Bool {
            x - w / 2 >= 0 && x + w / 2 <= 1280 && y - h / 2 >= 0 && y + h / 2 <= 720
        }
        for f in frames {
            let scene = timeline.scene(at: f)
            for n in scene.nodes where !n.label.isEmpty && n.opacity > 0.99 && n.fading == nil {
                let key = "node \(n.id) '\(n.label)'"
                let size = onScreen(n.x, n.y, n.w, n.h) ? n.fontSize : 0
                largest[key] = max(largest[key] ?? 0, size)
            }
            if let categories = bars {
                // A bar's name, written whole (a name cut short to fit is
                // not read).
                let names = Dictionary(scene.bars.map { ($0.id, $0.label) }, uniquingKeysWith: { a, _ in a })
                for b in scene.bars where b.kind == "bar" && b.opacity > 0.99 {
                    let key = "bar '\(b.label)'"
                    largest[key] = largest[key] ?? 0
                }
                for t in scene.texts where t.value == nil && t.opacity > 0.99 && t.fading == nil {
                    // A name cut short to fit is not read; one wrapped is.
                    guard let bar = t.bar, let name = names[bar], t.text == name,
                        categories.contains(name.replacingOccurrences(of: "\n", with: " "))
                    else { continue }
                    let key = "bar '\(name)'"
                    let size = t.x >= 0 && t.x <= 1280 && t.y >= 0 && t.y <= 720 ? t.fontSize : 0
                    largest[key] = max(largest[key] ?? 0, size)
                }
            }
        }
        let small = largest.filter { $0.value < floor }.sorted { $0.key < $1.key }
        #expect(
            small.isEmpty,
            "\(path): \(small.count) of \(largest.count) labels never read at 14 px: \(small.prefix(5).map { "\($0.key) at most \(String(format: "%.1f", $0.value)) px" })"
        )
        #expect(!largest.isEmpty, "\(path): nothing labelled")
        let seconds = Double(timeline.frameCount) / settings.fps
        print("\(path): \(largest.count) labels, \(Int(seconds)) s, notes \(script.notes)")
    }
}
