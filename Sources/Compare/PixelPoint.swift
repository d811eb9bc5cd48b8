/// A pixel's place in an image: column `x` from the left, row `y` from the
/// top, both from 0.
public struct PixelPoint: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    /// `x,y`, as in `640,212`.
    public var description: String { "\(x),\(y)" }
}
