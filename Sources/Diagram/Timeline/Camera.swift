import Foundation
import Geometry
import Tween

/// Maps the layout's world units to output pixels: the world point `center`
/// lands on the viewport's centre, and one world unit is `zoom` pixels.
///
/// Animates through its centre and the logarithm of its zoom, so a refit
/// pans and zooms in one smooth move, and a zoom by a large factor runs at
/// an even pace (each tenth of the way scales the view by the same ratio)
/// instead of rushing at one end.
public struct Camera: Sendable, Equatable, Animatable {
    public var center: Point
    public var zoom: Double

    public init(center: Point, zoom: Double) {
        self.center = center
        self.zoom = zoom
    }

    public var animatableData: AnimatablePair<Point, Double> {
        get { AnimatablePair(center, log(zoom)) }
        set { (center, zoom) = (newValue.first, exp(newValue.second)) }
    }

    /// The camera of a tweened `animatableData`.
    public init(animatableData: AnimatablePair<Point, Double>) {
        center = animatableData.first
        zoom = exp(animatableData.second)
    }

    /// The camera that shows all of `world` inside `viewport`, as large as
    /// fits but never more than `maxZoom` pixels a unit. A world that is
    /// not finite (a NaN or an infinite coordinate) gets the view of the
    /// origin at `maxZoom`: a camera is always finite, so no pan or zoom
    /// between two of them takes a NaN or infinite time.
    public static func fitting(_ world: Rect, in viewport: Rect, maxZoom: Double) -> Camera {
        guard [world.minX, world.minY, world.width, world.height, world.center.x, world.center.y].allSatisfy(\.isFinite) else {
            return Camera(center: .zero, zoom: maxZoom)
        }
        let zoom = zoom(fitting: world.size, in: viewport.size, maxZoom: maxZoom)
        return Camera(center: world.center, zoom: zoom > 0 && zoom.isFinite ? zoom : maxZoom)
    }

    /// The zoom, in viewport units a world unit, that shows all of `world`
    /// inside `viewport`, as large as fits but never more than `maxZoom`:
    /// the one fit of the camera, whatever the unit of the viewport. The
    /// timeline fits in pixels; a producer that plans its drawing ahead
    /// (what a tour's view shows legibly, how large a sort writes its
    /// values) asks in the stage's units. A side of no extent does not
    /// bound the zoom.
    public static func zoom(fitting world: Size, in viewport: Size, maxZoom: Double) -> Double {
        let zx = world.width > 0 ? viewport.width / world.width : .infinity
        let zy = world.height > 0 ? viewport.height / world.height : .infinity
        return min(zx, zy, maxZoom)
    }

    /// The pixel position of world point `p`.
    @inlinable
    public func project(_ p: Point, viewportCenter: Point) -> Point {
        Point(
            (p.x - center.x) * zoom + viewportCenter.x,
            (p.y - center.y) * zoom + viewportCenter.y)
    }
}
