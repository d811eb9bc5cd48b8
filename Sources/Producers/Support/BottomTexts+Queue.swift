import Diagram
import Tween

extension BottomTexts {
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

    /// The counter on the right, in `words`.
    func count(_ words: String, into d: inout Diagram) {
        var t = text("counter", words, x: width - margin, role: .muted)
        t.alignment = .right
        d.texts.insert(t)
    }
}
