import Diagram

/// `fit`: what the camera shows of a drawing too large to read in one
/// frame. By default it keeps every label legible and tours the drawing;
/// `all` shows it whole anyway, and says how small its text comes out.
public enum Fit: String, CaseIterable, Sendable, Decodable {
    case legible, all
}

extension ProductionContext {
    /// The stage of the frame the options give, fitting as `fit` asks.
    public func stage(fitting fit: Fit) -> Stage {
        var stage = Stage(options.settings)
        stage.fitsAll = fit == .all
        return stage
    }
}
