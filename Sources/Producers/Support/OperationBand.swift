import Diagram
import Geometry
import Tween

/// The band along the bottom of the frame that an operation-driven
/// animation keeps: the operations still to come, left, and a counter
/// (a tree's size and height, a heap's size), right.
struct OperationBand {
    /// The band's height, as a fraction of the frame's shorter side.
    static let band = 0.06
    /// Text size, the same fraction.
    static let size = 0.032
    let stage: Stage
    let labels: LabelFit
    /// The widest counter the band shows: the queue stops short of it.
    var counterRoom = "size 1000 · height 999"

    // The band is laid out in stage units, with the stage's margin, so
    // that it lines up with the caption at every size.
    var width: Double { stage.size.width }
    var height: Double { stage.size.height }
    var short: Double { Stage.shortSide }
    var margin: Double { stage.margin }
    /// What the camera has for the drawing, in stage units: the frame less
    /// its margins, the caption above (when there is one) and this band.
    var viewport: Size { stage.viewport(bottomBand: Self.band).size }

    /// The baseline, as a fraction of the frame's height.
    var baseline: Double { (height - margin - short * max(Self.band - size, 0) / 2) / height }

    /// The band's text size, as a fraction of the shorter side: never under
    /// the legibility floor (a raised `--min-label-px` raises it).
    var size: Double { max(Self.size, stage.legible / Stage.shortSide) }

    /// Where the queue's items go: as many as fit before the counter's
    /// room, leaving room for "+N more", and the x of each.
    func layout(_ queue: [(id: ElementID, text: String)]) -> (xs: [Double], more: Double?) {
        let px = size * short
        let end = width - margin - (labels.width(of: counterRoom) + 1.5) * px
        let moreWidth = (labels.width(of: "+1000 more") + 0.8) * px
        var x = margin + (labels.width(of: "next:") + 0.5) * px
        var xs = [Double]()
        for (i, item) in queue.enumerated() {
            let w = (labels.width(of: item.text) + 0.8) * px
            let last = i == queue.count - 1
            if x + w > end - (last ? 0 : moreWidth) { return (xs, x) }
            xs.append(x)
            x += w
        }
        return (xs, nil)
    }

    /// How many of `queue` show.
    func shownCount(_ queue: [(id: ElementID, text: String)]) -> Int { layout(queue).xs.count }

    /// Lays `queue` out in a row from the left, then how many more.
    func lay(_ queue: [(id: ElementID, text: String)], into d: inout Diagram) {
        if queue.isEmpty {
            d.texts.remove("queue-title")
        } else {
            d.texts.insert(text("queue-title", "next:", x: margin, role: .muted))
        }
        let (xs, more) = layout(queue)
        var shown = Set<ElementID>()
        for (i, x) in xs.enumerated() {
            d.texts.insert(text(queue[i].id, queue[i].text, x: x, role: i == 0 ? .normal : .muted))
            shown.insert(queue[i].id)
        }
        if let more {
            d.texts.insert(text("queue-more", "+\(queue.count - xs.count) more", x: more, role: .muted))
            shown.insert("queue-more")
        }
        d.texts.removeAll { $0.id.name.hasPrefix("queue") && $0.id != "queue-title" && !shown.contains($0.id) }
    }

    func text(_ id: ElementID, _ words: String, x: Double, role: Role) -> TextElement {
        TextElement(
            id: id, text: words, placement: .screen(Point(x / width, baseline)), size: size, alignment: .left,
            role: role)
    }
}

extension OperationBand {
    /// The timing of a beat that pops `queue`: the operation starting
    /// fades at once, and the rest slide over once it has gone, so no two
    /// overlap.
    func timing(popping queue: [(id: ElementID, text: String)]) -> [ElementID: Animation] {
        var timing: [ElementID: Animation] = ["queue-more": .easeOut(duration: 0.2)]
        let shown = shownCount(queue)
        for (i, item) in queue.enumerated() {
            // The one going fades at once; the rest slide over after it;
            // one coming in from "+N more" waits until the place it takes
            // has been left.
            timing[item.id] = i == 0 ? .easeOut(duration: 0.2)
                : i < shown ? .easeInOut(duration: 0.4).delay(0.2) : .easeOut(duration: 0.3).delay(0.6)
        }
        return timing
    }

    /// Opens an operation with the first beat of its step: `queue` loses
    /// the operation starting (when `pops`; a step that goes on with one,
    /// such as a rehash, leaves it), which fades from the band while the
    /// rest slide over; `draw` adds what else the beat shows; the caption,
    /// the operation's name, then stays `hold` seconds more, long enough to
    /// be read even when the next beat brings a caption at once. The first
    /// operation of a script opens at once, after `title` (what the
    /// animation is, over the queue still whole) when there is one.
    func open(
        _ s: inout StepBuilder, queue: inout [(id: ElementID, text: String)], pops: Bool, first: Bool, caption: String?,
        title: String? = nil, enter: Double, hold: Double = 0.45, _ draw: (inout Diagram) -> Void
    ) {
        let band = self
        if first, let title {
            let whole = queue
            s.beat(.linear(duration: 0), caption: title) { d in
                draw(&d)
                band.lay(whole, into: &d)
            }
            s.hold(2.5)
        }
        let popped = pops && !queue.isEmpty
        if popped { queue.removeFirst() }
        let rest = queue
        let instant = first && title == nil
        s.beat(instant ? .linear(duration: 0) : .easeOut(duration: enter), caption: caption, timing: instant || !popped ? [:] : timing(popping: rest)) { d in
            draw(&d)
            band.lay(rest, into: &d)
        }
        if caption != nil { s.hold(instant ? 0.95 : hold) }
    }

    /// The counter on the right, in `words`.
    func count(_ words: String, into d: inout Diagram) {
        var t = text("counter", words, x: width - margin, role: .muted)
        t.alignment = .right
        d.texts.insert(t)
    }
}
