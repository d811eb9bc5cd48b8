import Producers
import Testing

/// The lecture's small Markdown: blocks, and the runs of a line.
@Suite struct SlideMarkdownTests {
    typealias Run = SlideMarkdown.Run

    @Test func blocksAreHeadingsParagraphsItemsAndCode() {
        let blocks = SlideMarkdown.parse("# Title\nsome words\nrun on\n\n- one\n  two\n10. ten\n```\nx = 1\n```\n#### four")
        #expect(blocks == [
            .heading(level: 1, [Run(text: "Title", style: .plain)]),
            .paragraph([Run(text: "some words run on", style: .plain)]),
            .item(marker: "•", [Run(text: "one", style: .plain), Run(text: " ", style: .plain), Run(text: "two", style: .plain)]),
            .item(marker: "10.", [Run(text: "ten", style: .plain)]),
            .code(["x = 1"]),
            .heading(level: 3, [Run(text: "four", style: .plain)]),
        ])
    }

    @Test(arguments: [
        ("*left_child* node", [Run(text: "left_child", style: .emphasis), Run(text: " node", style: .plain)]),
        ("a **strong** and `code` here", [
            Run(text: "a ", style: .plain), Run(text: "strong", style: .strong), Run(text: " and ", style: .plain),
            Run(text: "code", style: .code), Run(text: " here", style: .plain),
        ]),
        ("snake_case_name stays", [Run(text: "snake_case_name stays", style: .plain)]),
        ("2 * 3 * 4", [Run(text: "2 * 3 * 4", style: .plain)]),
        ("\\*not\\* emphasis", [Run(text: "*not* emphasis", style: .plain)]),
        ("see [the book](http://x)", [Run(text: "see the book", style: .plain)]),
    ])
    func inlineRuns(text: String, runs: [Run]) {
        #expect(SlideMarkdown.inline(text) == runs)
    }
}
