/// A 1280×720 frame that looks like one of treeanim's: a white background,
/// 15 grey discs with dark outlines joined by edges, one highlighted disc,
/// a two-digit key in each disc and a caption, all anti-aliased. Drawn here
/// with distance-based coverage so the benchmark does not depend on the
/// rasteriser.
struct TreeFrame {
    let width: Int
    let height: Int
    /// Premultiplied RGBA8, the canvas layout.
    private(set) var pixels: [UInt8]

    /// Straight-alpha colour, components 0...1.
    typealias RGBA = (r: Double, g: Double, b: Double, a: Double)

    init(width: Int = 1280, height: Int = 720, background: RGBA? = (1, 1, 1, 1)) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        if let background {
            fill(x: 0...Double(width), y: 0...Double(height), color: background) { _, _ in 1 }
        }
        drawTree()
    }

    private mutating func drawTree() {
        // A complete tree of depth 4 laid out in order: node i of 15 sits at
        // column i, on the row of its depth.
        let keys = [12, 19, 23, 31, 38, 42, 47, 50, 56, 61, 67, 73, 80, 88, 94]
        func position(_ index: Int) -> (x: Double, y: Double) {
            let depth = 3 - (index + 1).trailingZeroBitCount
            return (90 + Double(index) * 78.5, 150 + Double(depth) * 150)
        }
        let edge: RGBA = (0.45, 0.45, 0.48, 1)
        for index in 0..<15 where (index + 1).trailingZeroBitCount < 3 {
            let step = 1 << (index + 1).trailingZeroBitCount
            let parent = (index + 1) & (step << 1) == 0 ? index + step : index - step
            drawSegment(from: position(index), to: position(parent), width: 2.5, color: edge)
        }
        for index in 0..<15 {
            let center = position(index)
            let fill: RGBA = index == 9 ? (0.98, 0.72, 0.45, 1) : (0.86, 0.86, 0.88, 1)
            drawDisc(center: center, radius: 28, color: (0.2, 0.2, 0.22, 1))
            drawDisc(center: center, radius: 25, color: fill)
            drawNumber(keys[index], center: center, size: 18)
        }
        drawCaption("INSERT 61: 61 > 50, 61 < 73, 61 < 67", at: (60, 50), size: 22)
    }

    // MARK: Shapes

    private mutating func drawDisc(center: (x: Double, y: Double), radius: Double, color: RGBA) {
        fill(x: (center.x - radius - 1)...(center.x + radius + 1), y: (center.y - radius - 1)...(center.y + radius + 1),
             color: color) { x, y in
            let dx = x - center.x, dy = y - center.y
            return radius + 0.5 - (dx * dx + dy * dy).squareRoot()
        }
    }

    private mutating func drawSegment(
        from a: (x: Double, y: Double), to b: (x: Double, y: Double), width: Double, color: RGBA
    ) {
        let (dx, dy) = (b.x - a.x, b.y - a.y)
        let lengthSquared = max(dx * dx + dy * dy, 1e-9)
        let pad = width + 1
        fill(x: (min(a.x, b.x) - pad)...(max(a.x, b.x) + pad), y: (min(a.y, b.y) - pad)...(max(a.y, b.y) + pad),
             color: color) { x, y in
            let t = min(max(((x - a.x) * dx + (y - a.y) * dy) / lengthSquared, 0), 1)
            let (px, py) = (a.x + t * dx - x, a.y + t * dy - y)
            return width / 2 + 0.5 - (px * px + py * py).squareRoot()
        }
    }

    /// Coverage `distance` clamped to 0...1 at each pixel centre of the box,
    /// composited source-over.
    private mutating func fill(
        x: ClosedRange<Double>, y: ClosedRange<Double>, color: RGBA, distance: (Double, Double) -> Double
    ) {
        let x0 = max(Int(x.lowerBound), 0), x1 = min(Int(x.upperBound.rounded(.up)), width)
        let y0 = max(Int(y.lowerBound), 0), y1 = min(Int(y.upperBound.rounded(.up)), height)
        guard x0 < x1, y0 < y1 else { return }
        for py in y0..<y1 {
            for px in x0..<x1 {
                let coverage = min(max(distance(Double(px) + 0.5, Double(py) + 0.5), 0), 1)
                if coverage > 0 { blend(px, py, color, coverage) }
            }
        }
    }

    private mutating func blend(_ x: Int, _ y: Int, _ color: RGBA, _ coverage: Double) {
        let i = (y * width + x) * 4
        let alpha = color.a * coverage
        let source = [color.r * alpha, color.g * alpha, color.b * alpha, alpha]
        for c in 0..<4 {
            let destination = Double(pixels[i + c]) / 255
            pixels[i + c] = UInt8(((source[c] + destination * (1 - alpha)) * 255).rounded())
        }
    }

    // MARK: Text

    /// Seven-segment strokes for each digit and the few letters the caption
    /// uses: enough stroke detail to cost what real glyphs cost to compress.
    private static let segments: [Character: [Int]] = [
        "0": [0, 1, 2, 4, 5, 6], "1": [2, 5], "2": [0, 2, 3, 4, 6], "3": [0, 2, 3, 5, 6],
        "4": [1, 2, 3, 5], "5": [0, 1, 3, 5, 6], "6": [0, 1, 3, 4, 5, 6], "7": [0, 2, 5],
        "8": [0, 1, 2, 3, 4, 5, 6], "9": [0, 1, 2, 3, 5, 6], "I": [2, 5], "N": [1, 2, 4, 5, 0],
        "S": [0, 1, 3, 5, 6], "E": [0, 1, 3, 4, 6], "R": [0, 1, 2, 3, 4], "T": [0, 2, 5],
        ":": [7], ",": [8], ">": [9], "<": [10],
    ]

    private mutating func drawGlyph(_ character: Character, at origin: (x: Double, y: Double), size: Double) {
        let (w, h) = (size * 0.5, size)
        let (x, y) = origin
        let strokes: [((Double, Double), (Double, Double))] = [
            ((x, y), (x + w, y)), ((x, y), (x, y + h / 2)), ((x + w, y), (x + w, y + h / 2)),
            ((x, y + h / 2), (x + w, y + h / 2)), ((x, y + h / 2), (x, y + h)),
            ((x + w, y + h / 2), (x + w, y + h)), ((x, y + h), (x + w, y + h)),
            ((x + w / 2, y + h * 0.3), (x + w / 2, y + h * 0.35)), ((x + w / 2, y + h), (x + w / 3, y + h * 1.2)),
            ((x, y + h * 0.3), (x + w, y + h / 2)), ((x + w, y + h * 0.3), (x, y + h / 2)),
        ]
        for index in Self.segments[character] ?? [] {
            drawSegment(from: strokes[index].0, to: strokes[index].1, width: size * 0.11, color: (0.1, 0.1, 0.12, 1))
        }
        if character == ">" || character == "<" {
            let tip = strokes[character == ">" ? 9 : 10]
            drawSegment(from: tip.1, to: (tip.0.0, y + h * 0.7), width: size * 0.11, color: (0.1, 0.1, 0.12, 1))
        }
    }

    private mutating func drawNumber(_ number: Int, center: (x: Double, y: Double), size: Double) {
        let text = String(number)
        let advance = size * 0.75
        let start = center.x - advance * Double(text.count) / 2 + size * 0.12
        for (offset, character) in text.enumerated() {
            drawGlyph(character, at: (start + Double(offset) * advance, center.y - size / 2), size: size)
        }
    }

    private mutating func drawCaption(_ text: String, at origin: (x: Double, y: Double), size: Double) {
        for (offset, character) in text.enumerated() {
            drawGlyph(character, at: (origin.x + Double(offset) * size * 0.75, origin.y), size: size)
        }
    }
}
