import FamilyFiles
import Testing
import Trees

/// GEDCOM names as a chart shows them: slashes dropped, blanks collapsed,
/// and Chinese, Japanese or Korean names surname first without a space.
@Suite struct GedcomNameTests {
    static func names(_ values: [String]) throws -> [String] {
        let text = values.enumerated().map { "0 @I\($0.offset)@ INDI\n1 NAME \($0.element)\n" }.joined()
        return try FamilyFileTests.read(text, "f.ged")[0].people.map(\.name)
    }

    @Test func cjkNamesAreSurnameFirstWithoutASpace() throws {
        #expect(try Self.names(["建国 /王/", "/王/建国", "建国/王/", " 建国  / 王 / ", "太郎 /山田/", "/佐々木/健", "민준 /김/"])
            == ["王建国", "王建国", "王建国", "王建国", "山田太郎", "佐々木健", "김민준"])
        // A suffix keeps its place after the name.
        #expect(try Self.names(["建国 /王/ Jr."]) == ["王建国 Jr."])
    }

    @Test func latinAndMixedNamesKeepTheirOrderAndSpaces() throws {
        #expect(try Self.names(["John /Smith/", "   Jean  Paul /de  la Tour/  III", "/Smith/", "John", "Ann /O@@Hara/"])
            == ["John Smith", "Jean Paul de la Tour III", "Smith", "John", "Ann O@Hara"])
        #expect(try Self.names(["志强 /Fairbairn/", "秀英 Harriet /Ellery/", "Wang /王/", "王 Jianguo /王/", "王建国"])
            == ["志强 Fairbairn", "秀英 Harriet Ellery", "Wang 王", "王 Jianguo 王", "王建国"])
    }

    @Test func givnAndSurnFollowTheSameRule() throws {
        let f = try FamilyFileTests.read(
            """
            0 @I1@ INDI
            1 NAME
            2 GIVN 建国
            2 SURN 王
            0 @I2@ INDI
            1 NAME //
            2 GIVN Mary
            2 SURN Brown
            0 @I3@ INDI
            1 NAME //
            2 SURN Only
            """, "f.ged")[0]
        #expect(f.people.map(\.name) == ["王建国", "Mary Brown", "Only"])
    }
}
