import Diagram

/// A producer that writes its script one step at a time while it plays a
/// model: a step changes the model, the player's bookkeeping (elements,
/// queues, counters) and the script together.
///
/// Adopt it by holding the ``builder``; ``step(_:note:camera:_:)`` then
/// gives each step's body the player and the step's beats at once.
///
///     struct StackPlayer: StepPlayer {
///         var builder = ScriptBuilder()
///         var stack: [Int] = []
///         mutating func push(_ k: Int) {
///             step("push \(k)") { player, s in
///                 player.stack.append(k)
///                 s.beat { d in /* draw the new top */ }
///             }
///         }
///     }
protocol StepPlayer {
    /// The script so far.
    var builder: ScriptBuilder { get set }
    /// Called once a step is written: what a player keeps across steps
    /// (e.g. whether the next is the first) changes here.
    mutating func stepWritten()
}

extension StepPlayer {
    mutating func stepWritten() {}

    /// Writes one step: `body` plays it on a copy of the player, which then
    /// becomes the player, as the step changes the model and the player's
    /// bookkeeping along with the script.
    mutating func step(
        _ caption: String?, note: String? = nil, camera: CameraMove = .fit, _ body: (inout Self, inout StepBuilder) -> Void
    ) {
        var b = builder
        // The player's copy of the script goes, so that the step extends
        // the only one instead of copying it.
        builder = ScriptBuilder()
        var player = self
        b.step(caption, note: note, camera: camera) { s in body(&player, &s) }
        player.builder = b
        player.stepWritten()
        self = player
    }
}
