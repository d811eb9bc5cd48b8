import Diagram
import Foundation
import Production
import Testing
import TestSupport
import Trees

/// The last frame is the poster, the handout's picture and what stays on
/// the slide: in every producer's defaults, and in a tree and a family too
/// large to read at once, it shows at least one label, and every label or
/// text on screen in it is at the legibility floor or over — never a
/// drawing whose labels are left out.
@Suite(.tags(.sweep)) struct LastFrameLawTests {
    /// A Markdown outline of `count` nodes, each under one of the forty
    /// before it (deep and broad), from the seed alone.
    static func outline(_ count: Int, seed: UInt64) -> String {
        var random = SeededGenerator(seed: seed)
        var parent = [-1], depth = [0]
        for i in 1..<count {
            let p = random.next(in: max(0, i - 40)...(i - 1))
            parent.append(p)
            depth.append(depth[p] + 1)
        }
        var children = [[Int]](repeating: [], count: count)
        for i in 1..<count { children[parent[i]].append(i) }
        var lines = [String](), stack = [0]
        while let v = stack.popLast() {
            lines.append(String(repeating: "  ", count: depth[v]) + "- node \(v)")
            stack += children[v].reversed()
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A GEDCOM file of about `count` people: couples with one to four
    /// children each, generation after generation, from the seed alone.
    static func gedcom(_ count: Int, seed: UInt64) -> String {
        var random = SeededGenerator(seed: seed)
        var people = [(id: Int, sex: String, year: Int)]()
        var families = [(husband: Int, wife: Int, children: [Int])]()
        func person(_ sex: String, _ year: Int) -> Int {
            people.append((people.count + 1, sex, year))
            return people.count
        }
        var couples = [(person("M", 1700), person("F", 1702), 1700)]
        while people.count < count, !couples.isEmpty {
            let (h, w, year) = couples.removeFirst()
            var kids = [Int]()
            for k in 0..<random.next(in: 1...4) where people.count < count {
                let male = random.next(in: 0...1) == 0
                let child = person(male ? "M" : "F", year + 25 + 2 * k)
                kids.append(child)
                if people.count < count {
                    let spouse = person(male ? "F" : "M", year + 26 + 2 * k)
                    couples.append(male ? (child, spouse, year + 25) : (spouse, child, year + 25))
                }
            }
            families.append((h, w, kids))
        }
        var lines = ["0 HEAD", "1 CHAR UTF-8", "1 GEDC", "2 VERS 5.5.1"]
        for p in people {
            lines += ["0 @I\(p.id)@ INDI", "1 NAME Person\(p.id) /Line\(p.id % 40)/", "1 SEX \(p.sex)", "1 BIRT", "2 DATE \(p.year)"]
            if let f = families.firstIndex(where: { $0.children.contains(p.id) }) { lines.append("1 FAMC @F\(f + 1)@") }
            for (f, family) in families.enumerated() where family.husband == p.id || family.wife == p.id { lines.append("1 FAMS @F\(f + 1)@") }
        }
        for (f, family) in families.enumerated() {
            lines += ["0 @F\(f + 1)@ FAM", "1 HUSB @I\(family.husband)@", "1 WIFE @I\(family.wife)@"] + family.children.map { "1 CHIL @I\($0)@" }
        }
        return (lines + ["0 TRLR"]).joined(separator: "\n") + "\n"
    }

    /// The large inputs, written once to a folder of their own.
    static let large: [RegistryRun] = {
        // The tests' own folder, removed with the process's others.
        let folder = URL(fileURLWithPath: (try? TestFolders.make("last-frame")) ?? NSTemporaryDirectory())
        let tree = folder.appendingPathComponent("outline.md"), family = folder.appendingPathComponent("family.ged")
        try? outline(1_500, seed: 7).write(to: tree, atomically: true, encoding: .utf8)
        try? gedcom(1_200, seed: 7).write(to: family, atomically: true, encoding: .utf8)
        return [RegistryRun(producer: "tree", keys: ["file": tree.path]), RegistryRun(producer: "family", keys: ["file": family.path])]
    }()

    static var runs: [RegistryRun] { RegistryRun.defaults(seeds: 1...1) + large }

    @Test(arguments: runs)
    func theLastFrameShowsALabelAndEveryLabelReads(_ run: RegistryRun) throws {
        let timeline = try CaptionLawTests.timeline(of: run, fps: 10)
        let last = timeline.scene(at: timeline.frameCount - 1)
        let (w, h) = (Double(last.width), Double(last.height))
        let floor = Stage.legibleText * min(w / 1280, h / 720) - 0.01
        func onScreen(_ x: Double, _ y: Double) -> Bool { x >= 0 && x <= w && y >= 0 && y <= h }
        let labels = last.nodes.filter { !$0.label.isEmpty && $0.opacity > 0.5 && onScreen($0.x, $0.y) }.map { ($0.label, $0.fontSize) }
            + last.texts.filter { !$0.text.isEmpty && $0.opacity > 0.5 && onScreen($0.x, $0.y) }.map { ($0.text, $0.fontSize) }
        let small = labels.filter { $0.1 < floor }
        #expect(!labels.isEmpty, "the last frame shows no label")
        #expect(small.isEmpty, "\(small.count) of \(labels.count) labels under \(floor) px: \(small.prefix(4))")
    }
}
