import Diagram
import Geometry

/// What the camera can show legibly on a stage: a region, in layout units,
/// whose fit puts the smallest text of the drawing at or over the
/// legibility floor (``Stage/legibleText``: 14 px at 720p, scaled with the
/// frame, so that a drawing is toured alike at every size of a shape). A producer whose whole drawing does not
/// read at once tours it in runs that do (a family's generations, a tree's
/// levels), each a step with the camera sent to its region.
struct Sight {
    let view: Size
    let padding: Double
    let maxZoom: Double
    /// The zoom, in stage units a layout unit, at which the smallest text
    /// reads at the floor.
    let needed: Double

    let stage: Stage
    let smallest: Double
    /// The most views a tour plays: about an hour at two or three seconds
    /// a view. Past it a producer shows the drawing without a tour and
    /// says what summarises it.
    static let mostViews = 1_200

    /// The sight of `camera` on `stage`, for a drawing whose smallest text
    /// is `smallest` layout units.
    init(stage: Stage, camera: CameraOptions, smallest: Double) {
        self.stage = stage
        self.smallest = smallest
        view = stage.viewport(bottomBand: camera.bottomBand).size
        padding = camera.padding
        maxZoom = Stage.shortSide * camera.maxUnit
        needed = stage.legible / smallest
    }

    /// Whether `region` is to be toured: it does not read at once, and the
    /// stage does not show everything whole.
    func tours(_ region: Rect) -> Bool { !stage.fitsAll && !reads(region) }

    /// The warning for a drawing shown whole although it does not read:
    /// at the user's word (`--fit all`), or by a reveal that does not tour
    /// (`by`, the flag that chose it); how small its text comes out. Nil
    /// when it reads, or when it is toured.
    /// - Parameter refused: a producer that refuses what does not read,
    ///   rather than touring it, says so.
    func forcedFit(_ region: Rect, what: String, touring: Bool, by reveal: String, refused: Bool = false) -> String? {
        guard !reads(region), stage.fitsAll || !touring else { return nil }
        let size = Self.pixels(zoom(region) * smallest)
        let px = stage.pixelSize
        let otherwise = refused ? "without --fit all it is refused" : stage.fitsAll ? "without --fit all it is toured legibly" : "the default --reveal tours it legibly"
        return "\(stage.fitsAll ? "--fit all" : reveal): \(what) cannot be read in one \(Int(px.width))×\(Int(px.height)) frame: "
            + "text comes out at \(size) px on a 720p slide, under the \(Self.pixels(stage.legible)) px that reads, and is left out; \(otherwise)"
    }

    private static func pixels(_ size: Double) -> String {
        size >= 1 ? String(Int(size.rounded())) : String(format: "%.1f", size)
    }

    /// The zoom a fit of `region` gets.
    func zoom(_ region: Rect) -> Double {
        Camera.zoom(
            fitting: Size(width: region.width + 2 * padding, height: region.height + 2 * padding), in: view, maxZoom: maxZoom)
    }

    /// Whether a fit of `region` reads.
    func reads(_ region: Rect) -> Bool { zoom(region) >= needed * (1 - 1e-9) }

    /// The largest region the camera shows legibly: its text at the floor.
    var window: Size { Size(width: view.width / needed - 2 * padding, height: view.height / needed - 2 * padding) }

    /// A legible window (``window``) on `point`, kept over `bounds`: centred
    /// on the point, but never blank beside the drawing on one side while
    /// cutting it off on the other; centred on the drawing on an axis where
    /// the drawing is shorter than the window.
    func window(on point: Point, over bounds: Rect) -> Rect {
        let size = window
        return Rect(
            x: Self.place(point.x, size.width, bounds.minX, bounds.maxX), y: Self.place(point.y, size.height, bounds.minY, bounds.maxY),
            width: size.width, height: size.height)
    }

    /// Where a window of length `size` starts on one axis, on `centre` and
    /// kept over `low`…`high`.
    static func place(_ centre: Double, _ size: Double, _ low: Double, _ high: Double) -> Double {
        guard size < high - low else { return (low + high) / 2 - size / 2 }
        return min(max(centre - size / 2, low), high - size)
    }

    /// `items`, in their order, in runs a camera shows legibly one at a
    /// time, each with the region it fits; an item too large to read alone
    /// is a run of its own.
    func runs<T>(of items: [T], box: (T) -> Rect) -> [(items: [T], region: Rect)] {
        var out = [(items: [T], region: Rect)]()
        for item in items {
            let b = box(item)
            if let last = out.last {
                let grown = last.region.union(b)
                if reads(grown) {
                    out[out.count - 1].items.append(item)
                    out[out.count - 1].region = grown
                    continue
                }
            }
            out.append(([item], b))
        }
        return out
    }
}
