import Foundation
import Testing
import TestSupport

/// The slide outputs' options are refused, with one line naming the flag,
/// where they cannot work, before anything is made.
@Suite(.tags(.cli)) struct SlideOptionErrorTests {
    typealias Case = CommandErrorTests.Case
    static let usage: Int32 = 64

    static let cases: [Case] = [
        Case(arguments: ["-o", "a.mp4", "--loop", "once"], status: usage, mentions: "--loop is for .gif, .apng and .webp output"),
        Case(arguments: ["-o", "d.html", "--loop", "2"], status: usage, mentions: "--loop is for .gif, .apng and .webp output"),
        Case(arguments: ["-o", "a.gif", "--loop", "0.5"], status: usage, mentions: "--loop"),
        Case(arguments: ["-o", "a.gif", "--loop", "70000"], status: usage, mentions: "--loop"),
        Case(arguments: ["-o", "a.gif", "--autoplay"], status: usage, mentions: "--autoplay is for .html output: 'a.gif' is a GIF"),
        Case(arguments: ["-o", "h.pdf", "--per-page", "5"], status: usage, mentions: "--per-page must be 1, 4 or 6 (got 5)"),
        Case(arguments: ["-o", "a.gif", "--per-page", "4"], status: usage, mentions: "--per-page is for .pdf output: 'a.gif' is a GIF"),
        Case(arguments: ["-o", "d.pptx", "--transparent"], status: usage, mentions: "--transparent: 'd.pptx' cannot be transparent: a .pptx deck plays MP4 clips"),
        Case(arguments: ["-o", "d.html", "--size", "129x72"], status: usage, mentions: "--size 129x72 is odd"),
        Case(arguments: ["-o", "d.html", "--frame-range", "0:5"], status: usage, mentions: "--frame-range renders part of the animation"),
        Case(arguments: ["-o", "a.gif", "--steps-dir", "s", "--frame-range", "0:5"], status: usage, mentions: "--steps-dir needs every step"),
        Case(arguments: ["-o", "a.gif", "--steps-dir", "s", "--transparent", "--step-format", "mp4"], status: usage, mentions: "--step-format mp4: --transparent"),
        Case(arguments: ["-o", "a.gif", "--steps-dir", "s", "--step-format", "avi"], status: usage, mentions: "--step-format"),
        Case(arguments: ["-o", "a.gif", "--poster", "p.jpg"], status: usage, mentions: "--poster 'p.jpg' must name a .png file"),
        Case(arguments: ["-o", "a.gif", "--poster-at", "last"], status: usage, mentions: "give --poster too"),
        Case(arguments: ["-o", "a.gif", "--poster", "p.png", "--poster-at", "step:0"], status: usage, mentions: "step:N takes a step number from 1"),
        Case(arguments: ["-o", "a.gif", "--poster", "p.png", "--poster-at", "soon"], status: usage, mentions: "--poster-at"),
        Case(arguments: ["--values", "1,2", "-o", "a.gif", "--poster", "p.png", "--poster-at", "step:9"], status: usage, mentions: "--poster-at step:9: the animation has 3 steps"),
        Case(arguments: ["--values", "1,2", "-o", "a.gif", "--poster", "p.png", "--poster-at", "600"], status: usage, mentions: "--poster-at 600: the animation lasts"),
        Case(arguments: ["-o", "a.gif", "--step-format", "gif"], status: usage, mentions: "--step-format goes with --steps-dir"),
        Case(arguments: ["-o", "a.gif", "--transparent", "--steps-dir", "s"], status: usage, mentions: "add --step-format webm"),
        Case(arguments: ["--values", "1,2", "-o", "a.gif", "--poster", "p.png", "--poster-at", "1e20"], status: usage, mentions: "the animation lasts"),
        Case(arguments: ["--values", "1,2", "-o", "f/", "--frame-range", "0:3", "--poster", "p.png", "--poster-at", "last"], status: usage, mentions: "is outside --frame-range 0:3"),
        Case(arguments: ["-o", "a.gif", "--poster", "a.gif.png", "--dump-scene", "a.gif.png"], status: usage, mentions: "must name different paths"),
        Case(arguments: ["-o", "s/step_001.mp4", "--steps-dir", "s"], status: usage, mentions: "must name different paths"),
        Case(arguments: ["-o", "deck.key"], status: usage, mentions: "use .gif, .mp4, .webm, .apng, .webp, .html, .pptx, .pdf"),
        Case(arguments: ["--values", "1,2", "-o", "nowhere/d.pptx"], status: 1, mentions: "-o: output folder 'nowhere' does not exist"),
        Case(arguments: ["--values", "1,2", "-o", "a.gif", "--poster", "nowhere/p.png"], status: 1, mentions: "--poster: output folder 'nowhere' does not exist"),
    ]

    @Test(arguments: cases)
    func aSlideOptionWhereItCannotWorkGetsOneLine(_ c: Case) throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(c.arguments + (c.arguments.contains("--size") ? [] : ["--size", "128x72"]), in: dir)
        #expect(r.status == c.status)
        #expect(r.stderr.contains(c.mentions), "stderr: \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "stderr: \(r.stderr)")
        #expect(CommandRunner.files(in: dir).isEmpty)
    }
}
