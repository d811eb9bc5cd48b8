import Testing
import Trees

/// Dates as genealogy programs write them, as a chart shows them.
@Suite struct DateWordsTests {
    @Test(arguments: [
        ("1850", "1850"), ("2 MAR 1850", "1850"), ("ABT 1850", "c. 1850"), ("EST 1850", "c. 1850"), ("CAL 1850", "c. 1850"),
        ("BEF 1828", "before 1828"), ("AFT 12 JUN 1900", "after 1900"), ("BET 1850 AND 1860", "1850–1860"),
        ("FROM 1850 TO 1860", "1850–1860"), ("44 B.C.", "44 BC"), ("ABT 500 BC", "c. 500 BC"), ("1950-03-02", "1950"),
        ("12 FEB 1731/32", "1731"), ("abt 1850", "c. 1850"), ("INT 1850 (about then)", "1850"),
    ])
    func aDateIsItsYearInWords(_ date: String, _ shown: String) {
        #expect(Person.shownDate(date) == shown)
    }

    @Test func aDateWithoutAYearShowsNothing() {
        #expect(Person.shownDate("MAR") == nil && Person.shownDate("unknown") == nil && Person.shownDate("") == nil)
    }
}
