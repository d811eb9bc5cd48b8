import Foundation
import TreeAnimKit

/// A stack drawn as a column of boxes over the word "bottom", the top one
/// ringed. Layout units are free: the camera fits whatever is drawn.
struct StackAnimation {
    private(set) var builder = ScriptBuilder()
    private var stack: [Int] = []

    static let box = Size(width: 2, height: 0.8)

    /// Where the item `depth` places from the bottom stands.
    static func place(_ depth: Int) -> Point { Point(0, -Double(depth) * (box.height + 0.1)) }

    static func id(_ key: Int) -> ElementID { ElementID("item", key) }

    init() {
        builder.step("an empty stack") { s in
            s.beat(.easeOut(duration: 0.4)) { d in
                d.texts.insert(TextElement(id: "bottom", text: "bottom", placement: .world(Point(0, 0.9)), size: 0.3, role: .muted))
            }
            s.hold(1.5)
        }
    }

    mutating func push(_ key: Int) {
        let depth = stack.count
        stack.append(key)
        builder.step("push \(key)", note: "\(key) goes on top; the stack holds \(depth + 1).") { s in
            // The new item drops onto the stack from above its place.
            s.beat(.linear(duration: 0)) { d in
                var item = Node.box(
                    Self.id(key), at: Self.place(depth + 2), size: Self.box, cornerRadius: 0.1, label: String(key), labelSize: 0.4)
                item.opacity = 0
                d.nodes.insert(item)
            }
            s.beat(.easeOut(duration: 0.8)) { d in
                d.nodes[Self.id(key)]?.position = Self.place(depth)
                d.nodes[Self.id(key)]?.opacity = 1
                if d.marks["top"] == nil { d.marks.insert(.ring("top", on: Self.id(key))) }
                d.marks["top"]?.placement = .on(Self.id(key))
            }
            s.hold(1.5)
        }
    }

    mutating func pop() {
        guard let key = stack.popLast() else { return }
        let below = stack.last, depth = stack.count
        builder.step("pop → \(key)", note: "The top, \(key), comes off; the stack holds \(depth).") { s in
            s.beat(.easeIn(duration: 0.7)) { d in
                d.nodes[Self.id(key)]?.position = Self.place(depth + 2)
                d.nodes[Self.id(key)]?.opacity = 0
                if let below { d.marks["top"]?.placement = .on(Self.id(below)) } else { d.marks.remove("top") }
            }
            s.beat(.linear(duration: 0)) { d in d.nodes.remove(Self.id(key)) }
            s.hold(1.5)
        }
    }
}

var animation = StackAnimation()
animation.push(3)
animation.push(7)
animation.pop()

let output = CommandLine.arguments.dropFirst().first ?? "stack.gif"
let summary = try render(
    animation.builder.script, to: URL(fileURLWithPath: output), settings: FrameSettings(width: 640, height: 360, fps: 20))
print("wrote \(output): \(summary.frames) frames")
