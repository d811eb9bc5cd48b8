import Raster
import TestSupport
import Testing

/// The primitives sheet, drawn and compared with its golden. Look at the
/// goldens after re-recording: edges must be clean, with no seams, gaps,
/// spikes or dark halos. `scripts/cairo_reference.py` measures them
/// against Cairo.
@Suite(.tags(.golden)) struct GoldenTests {
    @Test func primitivesSheetMatchesItsGolden() throws {
        var canvas = Canvas(width: PrimitivesSheet.width, height: PrimitivesSheet.height)
        PrimitivesSheet.draw(on: &canvas, font: try Font.default())
        assertFrame(canvas, matches: "primitives")
    }

    @Test func primitivesSheetWithoutTextMatchesItsGolden() {
        var canvas = Canvas(width: PrimitivesSheet.width, height: PrimitivesSheet.height)
        canvas.clear(to: .white)
        PrimitivesSheet.drawShapes(on: &canvas)
        assertFrame(canvas, matches: "primitives-shapes")
    }
}
