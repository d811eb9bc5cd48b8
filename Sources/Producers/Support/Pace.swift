import Diagram
import Geometry

/// The pace every producer keeps, and the one rule of length: an animation
/// that would play one operation (or one decision) at a time for over three
/// minutes plays several a step instead, unless the user sets the pace; and
/// any animation over three minutes gets a note naming what shortens it.
public enum Pace {
    /// The longest an animation plays at the default pace without a word:
    /// a slide's clip that runs for minutes is more than a class can follow.
    public static let longest = 180.0

    /// About how long fast play takes when no rate is given.
    public static let fastPlaySeconds = 60.0

    /// The rate of fast play for `operations` that last `seconds` one at a
    /// time, played at `speed`: none while that is at most ``longest``;
    /// else as many a second as play them in about ``fastPlaySeconds``, and
    /// at least one.
    public static func fastPlayRate(operations: Int, seconds: Double, speed: Double) -> Double? {
        guard seconds / speed > longest else { return nil }
        return max(1, (Double(operations) / fastPlaySeconds).rounded(.up))
    }

    /// How long `script` plays at speed 1 on `stage`, as the timeline paces
    /// it: its beats, each caption held as long as it takes to read, and the
    /// camera's flights from view to view (which a sum of the beats leaves
    /// out: a graph run followed by the camera played three times as long);
    /// nil when the script does not compile.
    public static func seconds(of script: Script, on stage: Stage, labels: LabelFit) -> Double? {
        let settings = FrameSettings(
            width: Int(stage.pixelSize.width), height: Int(stage.pixelSize.height), captions: stage.captions, minimumLabel: stage.legible)
        return (try? Timeline(script: script, settings: settings, labels: labels))?.duration
    }

    /// About how long `script` plays at speed 1, without compiling it: each
    /// step its beats or, when longer, the time its caption takes to read
    /// (but a running count's, ``Step/tally``), and a camera sent to a new
    /// region flies there first (``flight``). A lower bound of the
    /// timeline's length (a far flight takes longer), found in time linear
    /// in the steps.
    public static func estimate(of script: Script) -> Double {
        var seconds = 0.0, region: Rect?
        for step in script.steps {
            let beats = step.beats.reduce(0) { $0 + $1.length() }
            seconds += step.tally ? beats : max(beats, Timeline.readingTime(of: step.caption))
            if case .region(let r) = step.camera, r != region {
                seconds += flight
                region = r
            }
        }
        return seconds
    }

    /// The shortest flight of the camera from one region to another.
    public static let flight = 0.7

    /// How many steps of `seconds` in all to play as one so that they last
    /// about two and a half minutes: nil while they last at most ``longest``.
    public static func batch(seconds: Double) -> Int? {
        guard seconds > longest else { return nil }
        return Int((seconds / 150).rounded(.up))
    }
}
