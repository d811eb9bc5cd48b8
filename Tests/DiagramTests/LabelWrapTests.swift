import Diagram
import Raster
import Testing

/// Long labels broken into lines (`--wrap N`) and sized as drawn.
@Suite struct LabelWrapTests {
    @Test func wordsFillLinesOfAtMostTheColumns() {
        #expect(LabelFit.wrap("Balanced binary search trees", columns: 12) == "Balanced\nbinary\nsearch trees")
        #expect(LabelFit.wrap("a b c d e f", columns: 3) == "a b\nc d\ne f")
        #expect(LabelFit.wrap("short", columns: 12) == "short")
        for columns in 4...30 {
            let wrapped = LabelFit.wrap("Red-black trees after Guibas and Sedgewick, 1978", columns: columns)
            #expect(wrapped.split(separator: "\n").allSatisfy { $0.count <= columns })
            // Only spaces become breaks, unless a word is longer than a line.
            if columns >= 10 {
                #expect(wrapped.replacingOccurrences(of: "\n", with: " ") == "Red-black trees after Guibas and Sedgewick, 1978")
            }
        }
    }

    @Test func aWordLongerThanALineIsCutAndChineseBreaksAnywhere() {
        #expect(LabelFit.wrap("internationalisation", columns: 8) == "internat\nionalisa\ntion")
        #expect(LabelFit.wrap("二叉搜索树的旋转操作", columns: 4) == "二叉搜索\n树的旋转\n操作")
        #expect(LabelFit.wrap("see internationalisation", columns: 8) == "see\ninternat\nionalisa\ntion")
        // A long word breaks after a hyphen where one is in the line.
        #expect(LabelFit.wrap("Red-black trees", columns: 6) == "Red-\nblack\ntrees")
        #expect(LabelFit.wrap("left-leaning", columns: 8) == "left-\nleaning")
    }

    @Test func runsOfSpacesAtABreakGoAndWrittenBreaksStay() {
        #expect(LabelFit.wrap("one   two", columns: 4) == "one\ntwo")
        #expect(LabelFit.wrap("first line\nsecond", columns: 20) == "first line\nsecond")
        #expect(LabelFit.wrap("", columns: 5) == "")
    }

    @Test func aBoxGrowsALinePitchForEachFurtherLine() throws {
        let fit = LabelFit(font: try Font.default())
        let one = fit.boxSize(for: "Binary search", size: 0.3, padding: 0.16, height: 0.52)
        let two = fit.boxSize(for: "Binary\nsearch", size: 0.3, padding: 0.16, height: 0.52)
        #expect(one.height == 0.52)
        #expect(abs(two.height - (0.52 + Font.lineSpacing * 0.3)) < 1e-12)
        #expect(two.width < one.width)
        #expect(abs(two.width - (fit.width(of: "search") * 0.3 + 0.32)) < 1e-12)
        #expect(LabelFit.lineCount(of: "a\nb\nc") == 3)
    }
}
