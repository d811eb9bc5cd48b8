import Raster

extension Color {
    /// `#rrggbbaa`, straight alpha, each channel rounded to the nearest of 256 levels.
    public var hexRGBA: String {
        func byte(_ v: Double) -> String {
            let b = Int((min(max(v, 0), 1) * 255).rounded())
            let hex = String(b, radix: 16)
            return b < 16 ? "0" + hex : hex
        }
        return "#" + byte(red) + byte(green) + byte(blue) + byte(alpha)
    }
}
