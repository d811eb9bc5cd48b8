import Diagram
import Raster
import Tween
import Testing

@Suite struct ColorAnimationTests {
    let red = Color(red: 1, green: 0, blue: 0)
    let blue = Color(red: 0, green: 0, blue: 1)

    @Test func opaqueEndpointsAreExact() {
        let a = Color(hex: 0x1F4E79), b = Color(hex: 0xF4D03F)
        #expect(a.interpolated(to: b, amount: 0) == a)
        #expect(a.interpolated(to: b, amount: 1) == b)
    }

    @Test func translucentEndpointsComeBackWithinAnUlp() {
        let a = Color(red: 0.3, green: 0.6, blue: 0.9, alpha: 0.35)
        let b = Color(red: 0.7, green: 0.1, blue: 0.2, alpha: 0.8)
        let end = a.interpolated(to: b, amount: 1)
        #expect(abs(end.red - b.red) < 1e-15 && abs(end.green - b.green) < 1e-15 && abs(end.blue - b.blue) < 1e-15)
        #expect(end.alpha == b.alpha)
    }

    @Test func midpointOfOpaqueColoursIsTheComponentMean() {
        let mid = red.interpolated(to: blue, amount: 0.5)
        #expect(mid == Color(red: 0.5, green: 0, blue: 0.5))
    }

    @Test func fadingInFromClearKeepsTheHue() {
        let mid = Color.clear.interpolated(to: red, amount: 0.5)
        #expect(mid == Color(red: 1, green: 0, blue: 0, alpha: 0.5))
    }

    @Test func translucentMidpointIsTakenInPremultipliedSpace() {
        let halfBlue = blue.opacity(0.5)
        let mid = red.interpolated(to: halfBlue, amount: 0.5)
        // Premultiplied: (1, 0, 0, 1) and (0, 0, 0.5, 0.5) meet at
        // (0.5, 0, 0.25, 0.75).
        #expect(abs(mid.alpha - 0.75) < 1e-12)
        #expect(abs(mid.red - 2.0 / 3) < 1e-12 && abs(mid.blue - 1.0 / 3) < 1e-12 && mid.green == 0)
    }

    @Test func premultipliedColoursFormAVectorSpace() {
        let a = Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5).animatableData
        #expect(a == PremultipliedColor(red: 0.125, green: 0.25, blue: 0.375, alpha: 0.5))
        #expect(a + .zero == a)
        #expect(a - a == .zero)
        #expect(a.scaled(by: 1) == a)
        #expect(a.scaled(by: 2) == a + a)
    }
}
