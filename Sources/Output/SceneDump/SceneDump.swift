import Diagram
import Geometry
import Raster

/// Scenes as JSON Lines, the format of `--dump-scene`: one object a frame,
/// in output pixels, enough for another renderer to redraw the frame.
///
/// A public contract: it grows by appending keys to its objects, never by
/// renaming or reordering them. Version 1 had `frame`, `time`, `width`,
/// `height`, `background`, `caption`, `edges`, `nodes` and `highlight`;
/// version 2 appends `version`, `step`, `marks`, `bars` and `texts`, and
/// to nodes, edges and rings the fields of shapes other than circles and
/// straight lines; bars gain `kind`, `role`, `direction`, `fontSize` and
/// `valueText`; version 3 appends to an edge that has them `arrowheads`
/// and `label`, `labelX`, `labelY`, `labelSize`; version 4 appends to a
/// text placed on a bar `bar` (the bar's `id`), to a counting text `value`,
/// and to a text drawn with the bars `layer` (`bars`): a bar's label and
/// value are texts now, and the bar reports their size and the value as
/// written, as before; version 5 appends `inset` to a frame that shows an
/// overview inset: its panel `x`, `y`, `w`, `h`, `opacity`, the camera's
/// `view` in it (`x`, `y`, `w`, `h`) and how many `nodes` it draws;
/// version 6 appends to every edge `arrow`, the ends its arrowheads are
/// declared at (`none`, `end`, `start` or `both`); version 7 appends
/// `name` to every node and edge: the id its producer gave it, the same
/// in every frame (`list:3.next`), so a reader can tell which is which;
/// version 8 appends `code` to a frame that shows the pseudocode panel:
/// its `title`, `lines` (as written, indented two spaces a level), the
/// highlighted `line`'s index from 0 (null when none), the panel's `x`,
/// `y`, `w`, `h` and its lines' `fontSize`; and `face` to a text not set
/// in the main font (`regular`, `mono`); version 9 appends `speech` to a
/// frame during narration (`--narrate`) while a caption is being said:
/// its `text`, and the `start` and `end` of the speech in seconds from the
/// start of the animation, as the sound track holds it; version 10
/// appends `name` to every bar and text, as version 7 did to nodes and
/// edges: the id its producer gave it (`index:3`, `marker:i`,
/// `region:le`), the same in every frame; version 11 appends `backdrop`
/// to a frame whose camera shows part of the drawing (a tour, a followed
/// graph): how far down, in pixels, the caption's band is cleared to the
/// background, cutting off what runs on under it.
/// (A dashed edge has had
/// `dash`, its dash length, since version 5.)
/// Numbers are in Swift's shortest round-tripping form and
/// colours are `#rrggbbaa`, so a dump is byte-identical from run to run.
public enum SceneDump {
    /// The version written in each object's `version`.
    public static let version = 11

    /// The JSON object of `scene`, on one line, without the newline.
    public static func line(for scene: Scene) -> String { String(decoding: bytes(for: scene), as: UTF8.self) }

    /// `line(for:)` as UTF-8 bytes.
    static func bytes(for scene: Scene) -> [UInt8] {
        var fields: [(String, JSONValue)] = [
            ("frame", .int(scene.frame)),
            ("time", .number(scene.time)),
            ("width", .int(scene.width)),
            ("height", .int(scene.height)),
            ("background", .color(scene.background)),
            ("caption", scene.caption.map(JSONValue.string) ?? .null),
            ("edges", .array(scene.edges.map(object(for:)))),
            ("nodes", .array(scene.nodes.map(object(for:)))),
            ("highlight", scene.highlight.map(object(for:)) ?? .null),
            ("version", .int(version)),
            ("step", .int(scene.step)),
            ("marks", .array(scene.marks.map(object(for:)))),
            ("bars", .array(scene.bars.map(object(for:)))),
            ("texts", .array(scene.texts.map(object(for:)))),
        ]
        if let inset = scene.inset { fields.append(("inset", object(for: inset))) }
        if let code = scene.code { fields.append(("code", object(for: code))) }
        if let said = scene.speech {
            fields.append(
                ("speech", .object([("text", .string(said.text)), ("start", .number(said.start)), ("end", .number(said.end))])))
        }
        if let backdrop = scene.backdrop { fields.append(("backdrop", .number(backdrop))) }
        return JSONValue.object(fields).bytes
    }

    static func object(for code: CodeState) -> JSONValue {
        .object([
            ("title", .string(code.title)),
            ("lines", .array(code.lines.map(JSONValue.string))),
            ("line", code.line.map(JSONValue.int) ?? .null),
            ("x", .number(code.frame.minX)),
            ("y", .number(code.frame.minY)),
            ("w", .number(code.frame.width)),
            ("h", .number(code.frame.height)),
            ("fontSize", .number(code.fontSize)),
        ])
    }

    static func object(for inset: InsetState) -> JSONValue {
        let rect = { (r: Rect) -> [(String, JSONValue)] in
            [("x", .number(r.minX)), ("y", .number(r.minY)), ("w", .number(r.width)), ("h", .number(r.height))]
        }
        return .object(
            rect(inset.frame) + [
                ("opacity", .number(inset.opacity)),
                ("view", .object(rect(inset.view))),
                ("nodes", .int(inset.boxes.count)),
            ])
    }

    static func object(for e: EdgeState) -> JSONValue {
        .object([
            ("from", .int(e.from)),
            ("to", .int(e.to)),
            ("x1", .number(e.x1)),
            ("y1", .number(e.y1)),
            ("x2", .number(e.x2)),
            ("y2", .number(e.y2)),
            ("width", .number(e.width)),
            ("color", .color(e.color)),
            ("opacity", .number(e.opacity)),
            ("kind", .string(e.kind)),
            ("points", .array(e.points.map { .array([.number($0.x), .number($0.y)]) })),
            ("arrow", .string(arrowWord(e.arrows))),
            ("name", .string(e.name)),
        ] + extras(of: e))
    }

    /// `none`, `end`, `start` or `both`.
    static func arrowWord(_ arrows: EdgeArrows) -> String {
        switch (arrows.contains(.start), arrows.contains(.end)) {
        case (true, true): "both"
        case (false, true): "end"
        case (true, false): "start"
        case (false, false): "none"
        }
    }

    /// An edge's arrowheads and label, only when it has them: a dump of an
    /// animation without them reads as it always has.
    static func extras(of e: EdgeState) -> [(String, JSONValue)] {
        var out = [(String, JSONValue)]()
        if !e.arrowheads.isEmpty {
            out.append(("arrowheads", .array(e.arrowheads.map { .array([.number($0.tip.x), .number($0.tip.y)]) })))
        }
        if e.dash > 0 { out.append(("dash", .number(e.dash))) }
        if e.labelSize > 0 {
            out += [
                ("label", .string(e.label)), ("labelX", .number(e.labelPoint.x)), ("labelY", .number(e.labelPoint.y)),
                ("labelSize", .number(e.labelSize)),
            ]
        }
        return out
    }

    static func object(for n: NodeState) -> JSONValue {
        .object([
            ("id", .int(n.id)),
            ("key", n.key.map(JSONValue.int) ?? .null),
            ("label", .string(n.label)),
            ("x", .number(n.x)),
            ("y", .number(n.y)),
            ("radius", .number(n.radius)),
            ("opacity", .number(n.opacity)),
            ("fill", .color(n.fill)),
            ("stroke", .color(n.stroke)),
            ("strokeWidth", .number(n.strokeWidth)),
            ("labelColor", .color(n.labelColor)),
            ("fontSize", .number(n.fontSize)),
            ("shape", .string(n.shape.rawValue)),
            ("w", .number(n.w)),
            ("h", .number(n.h)),
            ("role", .string(n.role)),
            ("cornerRadius", .number(n.cornerRadius)),
            ("name", .string(n.name)),
        ])
    }

    /// A ring, as `highlight` and in `marks`; a ring drawn as a rounded
    /// rectangle (around a box node) also has its `w`, `h` and
    /// `cornerRadius`.
    static func object(for m: MarkState) -> JSONValue {
        let ring: [(String, JSONValue)] = [
            ("x", .number(m.x)),
            ("y", .number(m.y)),
            ("radius", .number(m.radius)),
            ("width", .number(m.width)),
            ("color", .color(m.color)),
            ("opacity", .number(m.opacity)),
        ]
        let isCircle = m.w == m.h && m.cornerRadius >= m.w / 2
        let box: [(String, JSONValue)] = [("w", .number(m.w)), ("h", .number(m.h)), ("cornerRadius", .number(m.cornerRadius))]
        return .object(isCircle ? ring : ring + box)
    }

    static func object(for b: BarState) -> JSONValue {
        .object([
            ("id", .int(b.id)),
            ("label", .string(b.label)),
            ("value", .number(b.value)),
            ("x", .number(b.x)),
            ("y", .number(b.y)),
            ("w", .number(b.w)),
            ("h", .number(b.h)),
            ("fill", .color(b.fill)),
            ("opacity", .number(b.opacity)),
            ("kind", .string(b.kind)),
            ("role", .string(b.role)),
            ("direction", .string(b.direction.rawValue)),
            ("fontSize", .number(b.fontSize)),
            ("valueText", b.valueText.map(JSONValue.string) ?? .null),
            ("name", .string(b.name)),
        ])
    }

    static func object(for t: TextState) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("text", .string(t.text)),
            ("x", .number(t.x)),
            ("y", .number(t.y)),
            ("fontSize", .number(t.fontSize)),
            ("color", .color(t.color)),
            ("opacity", .number(t.opacity)),
            ("align", .string(t.alignment.rawValue)),
            ("node", t.node.map(JSONValue.int) ?? .null),
        ]
        if let bar = t.bar { fields.append(("bar", .int(bar))) }
        if let value = t.value { fields.append(("value", .number(value))) }
        if t.layer != .top { fields.append(("layer", .string(t.layer.rawValue))) }
        if t.face != .main { fields.append(("face", .string(t.face.rawValue))) }
        fields.append(("name", .string(t.name)))
        return .object(fields)
    }
}
