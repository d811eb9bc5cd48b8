extension HTMLDeck {
    /// The deck's player. A classic script, not a module, and no fetch:
    /// both are refused to pages opened from a file in some browsers.
    ///
    /// Every step has its own `<video>`, stacked, only the current one
    /// visible: a step's first frame is the previous step's last, so the
    /// switch is seamless, with no reload between steps. A step stops on
    /// its last frame: at `ended` the player shows the last frame it drew,
    /// which on a busy machine may be one before the end (a frame that
    /// comes late is dropped), so the last frame is sought and shown before
    /// the step counts as ended. Playing backwards needs no second video: it seeks back a
    /// frame at a time, paced by the clock (frames are skipped when seeks
    /// are slower than the frame rate), each seek waiting for the previous
    /// one's `seeked`. Each command bumps `generation`, which stops the
    /// awaited work of the command before it.
    /// (In `Resources/deck.js`, compiled into the binary, and checked by
    /// Node's parser in the tests.)
    static let script = HTMLDeck.resource(PackageResources.deck_js)
}
