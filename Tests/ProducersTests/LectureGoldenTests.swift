import Diagram
import Producers
import Raster
import TestSupport
import Testing
import Trees

/// Real rendered frames of a lecture's parts at 640×360: a text slide
/// (heading, bullets, emphasis, strong words, a code span, Chinese), a
/// question over the tree as it stands, and the code panel beside a BST
/// insert in the light and the dark theme.
@Suite(.tags(.golden)) struct LectureGoldenTests {
    static func settings(_ theme: Theme = .light) -> FrameSettings {
        FrameSettings(width: 640, height: 360, fps: 10, theme: theme)
    }

    static let fonts = TextSlide.Fonts(
        main: BSTBoard.font,
        // The test machine has DejaVu (setup.sh installs it).
        regular: try! Font(matching: "DejaVu Sans:regular"), mono: try! Font(matching: "DejaVu Sans Mono:regular"))

    static func check(_ t: Timeline, _ name: String, _ index: Int, theme: Theme = .light) {
        #expect(index >= 0 && index < t.frameCount, "no \(name) frame")
        guard index >= 0, index < t.frameCount else { return }
        var canvas = Canvas(width: 640, height: 360)
        FrameRenderer(font: fonts.main, regular: fonts.regular, mono: fonts.mono).render(t.scene(at: index), into: &canvas)
        assertFrame(canvas, matches: name)
    }

    @Test func aTextSlideMatchesItsGolden() throws {
        let markdown = """
            # Binary search trees
            Every node holds a key, and for every node:
            - keys in its **left** subtree are *smaller*
            - keys in its **right** subtree are *greater*
            - 左小右大：二叉搜索树

            So `search(k)` walks one path from the root.
            """
        let script = try TextSlide(markdown: markdown, stage: Stage(Self.settings()), fonts: Self.fonts).script
        let t = try Timeline(script: script, settings: Self.settings(), labels: BSTBoard.labels)
        Self.check(t, "lecture-text", t.frameCount - 1)
    }

    /// A BST with code, `ops` played, and a question before the last
    /// operation when `asking`.
    static func bst(_ ops: String, theme: Theme = .light, asking question: String? = nil) throws -> Timeline {
        var o = BSTOptions()
        o.stage = Stage(settings(theme))
        o.code = true
        var script = try BSTAnimation(program: BSTOperation.parse(ops), options: o, labels: BSTBoard.labels).script
        if let question {
            let last = script.steps.compactMap(\.operation).max() ?? 0
            let at = try #require(script.steps.firstIndex { $0.operation == last })
            script.steps.insert(Step.asking(question, code: true), at: at)
        }
        return try Timeline(script: script, settings: settings(theme), labels: BSTBoard.labels)
    }

    @Test func aQuestionOverTheTreeAsItStandsMatchesItsGolden() throws {
        let t = try Self.bst("insert 50 30 70 20 60; insert 45", asking: "Where will 45 go?")
        let at = LinearGoldenTests.frame(t, "Where will 45 go?", 10)
        #expect(t.scene(at: at).caption == "Where will 45 go?")
        Self.check(t, "lecture-question", at)
    }

    @Test(arguments: ["light", "dark"])
    func theCodePanelMatchesItsGolden(name: String) throws {
        let theme: Theme = name == "dark" ? .dark : .light
        let t = try Self.bst("insert 50 30 70 20; insert 40", theme: theme)
        let at = LinearGoldenTests.frame(t, "40 > 30 → right", 2)
        #expect(t.scene(at: at).code?.line == 6)
        Self.check(t, "lecture-code-\(name)", at, theme: theme)
    }
}
