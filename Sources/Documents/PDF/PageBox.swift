/// A rectangle on a page in points, measured from the page's top-left
/// corner with y down, as a layout thinks of it; content streams flip it.
struct PageBox {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var maxX: Double { x + width }
    var maxY: Double { y + height }
}
