@testable import Documents
import Testing

/// Text in the HTML deck: markup characters as references, and what an
/// HTML parser would change (a carriage return, a NUL, other controls)
/// written so that the page's text is the text given.
@Suite struct HTMLTextTests {
    @Test func markupCharactersBecomeReferencesAndEverythingElseStays() {
        #expect(HTMLText.escape(#"</script><img src=x onerror="a('b')">&amp;"#)
            == "&lt;/script&gt;&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt;&amp;amp;")
        #expect(HTMLText.escape("]]> 😀 王建国 rtl\u{202E}abc a\u{2028}b\u{85}") == "]]&gt; 😀 王建国 rtl\u{202E}abc a\u{2028}b\u{85}")
    }

    /// A parser reads `&#13;` as a carriage return (a bare one becomes a
    /// line feed) and `&#1;` as U+0001; NUL has no reference and is U+FFFD.
    @Test func controlCharactersAreReferencesAndNULIsTheReplacementCharacter() {
        #expect(HTMLText.escape("a\rb\r\nc\u{1}d\u{1B}e\u{7F}f\tg\nh") == "a&#13;b&#13;\nc&#1;d&#27;e&#127;f\tg\nh")
        #expect(HTMLText.escape("nul\0x") == "nul\u{FFFD}x")
    }
}
