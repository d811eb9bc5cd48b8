import Diagram
import Geometry
import Tween

/// The script of a sort: the values as bars, and every comparison, swap
/// and write of the algorithm played on them, as the best sorting
/// visualisers show it. The compared pair takes its own colour; a swap is
/// the two bars trading places along arcs, one over and one under; merge
/// sort's writes come up from an auxiliary row under the array; quick
/// sort's pivot and the part being partitioned are marked; items in their
/// final places turn green; counters of comparisons and swaps (or writes)
/// stay on screen; a sweep marks the array sorted at the end. Quick sort
/// played one operation at a time shows its working besides: an index
/// under every bar, the partition's `i` and `j` gliding under them, its
/// regions (≤ pivot, > pivot or ≥ pivot, unseen) as named tints behind the
/// bars, and the parts outside the one partitioned greyed.
///
///     let script = SortAnimation(values: [5, 3, 8, 1], options: SortOptions(), labels: LabelFit(font: font)).script
///
/// Short arrays are played operation by operation, each comparison named
/// in the caption (`compare 8 and 3 → swap`) and given a rest. Long ones
/// (or any, given ``SortOptions/opsPerSecond``) are played at a fixed
/// number of operations a second, several to a beat, with no rests, and
/// without a partition's working (its indices, markers and regions): at
/// several operations a beat they would change faster than they read.
public struct SortAnimation: Sendable {
    public let script: Script
    /// The run the script plays, with its counts.
    public let run: SortRun

    public init(values: [Int], options: SortOptions, labels: LabelFit) {
        run = SortRun(options.algorithm, values: values, partition: options.partition)
        var options = options
        let fast = options.opsPerSecond != nil || values.count > Self.stepByStepLimit
        let codeDropped = options.code && fast
        if options.code, !fast { options.stage.code = CodeRoom(fitting: [run.pseudocode]) } else { options.code = false }
        var player = SortPlayer(run: run, options: options, labels: labels)
        player.play()
        if codeDropped { player.builder.note("--code: operations played several a step (fast play) show no pseudocode") }
        if let note = Self.paceNote(asked: options.opsPerSecond, played: player.fastPlayed) { player.builder.note(note) }
        script = player.builder.script
    }

    /// The script sorting `values` would make, estimated from the
    /// algorithm's run alone: played one by one, a comparison takes at
    /// least 0.8 s and a swap or write 0.6 s; played fast, each operation
    /// takes its share of the rate, and a beat holds at least a tenth of a
    /// second of them; a change for each bar a swap or write moves and six
    /// for each beat (the marks and counters).
    ///
    /// - Complexity: the algorithm's own.
    public static func estimate(values: [Int], options: SortOptions) -> ScriptEstimate {
        let run = SortRun(options.algorithm, values: values, partition: options.partition)
        let ops = run.comparisons + run.swaps
        let fixed = 1.2 + 0.3 + 0.25 + options.finalHold
        guard let rate = options.opsPerSecond ?? (values.count <= stepByStepLimit ? nil : defaultOpsPerSecond) else {
            return ScriptEstimate(
                seconds: fixed + 0.8 * Double(run.comparisons) + 0.6 * Double(run.swaps), changes: values.count + 6 * ops)
        }
        let beats = ops / max(Int(rate / 10), 1) + 1
        return ScriptEstimate(seconds: fixed + Double(ops) / rate, changes: values.count + 2 * run.swaps + 6 * beats)
    }

    /// What to say when fast play falls well short of the rate asked
    /// (`--ops-per-second`): each beat waits for its longest move, which a
    /// student must be able to follow, so far moves slow it; nil when it
    /// plays within a fifth of the rate, or none was asked.
    static func paceNote(asked: Double?, played: (operations: Int, seconds: Double)) -> String? {
        guard let asked, played.operations > 0, played.seconds > 0 else { return nil }
        let rate = Double(played.operations) / played.seconds
        guard rate < 0.8 * asked else { return nil }
        return "--ops-per-second \(Self.number(asked)): it plays about \(Self.number(rate.rounded())) operations a second, "
            + "since each beat waits for its bars' moves to be followed; a higher --speed plays all of it faster"
    }

    /// `value` without a fraction when it has none.
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The most values a sort animates: at 1280 pixels across, a bar is
    /// then a pixel wide.
    public static let valueLimit = 1000

    /// Arrays up to this long are played operation by operation unless an
    /// operation rate is given.
    public static let stepByStepLimit = 24

    /// Operations a second for a long array when none is given: a 200-item
    /// quick sort then lasts about half a minute.
    public static let defaultOpsPerSecond = 100.0
}

/// How a sort animation moves and is framed, apart from its values.
public struct SortOptions: Sendable {
    public var algorithm: SortAlgorithm = .quick
    /// Quick sort's partition: CLRS's PARTITION (Lomuto's) or
    /// HOARE-PARTITION.
    public var partition: QuickPartition = .lomuto
    public var easing: Easing = .easeInOut
    /// Comparisons plus swaps (or writes) a second; nil: one by one, with
    /// rests, for short arrays (``SortAnimation/stepByStepLimit``), else
    /// ``SortAnimation/defaultOpsPerSecond``.
    public var opsPerSecond: Double?
    /// Seconds the last frame is held.
    public var finalHold = 3.0
    /// The frame the animation is drawn for: its shape and whether it has
    /// captions.
    public var stage = Stage()
    /// Shows the algorithm's pseudocode beside the bars, the line running
    /// highlighted (`--code`); only when played one operation at a time.
    public var code = false

    public init() {}
}
