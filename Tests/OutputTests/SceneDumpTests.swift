@testable import Diagram
import Foundation
import Geometry
import Output
import Raster
import Testing

/// The scene dump is a public contract: version 1's keys, in their order,
/// then version 2's, with byte-stable numbers.
@Suite struct SceneDumpTests {
    static let version1 = ["frame", "time", "width", "height", "background", "caption", "edges", "nodes", "highlight"]
    static let version2 = version1 + ["version", "step", "marks", "bars", "texts"]
    static let nodeKeys = [
        "id", "key", "label", "x", "y", "radius", "opacity", "fill", "stroke", "strokeWidth", "labelColor", "fontSize",
        "shape", "w", "h", "role", "cornerRadius", "name",
    ]
    static let edgeKeys = ["from", "to", "x1", "y1", "x2", "y2", "width", "color", "opacity", "kind", "points", "arrow", "name"]
    static let ringKeys = ["x", "y", "radius", "width", "color", "opacity"]

    /// Version 5: a frame with an overview inset appends `inset` after
    /// every older key; a frame without one writes no such key.
    @Test func anInsetIsAppendedAfterEveryOlderKey() throws {
        var scene = Scene(
            frame: 0, time: 0, step: 0, width: 96, height: 64, background: .white, caption: nil,
            captionStyle: CaptionStyle(x: 4, baseline: 12, fontSize: 9, color: .black))
        #expect(!SceneDump.line(for: scene).contains("inset"))
        scene.inset = InsetState(
            frame: Rect(x: 60, y: 40, width: 30, height: 20), opacity: 0.5, view: Rect(x: 62, y: 42, width: 8, height: 6.5),
            boxes: [InsetBox(rect: Rect(x: 65, y: 45, width: 2, height: 2), color: .black)],
            lines: [InsetLine(from: Point(61, 41), to: Point(70, 50))], background: .white, border: .black,
            lineColor: .black, viewColor: .black)
        let line = SceneDump.line(for: scene)
        #expect(line.hasSuffix(#","inset":{"x":60,"y":40,"w":30,"h":20,"opacity":0.5,"view":{"x":62,"y":42,"w":8,"h":6.5},"nodes":1}}"#), "\(line)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["version"] as? Int == 11)
    }

    /// Version 11: a frame whose camera shows part of the drawing appends
    /// `backdrop` after every older key (a speech's included); a frame
    /// without one writes no such key.
    @Test func aBackdropIsAppendedAfterEveryOlderKey() throws {
        var scene = Scene(
            frame: 12, time: 1.2, step: 0, width: 96, height: 64, background: .white, caption: "42 < 50",
            captionStyle: CaptionStyle(x: 4, baseline: 12, fontSize: 9, color: .black))
        #expect(!SceneDump.line(for: scene).contains("backdrop"))
        scene.speech = Speech(text: "42 < 50", frame: 10, start: 1, length: 1.5)
        scene.backdrop = 17
        let line = SceneDump.line(for: scene)
        #expect(line.hasSuffix(#""speech":{"text":"42 < 50","start":1,"end":2.5},"backdrop":17}"#), "\(line)")
    }

    /// Version 9: a frame during a speech appends `speech` after every
    /// older key; a frame without one writes no such key.
    @Test func aSpeechIsAppendedWithItsWordsAndTimes() throws {
        var scene = Scene(
            frame: 12, time: 1.2, step: 0, width: 96, height: 64, background: .white, caption: "42 < 50",
            captionStyle: CaptionStyle(x: 4, baseline: 12, fontSize: 9, color: .black))
        #expect(!SceneDump.line(for: scene).contains("speech"))
        scene.speech = Speech(text: "42 < 50", frame: 10, start: 1, length: 1.5)
        let line = SceneDump.line(for: scene)
        #expect(line.hasSuffix(#""texts":[],"speech":{"text":"42 < 50","start":1,"end":2.5}}"#), "\(line)")
    }

    /// Version 8: a frame with the code panel appends `code` after every
    /// older key (and after `inset`); a frame without one writes no such key.
    @Test func theCodePanelIsAppendedWithItsLinesAndHighlightedIndex() throws {
        var scene = Scene(
            frame: 0, time: 0, step: 0, width: 96, height: 64, background: .white, caption: nil,
            captionStyle: CaptionStyle(x: 4, baseline: 12, fontSize: 9, color: .black))
        #expect(!SceneDump.line(for: scene).contains("code"))
        scene.code = CodeState(
            title: "TREE-MINIMUM(x)", lines: ["while x.left ≠ NIL", "  x = x.left", "return x"], line: 1,
            frame: Rect(x: 50, y: 10, width: 40, height: 50), fontSize: 14, lineHeight: 20, background: .white, text: .black,
            muted: .black, highlight: .white, accent: .black)
        let line = SceneDump.line(for: scene)
        #expect(
            line.hasSuffix(
                #","code":{"title":"TREE-MINIMUM(x)","lines":["while x.left ≠ NIL","  x = x.left","return x"],"line":1,"x":50,"y":10,"w":40,"h":50,"fontSize":14}}"#),
            "\(line)")
        scene.code?.line = nil
        #expect(SceneDump.line(for: scene).contains(#""line":null"#))
    }

    @Test func aLineKeepsEveryVersion1KeyInOrderAndAppendsTheVersion2Keys() {
        let ink = Color.black, paper = Color.white, accent = Color(hex: 0xE8590C)
        let scene = Scene(
            frame: 3, time: 0.3, step: 1, width: 96, height: 64, background: paper, caption: "a \"b\"",
            captionStyle: CaptionStyle(x: 4, baseline: 12, fontSize: 9, color: ink),
            edges: [
                EdgeState(
                    from: 0, to: 1, kind: "tree", points: [Point(10, 20), Point(15.5, 25), Point(30, 40)], width: 2,
                    color: ink, opacity: 1)
            ],
            nodes: [
                NodeState(
                    id: 0, key: 5, label: "5", x: 10, y: 20, shape: .circle, w: 16, h: 16, cornerRadius: 8,
                    role: "normal", opacity: 1, fill: paper, stroke: ink, strokeWidth: 1.5, labelColor: ink, fontSize: 12),
                NodeState(
                    id: 1, key: nil, label: "box", x: 30, y: 40, shape: .rect, w: 24, h: 12, cornerRadius: 3,
                    role: "new", opacity: 0.5, fill: paper, stroke: ink, strokeWidth: 1.5, labelColor: ink, fontSize: 12),
            ],
            marks: [
                MarkState(x: 10, y: 20, radius: 11, w: 22, h: 22, cornerRadius: 11, width: 2, color: accent, opacity: 1),
                MarkState(x: 30, y: 40, radius: 9, w: 30, h: 18, cornerRadius: 4, width: 2, color: accent, opacity: 1),
            ],
            bars: [
                BarState(id: 2, label: "b", value: 7.25, x: 50, y: 30, w: 8, h: 20, fill: Color(hex: 0x495057), opacity: 1)
            ],
            texts: [
                TextState(text: "n = 2", x: 60, y: 10, fontSize: 10, alignment: .left, color: Color(hex: 0x868E96), opacity: 1),
                TextState(
                    text: "7.3", x: 54, y: 27, fontSize: 9, alignment: .baseline, color: Color(hex: 0x868E96), opacity: 1,
                    fading: nil, node: nil, layer: .bars, value: 7.25, bar: 2),
            ])
        let expected = ##"{"frame":3,"time":0.3,"width":96,"height":64,"background":"#ffffffff","caption":"a \"b\"","##
            + ##""edges":[{"from":0,"to":1,"x1":10,"y1":20,"x2":30,"y2":40,"width":2,"color":"#000000ff","opacity":1,"##
            + ##""kind":"tree","points":[[10,20],[15.5,25],[30,40]],"arrow":"none","name":""}],"##
            + ##""nodes":[{"id":0,"key":5,"label":"5","x":10,"y":20,"radius":8,"opacity":1,"fill":"#ffffffff","##
            + ##""stroke":"#000000ff","strokeWidth":1.5,"labelColor":"#000000ff","fontSize":12,"##
            + ##""shape":"circle","w":16,"h":16,"role":"normal","cornerRadius":8,"name":""},"##
            + ##"{"id":1,"key":null,"label":"box","x":30,"y":40,"radius":6,"opacity":0.5,"fill":"#ffffffff","##
            + ##""stroke":"#000000ff","strokeWidth":1.5,"labelColor":"#000000ff","fontSize":12,"##
            + ##""shape":"rect","w":24,"h":12,"role":"new","cornerRadius":3,"name":""}],"##
            + ##""highlight":{"x":10,"y":20,"radius":11,"width":2,"color":"#e8590cff","opacity":1},"##
            + ##""version":11,"step":1,"##
            + ##""marks":[{"x":10,"y":20,"radius":11,"width":2,"color":"#e8590cff","opacity":1},"##
            + ##"{"x":30,"y":40,"radius":9,"width":2,"color":"#e8590cff","opacity":1,"w":30,"h":18,"cornerRadius":4}],"##
            + ##""bars":[{"id":2,"label":"b","value":7.25,"x":50,"y":30,"w":8,"h":20,"fill":"#495057ff","opacity":1,"kind":"bar","role":"normal","direction":"up","fontSize":0,"valueText":null,"name":""}],"##
            + ##""texts":[{"text":"n = 2","x":60,"y":10,"fontSize":10,"color":"#868e96ff","opacity":1,"align":"left","node":null,"name":""},"##
            + ##"{"text":"7.3","x":54,"y":27,"fontSize":9,"color":"#868e96ff","opacity":1,"align":"baseline","node":null,"##
            + ##""bar":2,"value":7.25,"layer":"bars","name":""}]}"##
        #expect(SceneDump.line(for: scene) == expected)
    }

    @Test func dumpedLinesParseAsJSONWithEveryKeyOfTheirObjects() throws {
        let folder = try TestFolder()
        let summary = try Render.job(MovingCircles(), into: [SceneDumpSink(path: folder("scene.jsonl"))], frames: 3..<9)
        let text = String(decoding: try #require(folder.contents(of: "scene.jsonl")), as: UTF8.self)
        #expect(summary.outputs == [WrittenOutput(path: folder("scene.jsonl"), bytes: text.utf8.count)])
        let lines = text.split(separator: "\n")
        #expect(lines.count == 6)
        for (i, line) in lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(Set(object.keys) == Set(Self.version2))
            let order = Self.version2.compactMap { line.range(of: "\"\($0)\":")?.lowerBound }
            #expect(order.count == Self.version2.count && order == order.sorted(), "top-level keys out of order")
            #expect(object["frame"] as? Int == 3 + i)
            #expect(object["version"] as? Int == 11)
            #expect(object["step"] as? Int == 0)
            let nodes = try #require(object["nodes"] as? [[String: Any]])
            #expect(nodes.count == 3)
            for node in nodes { #expect(Set(node.keys) == Set(Self.nodeKeys)) }
            #expect(nodes.map { $0["shape"] as? String } == ["circle", "circle", "rect"])
            #expect(nodes[2]["key"] is NSNull)
            let edges = try #require(object["edges"] as? [[String: Any]])
            for edge in edges { #expect(Set(edge.keys) == Set(Self.edgeKeys)) }
            #expect((edges.first?["points"] as? [[Double]])?.count == 2)
            let highlight = try #require(object["highlight"] as? [String: Any])
            #expect(Set(highlight.keys) == Set(Self.ringKeys))
            #expect((object["marks"] as? [[String: Any]])?.count == 1)
            let bar = try #require((object["bars"] as? [[String: Any]])?.first)
            #expect(
                Set(bar.keys) == [
                    "id", "label", "value", "x", "y", "w", "h", "fill", "opacity", "kind", "role", "direction", "fontSize",
                    "valueText", "name",
                ])
            let label = try #require((object["texts"] as? [[String: Any]])?.first)
            #expect(Set(label.keys) == ["text", "x", "y", "fontSize", "color", "opacity", "align", "node", "name"])
        }
    }

    @Test func twoRunsWriteTheSameBytes() throws {
        let folder = try TestFolder()
        try Render.job(MovingCircles(), into: [SceneDumpSink(path: folder("a.jsonl"))], threads: 1)
        try Render.job(MovingCircles(), into: [SceneDumpSink(path: folder("b.jsonl"))], threads: 3)
        #expect(folder.contents(of: "a.jsonl") != nil)
        #expect(folder.contents(of: "a.jsonl") == folder.contents(of: "b.jsonl"))
    }

    /// Text is JSON-escaped as JSON requires, and U+2028 and U+2029 too: a
    /// line pasted into JavaScript before ES2019 would end its string there.
    @Test func textKeepsEveryCharacterAndEscapesWhatWouldBreakAScript() throws {
        let text = "</script>\u{2028}\u{2029}\0\u{1B}\"\\ 王"
        let scene = Scene(
            frame: 0, time: 0, step: 0, width: 8, height: 8, background: .white, caption: text,
            captionStyle: CaptionStyle(x: 0, baseline: 0, fontSize: 1, color: .black))
        let line = SceneDump.line(for: scene)
        #expect(line.contains(#""caption":"</script>\u2028\u2029\u0000\u001b\"\\ 王""#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["caption"] as? String == text)
    }
}
