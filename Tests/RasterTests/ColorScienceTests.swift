import Raster
import Testing

/// The colour science of the accessibility checks against published
/// values: Sharma, Wu and Dalal's CIEDE2000 test pairs (2005), WCAG's
/// contrast at its known landmarks, and Machado et al.'s simulation and
/// CIELAB against an independent implementation (values computed with the
/// colour-science Python package, 0.4.7).
@Suite struct ColorScienceTests {
    /// Pairs from the supplementary test data of Sharma, Wu & Dalal,
    /// "The CIEDE2000 color-difference formula: implementation notes…",
    /// Color Research & Application 30(1), 2005, table 1: pairs 1–4, 7,
    /// 13–15 (the hue-average discontinuity), 17–20 (large differences),
    /// 25, 26, 27 and 34 (near black). ΔE to four decimals.
    static let sharma: [(Lab, Lab, Double)] = [
        (Lab(l: 50, a: 2.6772, b: -79.7751), Lab(l: 50, a: 0, b: -82.7485), 2.0425),
        (Lab(l: 50, a: 3.1571, b: -77.2803), Lab(l: 50, a: 0, b: -82.7485), 2.8615),
        (Lab(l: 50, a: 2.8361, b: -74.0200), Lab(l: 50, a: 0, b: -82.7485), 3.4412),
        (Lab(l: 50, a: -1.3802, b: -84.2814), Lab(l: 50, a: 0, b: -82.7485), 1.0000),
        (Lab(l: 50, a: 0, b: 0), Lab(l: 50, a: -1, b: 2), 2.3669),
        (Lab(l: 50, a: 2.49, b: -0.001), Lab(l: 50, a: -2.49, b: 0.0009), 7.1792),
        (Lab(l: 50, a: 2.49, b: -0.001), Lab(l: 50, a: -2.49, b: 0.0010), 7.1792),
        (Lab(l: 50, a: 2.49, b: -0.001), Lab(l: 50, a: -2.49, b: 0.0011), 7.2195),
        (Lab(l: 50, a: 2.5, b: 0), Lab(l: 73, a: 25, b: -18), 27.1492),
        (Lab(l: 50, a: 2.5, b: 0), Lab(l: 61, a: -5, b: 29), 22.8977),
        (Lab(l: 50, a: 2.5, b: 0), Lab(l: 56, a: -27, b: -3), 31.9030),
        (Lab(l: 50, a: 2.5, b: 0), Lab(l: 58, a: 24, b: 15), 19.4535),
        (Lab(l: 60.2574, a: -34.0099, b: 36.2677), Lab(l: 60.4626, a: -34.1751, b: 39.4387), 1.2644),
        (Lab(l: 63.0109, a: -31.0961, b: -5.8663), Lab(l: 62.8187, a: -29.7946, b: -4.0864), 1.2630),
        (Lab(l: 22.7233, a: 20.0904, b: -46.6940), Lab(l: 23.0331, a: 14.9730, b: -42.5619), 2.0373),
        (Lab(l: 2.0776, a: 0.0795, b: -1.1350), Lab(l: 0.9033, a: -0.0636, b: -0.5514), 0.9082),
    ]

    @Test func ciede2000MatchesSharmaWuAndDalalsTestPairsToFourDecimals() {
        for (a, b, expected) in Self.sharma {
            #expect(abs(a.deltaE2000(b) - expected) < 0.00005, "\(a) vs \(b): \(a.deltaE2000(b)), expected \(expected)")
            // The formula is symmetric, and a colour is no distance from itself.
            #expect(abs(b.deltaE2000(a) - expected) < 0.00005)
            #expect(a.deltaE2000(a) == 0)
        }
    }

    @Test func contrastMatchesWCAGsLandmarks() {
        #expect(Color.white.relativeLuminance == 1)
        #expect(Color.black.relativeLuminance == 0)
        #expect(abs(Color.black.contrastRatio(with: .white) - 21) < 1e-12)
        #expect(Color.white.contrastRatio(with: .white) == 1)
        // #767676 is the lightest grey with AA contrast on white (4.54:1);
        // #777777 falls just short (4.48:1).
        #expect(abs(Color(hex: 0x767676).contrastRatio(with: .white) - 4.54) < 0.005)
        #expect(abs(Color(hex: 0x777777).contrastRatio(with: .white) - 4.48) < 0.005)
        // Symmetric.
        let a = Color(hex: 0xE8590C), b = Color(hex: 0x1A1B1E)
        #expect(a.contrastRatio(with: b) == b.contrastRatio(with: a))
    }

    @Test func srgbDecodesAndEncodesBackToItself() {
        for v in stride(from: 0.0, through: 1.0, by: 1.0 / 255) {
            #expect(abs(Color.encoded(Color.linear(v)) - v) < 1e-12)
        }
        #expect(abs(Color.linear(0.5) - 0.214041) < 1e-6)
    }

    @Test func cielabMatchesAnIndependentImplementation() {
        let cases: [(UInt32, Lab)] = [
            (0xE8590C, Lab(l: 56.4138, a: 52.6841, b: 63.8007)),
            (0x4C8DDB, Lab(l: 57.7519, a: 3.7053, b: -45.9725)),
            (0x212529, Lab(l: 14.4375, a: -0.7184, b: -3.2611)),
        ]
        for (hex, expected) in cases {
            let lab = Color(hex: hex).lab
            // To 0.02: colour-science takes the sRGB matrix to four
            // decimals, this file to seven (IEC 61966-2-1 and Lindbloom).
            #expect(abs(lab.l - expected.l) < 0.02 && abs(lab.a - expected.a) < 0.02 && abs(lab.b - expected.b) < 0.02, "\(hex): \(lab)")
        }
        let white = Color.white.lab
        #expect(abs(white.l - 100) < 1e-3 && abs(white.a) < 1e-3 && abs(white.b) < 1e-3)
    }

    /// Machado et al.'s severity-1.0 matrices on linear RGB, clamped, then
    /// encoded: the values colour-science gives for the same steps.
    @Test func theSimulationsMatchMachadoEtAlsMatrices() {
        let cases: [(Color, ColorVision, (Double, Double, Double))] = [
            (Color(hex: 0xFF0000), .protanopia, (0.426608, 0.372654, 0)),
            (Color(hex: 0xFF0000), .deuteranopia, (0.64006, 0.565807, 0)),
            (Color(hex: 0xFF0000), .tritanopia, (1, 0, 0.058386)),
            (Color(hex: 0x00FF00), .protanopia, (1, 0.899428, 0)),
            (Color(hex: 0x00FF00), .deuteranopia, (0.936051, 0.839248, 0.229192)),
            (Color(hex: 0x00FF00), .tritanopia, (0, 0.968948, 0.849616)),
            (Color(hex: 0xC5D8F1), .protanopia, (0.813876, 0.849488, 0.950069)),
            (Color(hex: 0xC5D8F1), .deuteranopia, (0.795102, 0.832219, 0.94297)),
            (Color(hex: 0xC5D8F1), .tritanopia, (0.729432, 0.867819, 0.87807)),
        ]
        for (colour, vision, (r, g, b)) in cases {
            let s = colour.simulating(vision)
            #expect(abs(s.red - r) < 1e-5 && abs(s.green - g) < 1e-5 && abs(s.blue - b) < 1e-5, "\(colour.hexString) \(vision): \(s)")
        }
        // Each matrix keeps white white and grey grey (its rows sum to 1).
        for vision in ColorVision.allCases {
            for row in vision.matrix { #expect(abs(row.reduce(0, +) - 1) < 1e-5, "\(vision)") }
            #expect(Color.white.deltaE2000(Color(hex: 0xFFFFFF), as: vision) < 0.01)
        }
        // Red and green, far apart to normal vision, close to a deuteranope.
        let red = Color(hex: 0xE03131), green = Color(hex: 0x2B8A3E)
        #expect(red.deltaE2000(green) > 40)
        #expect(red.deltaE2000(green, as: .deuteranopia) < red.deltaE2000(green) / 2)
    }

    @Test func hexNamesAColour() {
        #expect(Color(hex: 0xE8590C).hexString == "#E8590C")
        #expect(Color(hex: 0x00FF0A).over(.black).hexString == "#00FF0A")
        #expect(Color.white.opacity(0.5).over(.black).hexString == "#808080")
    }
}
