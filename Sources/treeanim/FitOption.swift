import ArgumentParser
import TreeAnimKit

/// `--fit`: what the camera shows of a drawing too large to read in one
/// frame. By default it keeps every label legible and tours the drawing;
/// `--fit all` shows it whole anyway, and says how small its text comes out.
struct FitOption: ParsableArguments {
    @Option(help: "legible: keep every label readable, touring a drawing that would not read at once (a list, stack, queue or hash table is refused instead) (default); all: show it whole anyway, with a warning.")
    var fit: Fit = .legible

    /// The stage of `settings`, fitting as asked.
    func stage(_ settings: FrameSettings) -> Stage {
        var stage = Stage(settings)
        stage.fitsAll = fit == .all
        return stage
    }
}

extension Fit: ExpressibleByArgument {}
