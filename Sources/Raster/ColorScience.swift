#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

// The colour science behind treeanim's accessibility checks: how light a
// colour is to the eye, how far apart two colours look, and how they look
// to someone with a colour-vision deficiency. Everything here works on
// opaque sRGB colours (a colour with alpha is composited over its backdrop
// first, with `over(_:)`), in Doubles, with no tables beyond the published
// matrices quoted below.

/// A colour in CIELAB (CIE 1976 L*a*b*), relative to the D65 white point:
/// `l` is lightness from 0 (black) to 100 (white), `a` runs green to red,
/// `b` blue to yellow.
public struct Lab: Hashable, Sendable {
    public var l: Double
    public var a: Double
    public var b: Double

    public init(l: Double, a: Double, b: Double) {
        (self.l, self.a, self.b) = (l, a, b)
    }

    /// The CIEDE2000 colour difference between this colour and `other`,
    /// with the parametric factors kL = kC = kH = 1: about 1 where two
    /// colours side by side can just be told apart, 10 and more where they
    /// read as different at a glance.
    ///
    /// As defined by CIE 142-2001 and written out by G. Sharma, W. Wu and
    /// E. N. Dalal, "The CIEDE2000 color-difference formula: implementation
    /// notes, supplementary test data, and mathematical observations",
    /// Color Research & Application 30(1), 2005, whose test pairs the tests
    /// check to four decimals (hue angles in degrees, the mean hue taken
    /// the way their notes say where the two hues are over 180° apart).
    public func deltaE2000(_ other: Lab) -> Double {
        let (l1, a1, b1) = (l, a, b)
        let (l2, a2, b2) = (other.l, other.a, other.b)
        let c1 = (a1 * a1 + b1 * b1).squareRoot(), c2 = (a2 * a2 + b2 * b2).squareRoot()
        let cBar = (c1 + c2) / 2
        let cBar7 = pow(cBar, 7)
        let g = 0.5 * (1 - (cBar7 / (cBar7 + pow(25, 7))).squareRoot())
        let a1p = (1 + g) * a1, a2p = (1 + g) * a2
        let c1p = (a1p * a1p + b1 * b1).squareRoot(), c2p = (a2p * a2p + b2 * b2).squareRoot()
        func hue(_ b: Double, _ a: Double) -> Double {
            if a == 0, b == 0 { return 0 }
            let h = atan2(b, a) * 180 / .pi
            return h < 0 ? h + 360 : h
        }
        let h1p = hue(b1, a1p), h2p = hue(b2, a2p)

        let dLp = l2 - l1
        let dCp = c2p - c1p
        var dhp = 0.0
        if c1p * c2p != 0 {
            dhp = h2p - h1p
            if dhp > 180 { dhp -= 360 } else if dhp < -180 { dhp += 360 }
        }
        let dHp = 2 * (c1p * c2p).squareRoot() * sin(dhp / 2 * .pi / 180)

        let lBarp = (l1 + l2) / 2
        let cBarp = (c1p + c2p) / 2
        var hBarp = h1p + h2p
        if c1p * c2p != 0 {
            if abs(h1p - h2p) <= 180 {
                hBarp /= 2
            } else {
                hBarp = hBarp < 360 ? (hBarp + 360) / 2 : (hBarp - 360) / 2
            }
        }
        let rad = Double.pi / 180
        let t = 1 - 0.17 * cos((hBarp - 30) * rad) + 0.24 * cos(2 * hBarp * rad) + 0.32 * cos((3 * hBarp + 6) * rad)
            - 0.20 * cos((4 * hBarp - 63) * rad)
        let dTheta = 30 * exp(-pow((hBarp - 275) / 25, 2))
        let cBarp7 = pow(cBarp, 7)
        let rc = 2 * (cBarp7 / (cBarp7 + pow(25, 7))).squareRoot()
        let lBarp50 = (lBarp - 50) * (lBarp - 50)
        let sl = 1 + 0.015 * lBarp50 / (20 + lBarp50).squareRoot()
        let sc = 1 + 0.045 * cBarp
        let sh = 1 + 0.015 * cBarp * t
        let rt = -sin(2 * dTheta * rad) * rc
        let x = dLp / sl, y = dCp / sc, z = dHp / sh
        return (x * x + y * y + z * z + rt * y * z).squareRoot()
    }
}

/// The three dichromacies, each as Machado, Oliveira and Fernandes model
/// it at severity 1.0: G. M. Machado, M. M. Oliveira and L. A. F.
/// Fernandes, "A Physiologically-based Model for Simulation of Color Vision
/// Deficiency", IEEE Transactions on Visualization and Computer Graphics
/// 15(6), 2009 (doi:10.1109/TVCG.2009.113). The matrices are the paper's
/// published table for severity 1.0; they act on linear RGB.
public enum ColorVision: String, CaseIterable, Sendable {
    /// Normal colour vision: no simulation.
    case normal
    /// No long-wavelength (red) cones.
    case protanopia
    /// No medium-wavelength (green) cones: the commonest deficiency.
    case deuteranopia
    /// No short-wavelength (blue) cones. (The paper's tritan matrices come
    /// from a shift model and approximate tritanopia.)
    case tritanopia

    /// The deficiencies a colour check simulates, without `normal`.
    public static let deficiencies: [ColorVision] = [.protanopia, .deuteranopia, .tritanopia]

    /// The simulation's 3×3 matrix, row by row, on linear RGB.
    public var matrix: [[Double]] {
        switch self {
        case .normal:
            [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
        case .protanopia:
            [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]]
        case .deuteranopia:
            [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.011820, 0.042940, 0.968881]]
        case .tritanopia:
            [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602], [0.004733, 0.691367, 0.303900]]
        }
    }
}

extension Color {
    /// An sRGB channel (0…1) decoded to linear light (IEC 61966-2-1).
    public static func linear(_ c: Double) -> Double {
        c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    /// A linear-light channel (0…1) encoded as sRGB (IEC 61966-2-1).
    public static func encoded(_ c: Double) -> Double {
        c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055
    }

    /// This colour, its alpha composited over the opaque `backdrop`: what
    /// a translucent colour looks like where it is drawn (in sRGB values,
    /// as the canvas blends).
    public func over(_ backdrop: Color) -> Color {
        let a = min(max(alpha, 0), 1)
        func mix(_ f: Double, _ b: Double) -> Double { f * a + b * (1 - a) }
        return Color(red: mix(red, backdrop.red), green: mix(green, backdrop.green), blue: mix(blue, backdrop.blue))
    }

    /// The relative luminance of WCAG 2.x: 0 for black, 1 for white, from
    /// the linear channels weighted 0.2126, 0.7152, 0.0722. (WCAG quotes
    /// the decoding threshold as 0.03928, sRGB as 0.04045: no 8-bit value
    /// lies between them.)
    public var relativeLuminance: Double {
        0.2126 * Self.linear(red) + 0.7152 * Self.linear(green) + 0.0722 * Self.linear(blue)
    }

    /// WCAG 2.x contrast ratio between this colour and `other`, from 1
    /// (the same) to 21 (black on white): (L1 + 0.05) / (L2 + 0.05) with
    /// L1 the lighter. Text at AA needs 4.5 (3 when large), at AAA 7.
    public func contrastRatio(with other: Color) -> Double {
        let l1 = relativeLuminance, l2 = other.relativeLuminance
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    /// This colour as someone with `vision` sees it, by Machado et al.'s
    /// matrix on the linear channels, clamped to the displayable range and
    /// encoded back to sRGB.
    public func simulating(_ vision: ColorVision) -> Color {
        if vision == .normal { return self }
        let lin = [Self.linear(red), Self.linear(green), Self.linear(blue)]
        let m = vision.matrix
        func row(_ i: Int) -> Double {
            Self.encoded(min(max(m[i][0] * lin[0] + m[i][1] * lin[1] + m[i][2] * lin[2], 0), 1))
        }
        return Color(red: row(0), green: row(1), blue: row(2), alpha: alpha)
    }

    /// The colour in CIELAB: sRGB decoded to linear, to CIE XYZ by the sRGB
    /// primaries (IEC 61966-2-1), to L*a*b* relative to D65.
    public var lab: Lab {
        let r = Self.linear(red), g = Self.linear(green), b = Self.linear(blue)
        let x = 0.4124564 * r + 0.3575761 * g + 0.1804375 * b
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = 0.0193339 * r + 0.1191920 * g + 0.9503041 * b
        // D65, Y = 1.
        let (xn, yn, zn) = (0.95047, 1.0, 1.08883)
        func f(_ t: Double) -> Double {
            let e = 216.0 / 24389, k = 24389.0 / 27
            return t > e ? cbrt(t) : (k * t + 16) / 116
        }
        let fx = f(x / xn), fy = f(y / yn), fz = f(z / zn)
        return Lab(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// The CIEDE2000 difference between this colour and `other` as someone
    /// with `vision` sees them.
    public func deltaE2000(_ other: Color, as vision: ColorVision = .normal) -> Double {
        simulating(vision).lab.deltaE2000(other.simulating(vision).lab)
    }

    /// `0xRRGGBB`, rounded to the nearest 8-bit value: how a message names
    /// a colour.
    public var hexString: String {
        let digits = Array("0123456789ABCDEF")
        func byte(_ c: Double) -> String {
            let v = boundedInt((c * 255).rounded(), 0...255)
            return String([digits[v / 16], digits[v % 16]])
        }
        return "#" + byte(red) + byte(green) + byte(blue)
    }
}
