import Foundation
import PNG
import Testing
import TestSupport

/// A GIF's palette is built from a sample of its frames (one in eight and
/// the last, `FFmpegRecipe.paletteSample`), not from every pixel of every
/// frame, and the frames are mapped onto it undithered: every colour the
/// scenes draw with (not the in-between colours of a tween, which show for
/// a frame or two each and outnumber a palette) comes out within 2 per
/// channel, checked pixel by pixel, frame by frame, against the PNG frames
/// of the same run (`--frames-dir`), and the file is the same bytes on any
/// thread count.
@Suite(.tags(.cli)) struct GIFColourTests {
    /// A race of eight names over six periods whose values overtake one another.
    static let race: String = {
        let names = ["Ash", "Birch", "Cedar", "Elm", "Fir", "Larch", "Oak", "Yew"]
        var lines = ["year," + names.joined(separator: ",")]
        for period in 0..<6 {
            let values = names.indices.map { k in 100 + 37 * ((k * 5 + period * 3) % 8) + 11 * period }
            lines.append("\(2000 + period)," + values.map(String.init).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }()

    static let size = (width: 400, height: 224)

    /// Runs `arguments` to a GIF with its PNG frames and its scene dump,
    /// then compares every pixel of every frame whose PNG colour is one the
    /// scene dump gives an element, opaque, in at least `steady` frames (a
    /// second), with the decoded GIF's. `known` are colours known to come out
    /// further off, with how far. Returns the colours checked, with the
    /// pixels of each.
    @discardableResult
    static func checkColours(_ arguments: [String], in dir: String, steady: Int = 10, known: [String: Int] = [:]) throws
        -> [String: Int]
    {
        let r = try CommandRunner.run(
            arguments + ["--size", "\(size.width)x\(size.height)", "--fps", "10", "-o", "out.gif", "--frames-dir", "frames",
                         "--dump-scene", "scene.jsonl"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let decode = try CommandRunner.run(
            ["-v", "error", "-i", "out.gif", "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "out.rgb"],
            in: dir, executable: CommandRunner.onPath("ffmpeg"))
        #expect(decode.status == 0, "\(decode.stderr)")
        let gif = try #require(FileManager.default.contents(atPath: dir + "/out.rgb"))
        let names = CommandRunner.files(in: dir + "/frames")
        let area = size.width * size.height
        #expect(names.count > 20 && gif.count == names.count * area * 3, "\(names.count) frames, \(gif.count) bytes decoded")

        // Every opaque colour the scenes draw with (fills, strokes, text, the
        // background) in at least `steady` frames.
        let pattern = try Regex("\"#([0-9a-f]{6})ff\"")
        var frames = [Int: Int]()
        for line in try String(contentsOfFile: dir + "/scene.jsonl", encoding: .utf8).split(separator: "\n") {
            var inFrame = Set<Int>()
            for match in line.matches(of: pattern) {
                if let hex = match.output[1].substring, let value = Int(hex, radix: 16) { inFrame.insert(value) }
            }
            for colour in inFrame { frames[colour, default: 0] += 1 }
        }
        let drawn = Set(frames.filter { $0.value >= steady }.keys)
        #expect(drawn.count >= 5, "\(drawn.count) colours in the scene dump")
        // Colour → its slot in `worst` and `seen`, 0 for a colour not drawn.
        var slot = [UInt8](repeating: 0, count: 1 << 24)
        let colours = drawn.sorted()
        for (k, colour) in colours.prefix(255).enumerated() { slot[colour] = UInt8(k + 1) }
        var worst = [Int](repeating: 0, count: colours.count + 1)
        var seen = [Int](repeating: 0, count: colours.count + 1)
        var example = [String](repeating: "", count: colours.count + 1)
        gif.withUnsafeBytes { (gif: UnsafeRawBufferPointer) in
            for (f, name) in names.enumerated() {
                guard let png = try? PNGFile.read(dir + "/frames/" + name), png.pixels.count == area * 4 else {
                    Issue.record("cannot read \(name)")
                    return
                }
                png.pixels.withUnsafeBufferPointer { png in
                    for i in 0..<area {
                        let (r, g, b) = (Int(png[4 * i]), Int(png[4 * i + 1]), Int(png[4 * i + 2]))
                        let k = Int(slot[r << 16 | g << 8 | b])
                        guard k > 0 else { continue }
                        let at = (f * area + i) * 3
                        let off = max(abs(Int(gif[at]) - r), abs(Int(gif[at + 1]) - g), abs(Int(gif[at + 2]) - b))
                        seen[k] += 1
                        if off > worst[k] {
                            worst[k] = off
                            example[k] = "frame \(f) (\(i % size.width), \(i / size.width)) drawn as \(gif[at]),\(gif[at + 1]),\(gif[at + 2])"
                        }
                    }
                }
            }
        }
        var checked = [String: Int]()
        for (k, colour) in colours.prefix(255).enumerated() where seen[k + 1] > 0 {
            let hex = "#" + String(colour, radix: 16).leftPadded(to: 6)
            checked[hex] = seen[k + 1]
            #expect(
                worst[k + 1] <= max(2, known[hex] ?? 0), "\(hex): off by \(worst[k + 1]), at \(example[k + 1]) (of \(seen[k + 1]) pixels)")
        }
        #expect(checked.count >= 5, "only \(checked.count) drawn colours on screen: \(checked)")
        return checked
    }

    @Test func everyColourOfABarRaceComesOutWithinTwo() throws {
        let dir = try CommandRunner.temporaryFolder()
        try Self.race.write(toFile: dir + "/race.csv", atomically: true, encoding: .utf8)
        let checked = try Self.checkColours(["bars", "race.csv", "--race", "--top", "6"], in: dir)
        // The background, the text and at least the six bars on screen.
        #expect(checked.count >= 8, "\(checked)")
    }

    @Test func everyColourOfARedBlackTreeComesOutWithinTwo() throws {
        let dir = try CommandRunner.temporaryFolder()
        // Known: the grey of a ghost node (#868e96, a thin ring and a label)
        // has a few thousand exact pixels over the whole run, too few for
        // palettegen to give it an entry of its own; it comes out 3 off.
        let checked = try Self.checkColours(
            ["rb", "--ops", "insert 11 2 14 1 7 15 5 8 4; delete 14"], in: dir, known: ["#868e96": 3])
        // Red, black, the fills, rings, edges, text and the background.
        #expect(checked.count >= 8, "\(checked)")
    }

    /// The palette's sample depends on the frame numbers alone: the GIF is
    /// the same bytes on every run and on any number of threads.
    @Test func aGIFIsTheSameBytesOnEveryRunAndThreadCount() throws {
        let dir = try CommandRunner.temporaryFolder()
        let animation = ["rb", "--ops", "insert 11 2 14 1 7", "--size", "256x144", "--fps", "12"]
        for (name, threads) in [("a", "1"), ("b", "3"), ("c", "2"), ("d", "2")] {
            let r = try CommandRunner.run(animation + ["--threads", threads, "-o", "\(name).gif"], in: dir)
            #expect(r.status == 0, "stderr: \(r.stderr)")
        }
        let a = FileManager.default.contents(atPath: dir + "/a.gif")
        #expect(a != nil)
        for name in ["b", "c", "d"] { #expect(FileManager.default.contents(atPath: "\(dir)/\(name).gif") == a, "\(name).gif") }
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
