#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Geometry
import Raster

/// A sheet of every primitive the renderer uses, 800 × 640 on white: the
/// golden image of the rasteriser, and the same drawing as
/// `scripts/cairo_reference.py` makes with Cairo for comparison. Keep the
/// two in step.
enum PrimitivesSheet {
    static let width = 800, height = 640

    static func draw(on canvas: inout Canvas, font: Font) {
        canvas.clear(to: .white)
        drawShapes(on: &canvas)
        drawText(on: &canvas, font: font)
    }

    /// Everything but text.
    static func drawShapes(on canvas: inout Canvas) {
        let radii = [2.0, 5, 10, 20, 36]
        let xs = [20.0, 50, 90, 150, 240]
        let widths = [1.0, 1.5, 2.5, 2.5, 4]
        for i in radii.indices {
            canvas.fill(.circle(center: Point(xs[i], 50), radius: radii[i]), color: Color(hex: 0x1F4E79))
            canvas.stroke(
                .circle(center: Point(xs[i], 140), radius: radii[i]), style: StrokeStyle(width: widths[i]),
                color: Color(hex: 0xC0392B))
        }
        // Tree nodes: a disc, its outline, an edge between them.
        canvas.stroke(
            .line(from: Point(330, 60), to: Point(400, 130)), style: StrokeStyle(width: 2),
            color: Color(hex: 0x7F8C8D))
        for (x, y) in [(330.0, 60.0), (400.0, 130.0)] {
            canvas.fill(.circle(center: Point(x, y), radius: 22), color: Color(hex: 0xF4D03F))
            canvas.stroke(.circle(center: Point(x, y), radius: 22), style: StrokeStyle(width: 2.5), color: .black)
        }
        // Lines at every 15°, one sunburst per cap.
        let caps: [LineCap] = [.butt, .round, .square]
        for (k, cap) in caps.enumerated() {
            let c = Point(100 + 160 * Double(k), 300)
            for step in 0..<24 {
                let angle = Double(step) * .pi / 12
                let (dx, dy) = (cos(angle), sin(angle))
                canvas.stroke(
                    .line(from: Point(c.x + 20 * dx, c.y + 20 * dy), to: Point(c.x + 70 * dx, c.y + 70 * dy)),
                    style: StrokeStyle(width: 3, cap: cap), color: Color(hex: 0x2C3E50))
            }
        }
        for step in 0..<36 {
            let angle = Double(step) * .pi / 18 + 0.05
            let c = Point(580, 300)
            canvas.stroke(
                .line(from: Point(c.x + 10 * cos(angle), c.y + 10 * sin(angle)), to: Point(c.x + 70 * cos(angle), c.y + 70 * sin(angle))),
                style: StrokeStyle(width: 1), color: .black)
        }
        // Joins, the last corner sharper than the miter limit.
        let zigzag = [(40.0, 470.0), (80, 410), (120, 470), (150, 420), (170, 470), (185, 410), (195, 470)]
        let joins: [LineJoin] = [.miter, .round, .bevel]
        for (k, join) in joins.enumerated() {
            var path = Path()
            for (i, (x, y)) in zigzag.enumerated() {
                let p = Point(x + 190 * Double(k), y + 30)
                if i == 0 { path.move(to: p) } else { path.line(to: p) }
            }
            canvas.stroke(path, style: StrokeStyle(width: 10, cap: .butt, join: join), color: Color(hex: 0x16A085))
        }
        // A self-crossing star, even-odd; shapes from the other builders.
        var star = Path()
        for k in 0..<5 {
            let angle = -Double.pi / 2 + Double(k * 2) * 2 * .pi / 5
            let p = Point(720 + 50 * cos(angle), 300 + 50 * sin(angle))
            if k == 0 { star.move(to: p) } else { star.line(to: p) }
        }
        star.close()
        canvas.fill(star, color: Color(hex: 0x8E44AD), rule: .evenOdd)
        canvas.fill(.roundedRect(Rect(x: 600, y: 460, width: 90, height: 60), cornerRadius: 14), color: Color(hex: 0x2980B9, alpha: 0.6))
        canvas.fill(.ellipse(in: Rect(x: 650, y: 490, width: 120, height: 70)), color: Color(hex: 0xE67E22, alpha: 0.6))
        // Translucent overlaps.
        let venn: [(Double, Double, UInt32)] = [(80, 585, 0xFF0000), (125, 585, 0x00AA00), (102, 547, 0x0000FF)]
        for (x, y, hex) in venn {
            canvas.fill(.circle(center: Point(x, y), radius: 32), color: Color(hex: hex, alpha: 0.5))
        }
    }

    static func drawText(on canvas: inout Canvas, font: Font) {
        for (size, y) in [(12.0, 40.0), (24, 80), (48, 150)] {
            canvas.draw(text: "Binary 1742", at: Point(470, y), font: font, size: size, color: .black, anchor: .baselineLeft)
        }
        canvas.draw(text: "42", at: Point(330, 60), font: font, size: 18, color: .black, anchor: .center)
        canvas.draw(text: "7", at: Point(400, 130), font: font, size: 18, color: .black, anchor: .center)
    }
}
