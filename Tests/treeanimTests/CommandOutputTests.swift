import Foundation
import PNG
import Testing
import TestSupport

/// What the command writes: videos that play, PNG frames that are the same
/// on every run and thread count, split runs, the scene dump.
@Suite(.tags(.cli)) struct CommandOutputTests {
    static let small = ["--values", "50,17,72,12", "--size", "192x108", "--fps", "10"]

    @Test(arguments: ["gif", "mp4", "webm"])
    func videosHaveTheRightFramesSizeAndRate(_ ext: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(Self.small + ["-o", "out.\(ext)"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(CommandRunner.files(in: dir) == ["out.\(ext)"])
        let summary = r.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.hasPrefix("wrote out.\(ext): "), "stderr: \(r.stderr)")
        let frames = Int(summary.split(separator: ":")[1].split(separator: " ")[0]) ?? -1
        let probe = try CommandRunner.probe(dir + "/out.\(ext)")
        #expect(probe.frames == frames)
        #expect(probe.width == 192 && probe.height == 108)
        #expect(probe.rate == "10/1")
    }

    @Test func framesAreIdenticalOnEveryRunAndThreadCount() throws {
        let dir = try CommandRunner.temporaryFolder()
        for (name, threads) in [("a", "1"), ("b", "3"), ("c", "3")] {
            let r = try CommandRunner.run(Self.small + ["--threads", threads, "-o", "\(name)/"], in: dir)
            #expect(r.status == 0, "stderr: \(r.stderr)")
        }
        let names = CommandRunner.files(in: dir + "/a")
        #expect(names.count > 20)
        #expect(names == CommandRunner.files(in: dir + "/b"))
        for name in names {
            let a = FileManager.default.contents(atPath: "\(dir)/a/\(name)")
            #expect(a == FileManager.default.contents(atPath: "\(dir)/b/\(name)"), "\(name)")
            #expect(a == FileManager.default.contents(atPath: "\(dir)/c/\(name)"), "\(name)")
        }
    }

    @Test func aSplitRunMakesTheSameFramesAsAFullRun() throws {
        let dir = try CommandRunner.temporaryFolder()
        #expect(try CommandRunner.run(Self.small + ["-o", "full/"], in: dir).status == 0)
        #expect(try CommandRunner.run(Self.small + ["--frame-range", "0:7", "-o", "split/"], in: dir).status == 0)
        #expect(try CommandRunner.run(Self.small + ["--frame-range", "7:19", "-o", "split/"], in: dir).status == 0)
        let split = CommandRunner.files(in: dir + "/split")
        #expect(split.count == 19)
        #expect(split.first == "frame_00000.png" && split.last == "frame_00018.png")
        for name in split {
            #expect(
                FileManager.default.contents(atPath: "\(dir)/split/\(name)")
                    == FileManager.default.contents(atPath: "\(dir)/full/\(name)"), "\(name)")
        }
    }

    @Test func framesDirKeepsThePNGsOfAVideo() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(Self.small + ["-o", "out.gif", "--frames-dir", "kept"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let kept = CommandRunner.files(in: dir + "/kept")
        #expect(kept.count == (try CommandRunner.probe(dir + "/out.gif")).frames)
        let image = try PNGFile.read(dir + "/kept/" + kept[0])
        #expect(image.width == 192 && image.height == 108)
    }

    @Test func stitchScriptMakesTheSameGIFAsTheCommand() throws {
        let dir = try CommandRunner.temporaryFolder()
        #expect(try CommandRunner.run(Self.small + ["-o", "direct.gif", "--frames-dir", "frames"], in: dir).status == 0)
        let stitch = try CommandRunner.run(
            [dir + "/frames", dir + "/stitched.gif", "--fps", "10"], executable: CommandRunner.stitchScript)
        #expect(stitch.status == 0, "stderr: \(stitch.stderr)")
        #expect(
            FileManager.default.contents(atPath: dir + "/stitched.gif")
                == FileManager.default.contents(atPath: dir + "/direct.gif"))
    }

    @Test func sceneDumpHasOneObjectPerFrameWithTheDocumentedKeys() throws {
        let dir = try CommandRunner.temporaryFolder()
        let r = try CommandRunner.run(
            Self.small + ["--frame-range", "3:12", "-o", "f/", "--dump-scene", "scene.jsonl"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let text = try String(contentsOfFile: dir + "/scene.jsonl", encoding: .utf8)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 9)
        for (i, line) in lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            // Version 1's keys, in their order, then version 2's.
            let keys = try #require(Self.keys(of: String(line)))
            #expect(
                keys == ["frame", "time", "width", "height", "background", "caption", "edges", "nodes", "highlight",
                         "version", "step", "marks", "bars", "texts"])
            #expect(object["version"] as? Int == 11)
            #expect((object["step"] as? Int).map { $0 >= 0 } == true)
            #expect(object["frame"] as? Int == 3 + i)
            #expect(object["width"] as? Int == 192)
            #expect((object["background"] as? String)?.count == 9)
            for node in object["nodes"] as? [[String: Any]] ?? [] {
                #expect(
                    Set(node.keys)
                        == ["id", "key", "label", "x", "y", "radius", "opacity", "fill", "stroke", "strokeWidth",
                            "labelColor", "fontSize", "shape", "w", "h", "role", "cornerRadius", "name"])
                #expect(node["shape"] as? String == "circle" && node["w"] as? Double == node["h"] as? Double)
            }
            for edge in object["edges"] as? [[String: Any]] ?? [] {
                #expect(
                    Set(edge.keys) == ["from", "to", "x1", "y1", "x2", "y2", "width", "color", "opacity", "kind", "points", "arrow", "name"])
                let points = try #require(edge["points"] as? [[Double]])
                #expect(points.first == [edge["x1"] as? Double, edge["y1"] as? Double].compactMap { $0 })
                #expect(points.last == [edge["x2"] as? Double, edge["y2"] as? Double].compactMap { $0 })
            }
            if let ring = object["highlight"] as? [String: Any] {
                #expect(Set(ring.keys) == ["x", "y", "radius", "width", "color", "opacity"])
            }
        }
        let last = try #require(try JSONSerialization.jsonObject(with: Data(lines[lines.count - 1].utf8)) as? [String: Any])
        #expect((last["nodes"] as? [Any])?.count ?? 0 >= 1)
    }

    /// The top-level keys of a dump line in the order they are written.
    static func keys(of line: String) -> [String]? {
        // Top-level keys are the strings followed by a colon at depth 1.
        var keys = [String](), depth = 0, inString = false, escaped = false, current = ""
        var chars = Array(line).makeIterator()
        while let c = chars.next() {
            if inString {
                if escaped { escaped = false; current.append(c); continue }
                if c == "\\" { escaped = true; continue }
                if c == "\"" { inString = false } else { current.append(c) }
                continue
            }
            switch c {
            case "\"": inString = true; current = ""
            case "{", "[": depth += 1
            case "}", "]": depth -= 1
            case ":" where depth == 1: keys.append(current)
            default: break
            }
        }
        return depth == 0 ? keys : nil
    }

    /// A lecture from --ops: one step an operation, each with its captions.
    @Test func operationsPlayInOrderWithTheirCaptions() throws {
        let dir = try CommandRunner.temporaryFolder()
        let ops = "insert 50 30 70 20; search 20; search 60; delete 30; max; preorder"
        let r = try CommandRunner.run(
            ["--ops", ops, "--size", "192x108", "--fps", "4", "-o", "f/", "--dump-scene", "d.jsonl", "--hold", "1"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let lines = try String(contentsOfFile: dir + "/d.jsonl", encoding: .utf8).split(separator: "\n")
        let scenes = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        var captions = [String]()
        for s in scenes { if let c = s["caption"] as? String, captions.last != c { captions.append(c) } }
        for expected in [
            "found 20", "60 is not in the tree: it would be the left child of 70",
            "30 has one child, 20: 20's subtree moves up into its place", "max is 70: it has no right child",
            "preorder: 50 20 70",
        ] {
            #expect(captions.contains(expected), "no caption '\(expected)' in \(captions)")
        }
        #expect(Set(scenes.compactMap { $0["step"] as? Int }).count == 10)
    }

    @Test func theRandomSeedIsPrintedAndReproducesTheKeys() throws {
        let dir = try CommandRunner.temporaryFolder()
        let common = ["--inserts", "4", "--size", "128x72", "--fps", "5", "--dump-scene"]
        let first = try CommandRunner.run(common + ["a.jsonl", "-o", "a/"], in: dir)
        #expect(first.status == 0)
        let line = try #require(first.stderr.split(separator: "\n").first { $0.hasPrefix("seed ") })
        let seed = try #require(line.split(separator: " ").dropFirst().first.map(String.init))
        #expect(line == "seed \(seed) (pass --seed \(seed) to get the same keys)")
        let again = try CommandRunner.run(common + ["b.jsonl", "--seed", seed, "-o", "b/"], in: dir)
        #expect(again.status == 0)
        #expect(!again.stderr.contains("seed "))
        #expect(
            FileManager.default.contents(atPath: dir + "/a.jsonl") == FileManager.default.contents(atPath: dir + "/b.jsonl"))
    }

    static let long = ["--inserts", "20", "--seed", "1", "--size", "640x360", "--threads", "1"]

    /// Ctrl-C, a kill and a closed terminal all stop a run the same way.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func anInterruptedPNGRunTakesBackItsFrames(_ signal: Int32) throws {
        let dir = try CommandRunner.temporaryFolder()
        let (seen, r) = try CommandRunner.interrupt(Self.long + ["-o", "frames/"], in: dir, signal: signal) {
            !CommandRunner.files(in: dir + "/frames").isEmpty
        }
        #expect(seen)
        #expect(r.status == 130)
        #expect(CommandRunner.files(in: dir).isEmpty)
    }

    @Test func stitchRefusesAFolderWithAGap() throws {
        let dir = try CommandRunner.temporaryFolder()
        #expect(try CommandRunner.run(Self.small + ["--frame-range", "0:10", "-o", "f/"], in: dir).status == 0)
        try FileManager.default.removeItem(atPath: dir + "/f/frame_00004.png")
        let r = try CommandRunner.run([dir + "/f", dir + "/out.gif"], executable: CommandRunner.stitchScript)
        #expect(r.status == 1)
        #expect(r.stderr.contains("9 frames numbered 0 to 9: some are missing"))
        #expect(!CommandRunner.files(in: dir).contains("out.gif"))
    }

    /// A frame cut short, a stray name, or two names for one number: stitch
    /// refuses the folder, naming the file, and writes nothing.
    @Test(arguments: ["truncated", "stray", "twice"])
    func stitchRefusesAFolderWithAFrameItCannotTrust(_ fault: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        #expect(try CommandRunner.run(Self.small + ["--frame-range", "0:6", "-o", "f/"], in: dir).status == 0)
        let frame3 = dir + "/f/frame_00003.png"
        let bytes = try #require(FileManager.default.contents(atPath: frame3))
        switch fault {
        case "truncated": try Data(bytes.prefix(bytes.count / 2)).write(to: URL(fileURLWithPath: frame3))
        case "stray": try bytes.write(to: URL(fileURLWithPath: dir + "/f/frame_abc.png"))
        default: try bytes.write(to: URL(fileURLWithPath: dir + "/f/frame_003.png"))
        }
        let r = try CommandRunner.run([dir + "/f", dir + "/out.gif"], executable: CommandRunner.stitchScript)
        #expect(r.status == 1)
        #expect(r.stderr.split(separator: "\n").count == 1, "stderr: \(r.stderr)")
        #expect(r.stderr.contains(fault == "truncated" ? "frame_00003.png' is not a whole PNG" : fault == "stray" ? "frame_abc.png' is not a frame" : "frame 3 twice"))
        #expect(CommandRunner.files(in: dir) == ["f"])
    }

    /// A shorter animation into a folder that holds a longer one would leave
    /// the old frames past its end, and stitch would join the two.
    @Test func aFolderOfAnotherAnimationIsRefusedUnlessToldToReplaceIt() throws {
        let dir = try CommandRunner.temporaryFolder()
        #expect(try CommandRunner.run(Self.small + ["--values", "5,3,8", "-o", "f/"], in: dir).status == 0)
        let old = CommandRunner.files(in: dir + "/f")
        let before = old.map { FileManager.default.contents(atPath: dir + "/f/" + $0) }
        let refused = try CommandRunner.run(Self.small + ["--values", "5,3", "-o", "f/"], in: dir)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("-o: '") && refused.stderr.contains("of another animation") && refused.stderr.contains("--overwrite"))
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(CommandRunner.files(in: dir + "/f").map { FileManager.default.contents(atPath: dir + "/f/" + $0) } == before)

        let replaced = try CommandRunner.run(Self.small + ["--values", "5,3", "-o", "f/", "--overwrite"], in: dir)
        #expect(replaced.status == 0, "stderr: \(replaced.stderr)")
        let frames = CommandRunner.files(in: dir + "/f")
        #expect(frames.count < old.count && frames.last == String(format: "frame_%05d.png", frames.count - 1))
        let stitched = try CommandRunner.run([dir + "/f", dir + "/out.gif"], executable: CommandRunner.stitchScript)
        #expect(stitched.status == 0, "stderr: \(stitched.stderr)")
        #expect(try CommandRunner.probe(dir + "/out.gif").frames == frames.count)
    }

    @Test func stitchRefusesFramesOfTwoAnimations() throws {
        let dir = try CommandRunner.temporaryFolder()
        #expect(try CommandRunner.run(Self.small + ["--values", "5,3", "--frame-range", "0:4", "-o", "a/"], in: dir).status == 0)
        #expect(try CommandRunner.run(Self.small + ["--values", "5,9", "--frame-range", "4:8", "-o", "b/"], in: dir).status == 0)
        for name in CommandRunner.files(in: dir + "/b") {
            try FileManager.default.copyItem(atPath: dir + "/b/" + name, toPath: dir + "/a/" + name)
        }
        let r = try CommandRunner.run([dir + "/a", dir + "/out.gif"], executable: CommandRunner.stitchScript)
        #expect(r.status == 1)
        #expect(r.stderr.contains("are frames of different animations"), "stderr: \(r.stderr)")
        #expect(!CommandRunner.files(in: dir).contains("out.gif"))
    }

    /// Frame names pass five digits at 100000: stitch orders them as numbers.
    @Test func stitchOrdersFramesPastNinetyNineThousandByNumber() throws {
        let dir = try CommandRunner.temporaryFolder()
        // A long, slow animation of well over 100,000 frames, of which three
        // around the five-digit edge.
        let long = ["--inserts", "10", "--seed", "1", "--speed", "0.1", "--fps", "240", "--size", "64x64"]
        let r = try CommandRunner.run(long + ["-o", "far/", "--frame-range", "99999:100002"], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(CommandRunner.files(in: dir + "/far") == ["frame_100000.png", "frame_100001.png", "frame_99999.png"])
        let stitched = try CommandRunner.run([dir + "/far", dir + "/out.gif", "--fps", "10"], executable: CommandRunner.stitchScript)
        #expect(stitched.status == 0, "stderr: \(stitched.stderr)")
        #expect(try CommandRunner.probe(dir + "/out.gif").frames == 3)
    }

    /// A re-render of a folder interrupted half-way, and an interrupted part
    /// of a split render whose range overlaps frames already there, leave
    /// every frame that was there with its old bytes.
    @Test(arguments: ["0:400", "200:600"])
    func anInterruptedRunIntoAFolderOfFramesLeavesThemAllAsTheyWere(_ range: String) throws {
        let dir = try CommandRunner.temporaryFolder()
        #expect(try CommandRunner.run(Self.long + ["--frame-range", "0:400", "-o", "frames/"], in: dir).status == 0)
        let names = CommandRunner.files(in: dir + "/frames")
        let before = names.map { FileManager.default.contents(atPath: dir + "/frames/" + $0) }
        let (seen, r) = try CommandRunner.interrupt(Self.long + ["--frame-range", range, "-o", "frames/"], in: dir) {
            CommandRunner.files(in: dir + "/frames").count > names.count + 20
        }
        #expect(seen)
        #expect(r.status == 130)
        #expect(CommandRunner.files(in: dir + "/frames") == names)
        #expect(names.map { FileManager.default.contents(atPath: dir + "/frames/" + $0) } == before)
    }

    /// An output that fails after another was written keeps both as they were.
    @Test func aDumpThatCannotBeWrittenLeavesTheVideoAsItWas() throws {
        let dir = try CommandRunner.temporaryFolder()
        try Data("my old gif".utf8).write(to: URL(fileURLWithPath: dir + "/a.gif"))
        try FileManager.default.createDirectory(atPath: dir + "/d", withIntermediateDirectories: false)
        let r = try CommandRunner.run(Self.small + ["-o", "a.gif", "--dump-scene", "d"], in: dir)
        #expect(r.status == 1)
        #expect(r.stderr.contains("--dump-scene"), "stderr: \(r.stderr)")
        #expect(FileManager.default.contents(atPath: dir + "/a.gif") == Data("my old gif".utf8))
        #expect(CommandRunner.files(in: dir) == ["a.gif", "d"])
    }

    /// Temporary names fit wherever the final name fits.
    @Test func anOutputNameAsLongAsTheFileSystemAllowsWorks() throws {
        let dir = try CommandRunner.temporaryFolder()
        let name = String(repeating: "n", count: 250) + ".gif"
        let r = try CommandRunner.run(Self.small + ["--frame-range", "0:3", "-o", name], in: dir)
        #expect(r.status == 0, "stderr: \(r.stderr)")
        #expect(CommandRunner.files(in: dir) == [name])
    }

    @Test func anInterruptedRunLeavesNoPartialFile() throws {
        let dir = try CommandRunner.temporaryFolder()
        // Under way once ffmpeg's temporary file exists.
        let (seen, r) = try CommandRunner.interrupt(Self.long + ["-o", "out.mp4"], in: dir) {
            CommandRunner.files(in: dir).contains { $0.hasPrefix(".out.mp4.tmp") }
        }
        #expect(seen)
        #expect(r.status == 130)
        #expect(r.stderr.contains("interrupted"))
        #expect(CommandRunner.files(in: dir).isEmpty)
    }
}
