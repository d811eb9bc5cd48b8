import Producers

/// Fast play, for the structures played operation by operation (bst, avl,
/// rb, heap): a program that would take over 3 minutes one operation at a
/// time plays several operations a second, each shown where it lands,
/// unless the options give a rate. One rule, said one way, for all of them.
public enum FastPlay {
    /// The checks of `ops-per-second`: 0.5 to 10,000.
    public static func check(_ rate: Double?, naming: OptionNaming) throws(ProductionFailure) {
        if let rate, !(rate >= 0.5 && rate <= 10_000) {
            throw ProductionFailure("\(naming.name("ops-per-second")) must be from 0.5 to 10000 (got \(Format.number(rate)))", status: 64)
        }
    }

    /// The rate chosen for a program that `choose` says is too long one
    /// operation at a time, at the speed the options ask for (if faster
    /// than 1; with a duration, the fastest it may be): a slowed animation
    /// is not made fast. Nil when a rate is given or none is needed.
    public static func chosen(given: Double?, options: RenderOptions, _ choose: (Double) -> Double?) -> Double? {
        guard given == nil else { return nil }
        return choose(options.duration == nil ? max(options.speed, 1) : 10)
    }

    /// The note that says a program plays fast, and how to set its pace.
    public static func note(operations: Int, rate: Double, naming: OptionNaming) -> String {
        "\(operations) operations one at a time would last over 3 minutes: they play fast, \(Format.number(rate)) a second, "
            + "each shown where it lands (\(naming.name("ops-per-second")) sets the pace)"
    }
}
