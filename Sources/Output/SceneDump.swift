import Raster

/// Scenes as JSON Lines: one object a frame with the keys documented for
/// `--dump-scene`, numbers in Swift's shortest round-tripping form, so a dump
/// is byte-identical from run to run.
public enum SceneDump {
    /// The JSON object of `scene`, on one line, without the newline.
    public static func line(for scene: Scene) -> String {
        var o = JSONObject()
        o["frame"] = .int(scene.frame)
        o["time"] = .number(scene.time)
        o["width"] = .int(scene.width)
        o["height"] = .int(scene.height)
        o["background"] = .color(scene.background)
        o["caption"] = scene.caption.map(JSONValue.string) ?? .null
        o["edges"] = .array(scene.edges.map(object(for:)))
        o["nodes"] = .array(scene.nodes.map(object(for:)))
        o["highlight"] = scene.highlight.map(object(for:)) ?? .null
        return JSONValue.object(o).encoded
    }

    static func object(for e: EdgeState) -> JSONValue {
        var o = JSONObject()
        o["from"] = .int(e.from)
        o["to"] = .int(e.to)
        o["x1"] = .number(e.x1)
        o["y1"] = .number(e.y1)
        o["x2"] = .number(e.x2)
        o["y2"] = .number(e.y2)
        o["width"] = .number(e.width)
        o["color"] = .color(e.color)
        o["opacity"] = .number(e.opacity)
        return .object(o)
    }

    static func object(for n: NodeState) -> JSONValue {
        var o = JSONObject()
        o["id"] = .int(n.id)
        o["key"] = .int(n.key)
        o["label"] = .string(n.label)
        o["x"] = .number(n.x)
        o["y"] = .number(n.y)
        o["radius"] = .number(n.radius)
        o["opacity"] = .number(n.opacity)
        o["fill"] = .color(n.fill)
        o["stroke"] = .color(n.stroke)
        o["strokeWidth"] = .number(n.strokeWidth)
        o["labelColor"] = .color(n.labelColor)
        o["fontSize"] = .number(n.fontSize)
        return .object(o)
    }

    static func object(for h: HighlightState) -> JSONValue {
        var o = JSONObject()
        o["x"] = .number(h.x)
        o["y"] = .number(h.y)
        o["radius"] = .number(h.radius)
        o["width"] = .number(h.width)
        o["color"] = .color(h.color)
        o["opacity"] = .number(h.opacity)
        return .object(o)
    }
}

/// The keys of a JSON object, in the order they were set.
struct JSONObject {
    var pairs: [(String, JSONValue)] = []

    subscript(key: String) -> JSONValue? {
        get { pairs.first { $0.0 == key }?.1 }
        set {
            pairs.removeAll { $0.0 == key }
            if let newValue { pairs.append((key, newValue)) }
        }
    }
}

/// The small part of JSON a scene needs, encoded without Foundation so the
/// bytes are fixed by this file alone.
indirect enum JSONValue {
    case null
    case int(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    static func color(_ c: Color) -> JSONValue { .string(c.hexRGBA) }

    var encoded: String {
        var out = ""
        encode(into: &out)
        return out
    }

    func encode(into out: inout String) {
        switch self {
        case .null: out += "null"
        case .int(let i): out += String(i)
        case .number(let d): out += d.isFinite ? Self.format(d) : "null"
        case .string(let s): Self.quote(s, into: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.encode(into: &out)
            }
            out += "]"
        case .object(let o):
            out += "{"
            for (i, (key, value)) in o.pairs.enumerated() {
                if i > 0 { out += "," }
                Self.quote(key, into: &out)
                out += ":"
                value.encode(into: &out)
            }
            out += "}"
        }
    }

    /// Whole numbers without a fraction (`2`, not `2.0`); others in the
    /// shortest form that reads back to the same Double.
    static func format(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return String(d)
    }

    static func quote(_ s: String, into out: inout String) {
        out += "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20:
                let hex = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        out += "\""
    }
}

extension Color {
    /// `#rrggbbaa`, straight alpha, each channel rounded to the nearest of 256 levels.
    public var hexRGBA: String {
        func byte(_ v: Double) -> String {
            let b = Int((min(max(v, 0), 1) * 255).rounded())
            let hex = String(b, radix: 16)
            return b < 16 ? "0" + hex : hex
        }
        return "#" + byte(red) + byte(green) + byte(blue) + byte(alpha)
    }
}
