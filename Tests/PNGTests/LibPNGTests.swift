import PNG
import Testing

@Suite struct LibPNGTests {
    @Test func linksLibpng16() {
        #expect(LibPNG.version.hasPrefix("1.6."))
    }
}
