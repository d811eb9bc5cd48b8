import Raster
import Testing

@Suite struct CanvasTests {
    @Test func clearFillsEveryPixelWithPremultipliedBytes() {
        var canvas = Canvas(width: 3, height: 2)
        canvas.clear(to: Color(red: 1, green: 0.5, blue: 0, alpha: 0.5))
        for y in 0..<2 {
            for x in 0..<3 {
                let p = canvas[x, y]
                #expect(p.0 == 128 && p.1 == 64 && p.2 == 0 && p.3 == 128)
            }
        }
    }
}
