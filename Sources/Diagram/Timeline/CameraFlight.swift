import Foundation
import Geometry

/// A camera's flight between two views too far apart to pan between: out
/// (about the first view's centre) until the second view is in sight too,
/// across, and in (about the second view's centre). The pan is made zoomed
/// out, within the frame, and each zoom is steady in ratio and as long as
/// its ratio needs, so no point on screen rushes.
///
/// The timeline flies so (``Compiler``), and a producer that sizes its
/// steps to what they play for counts the same flights
/// (``CameraFlight/seconds(from:to:frame:viewport:)``).
public struct CameraFlight: Sendable {
    /// The zoom of the pan across.
    public let out: Double
    /// The three legs' seconds at speed 1: out, across, in.
    public let legs: [Double]

    /// The flight from `now` to `target` in a `frame` whose drawing stands
    /// in `viewport` (pixels); nil where the two are near enough to pan
    /// between (under ``Compiler/flightTravel`` frame diagonals apart).
    public init?(from now: Camera, to target: Camera, frame: Size, viewport: Rect) {
        let diagonal = (frame.width * frame.width + frame.height * frame.height).squareRoot()
        let distance = (target.center - now.center).length
        guard distance * max(now.zoom, target.zoom) / diagonal > Compiler.flightTravel else { return nil }
        let visible = { (c: Camera) in
            Rect(
                x: c.center.x - viewport.width / c.zoom / 2, y: c.center.y - viewport.height / c.zoom / 2,
                width: viewport.width / c.zoom, height: viewport.height / c.zoom)
        }
        let here = visible(now), there = visible(target)
        let reach = max(abs(there.minX - now.center.x), abs(there.maxX - now.center.x), here.width / 2) * 2
        let high = max(abs(there.minY - now.center.y), abs(there.maxY - now.center.y), here.height / 2) * 2
        out = min(viewport.width / reach, viewport.height / high, now.zoom, target.zoom)
        let pan = distance * out / diagonal
        legs = [
            max(Compiler.flightLeg, Compiler.zoomPace * log(now.zoom / out)), max(Compiler.flightLeg, pan / Compiler.panSpeed),
            max(Compiler.flightLeg, Compiler.zoomPace * log(target.zoom / out)),
        ]
    }

    /// How long a camera that shows `from` (a region, in world units, its
    /// padding included) takes to show `to` instead, at speed 1, each
    /// region shown as large as fits the viewport, up to `maxZoom`: a
    /// flight's three legs, which play before the step; or a pan's time,
    /// which plays along with the step and holds it while it lasts longer.
    public static func seconds(from: Rect, to: Rect, frame: Size, viewport: Rect, maxZoom: Double) -> (flight: Double, pan: Double) {
        let (a, b) = (Camera.fitting(from, in: viewport, maxZoom: maxZoom), Camera.fitting(to, in: viewport, maxZoom: maxZoom))
        if let flight = CameraFlight(from: a, to: b, frame: frame, viewport: viewport) { return (flight.legs.reduce(0, +), 0) }
        let diagonal = (frame.width * frame.width + frame.height * frame.height).squareRoot()
        let travel = (b.center - a.center).length * max(a.zoom, b.zoom) / diagonal
        return (0, max(travel / Compiler.panSpeed, Compiler.zoomPace * abs(log(b.zoom / a.zoom))))
    }

    /// How long a mark's move, written to take `seconds` at speed 1, plays
    /// at speed 1 when it carries the mark `distance` layout units with
    /// the camera at `zoom` in `frame`, as the compiler paces it: slowed so
    /// that it crosses the screen no faster than a student can follow
    /// (``Compiler/moveSpeed``), unless it is a leap, over
    /// ``Compiler/flightTravel`` diagonals, which dissolves in the time
    /// written (``Compiler/leaps(from:to:)``).
    public static func markMove(seconds: Double, distance: Double, zoom: Double, frame: Size) -> Double {
        let travel = Compiler.travel(distance, zoom: zoom, frame: frame)
        return travel > Compiler.flightTravel ? seconds : max(seconds, travel / Compiler.moveSpeed)
    }
}
