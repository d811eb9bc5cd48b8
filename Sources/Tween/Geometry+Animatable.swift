import Geometry

// Geometry's values are animatable here, not in Geometry, as SwiftUI (not
// CoreGraphics) makes `CGPoint` and `CGRect` animatable: Geometry stays pure
// values that layouts use without knowing about animation. The arithmetic
// the conformances need is Geometry's own.

/// Points interpolate component-wise; treating a point as the vector from the
/// origin is what lets a node's centre be tweened like any other value.
extension Point: VectorArithmetic, Animatable {}

extension Vector: VectorArithmetic, Animatable {}

extension Size: VectorArithmetic, Animatable {}

extension Rect: Animatable {
    @inlinable
    public var animatableData: AnimatablePair<Point, Size> {
        get { AnimatablePair(origin, size) }
        set { origin = newValue.first; size = newValue.second }
    }
}
