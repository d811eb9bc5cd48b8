import Diagram
import Geometry
import Raster
import Testing
import Tween

/// Small scripts built beat by beat, played at 10 fps on a 480×270 frame.
struct Play {
    var builder = ScriptBuilder()
    var settings = FrameSettings(width: 480, height: 270, fps: 10)

    static func node(_ id: ElementID, _ x: Double, _ y: Double, label: String? = nil, role: Role = .normal) -> Node {
        .circle(id, at: Point(x, y), radius: 0.34, label: label ?? id.name, labelSize: 0.3, role: role)
    }

    mutating func step(_ caption: String? = nil, camera: CameraMove = .fit, _ body: (inout StepBuilder) -> Void) {
        builder.step(caption, camera: camera, body)
    }

    func timeline() throws -> Timeline { try Timeline(script: builder.script, settings: settings, labels: DiagramLabels.fit) }
}

extension Scene {
    func node(_ label: String) -> NodeState? { nodes.first { $0.label == label } }
}

extension Timeline {
    /// The scene at `t` seconds (the frame of that time).
    func scene(atTime t: Double) -> Scene { scene(at: Int((t * fps).rounded())) }
}

@Suite struct TimelineTests {
    /// a at the root with b and c under it, shown at once, then held.
    static func abc() -> Play {
        var p = Play()
        p.step("start") { s in
            s.beat(.linear(duration: 0)) { d in
                d.nodes.insert(Play.node("a", 0, 0))
                d.nodes.insert(Play.node("b", -1, 1.5))
                d.nodes.insert(Play.node("c", 1, 1.5))
                d.edges.insert(.tree(from: "a", to: "b"))
                d.edges.insert(.tree(from: "a", to: "c"))
            }
        }
        return p
    }

    @Test func aNodeInBothDiagramsTweensToItsNewPlace() throws {
        var p = Self.abc()
        p.step(camera: .keep) { s in s.beat(.linear(duration: 1)) { d in d.nodes["c"]?.position = Point(3, 1.5) } }
        let tl = try p.timeline()
        let start = tl.scene(at: 0).node("c")!, end = tl.scene(at: tl.frameCount - 1).node("c")!
        let mid = tl.scene(atTime: 0.5).node("c")!
        #expect(abs(mid.x - (start.x + end.x) / 2) < 1e-9 && mid.y == start.y)
        #expect(end.x > start.x)
        // The same node throughout: one id, drawn once.
        #expect(tl.scene(atTime: 0.5).nodes.filter { $0.label == "c" }.count == 1)
        #expect(Set((0..<tl.frameCount).map { tl.scene(at: $0).node("c")!.id }).count == 1)
    }

    @Test func aNewNodeEntersGrowingAndFadingInAndAGoneOneExits() throws {
        var p = Self.abc()
        p.step(camera: .keep) { s in s.beat(.linear(duration: 1)) { d in d.nodes.insert(Play.node("d", 0, 3)) } }
        p.step(camera: .keep) { s in s.beat(.linear(duration: 1)) { d in d.nodes.remove("b") } }
        let tl = try p.timeline()
        #expect(tl.scene(at: 0).node("d")?.opacity == 0)
        let entering = try #require(tl.scene(atTime: 0.5).node("d"))
        let settled = try #require(tl.scene(atTime: 1).node("d"))
        #expect(entering.opacity > 0.3 && entering.opacity < 0.7)
        #expect(entering.w < settled.w && settled.opacity == 1)
        let leaving = try #require(tl.scene(atTime: 1.5).node("b"))
        #expect(leaving.opacity > 0.3 && leaving.opacity < 0.7 && leaving.w < settled.w)
        #expect(tl.scene(at: tl.frameCount - 1).node("b") == nil)
    }

    @Test func aLabelChangeCrossFadesAndARoleChangeTweensItsColours() throws {
        var p = Self.abc()
        p.step(camera: .keep) { s in
            s.beat(.linear(duration: 1)) { d in
                d.nodes["b"]?.label = "B"
                d.nodes["b"]?.role = .visited
            }
        }
        let tl = try p.timeline()
        let theme = tl.settings.theme
        let mid = try #require(tl.scene(atTime: 0.5).nodes.first { $0.label == "B" })
        let fading = try #require(mid.fading)
        #expect(fading.text == "b" && abs(fading.opacity - 0.5) < 1e-9)
        let expected = theme.node(.normal).fill.interpolated(to: theme.node(.visited).fill, amount: 0.5)
        #expect(abs(mid.fill.red - expected.red) < 1e-9 && abs(mid.fill.blue - expected.blue) < 1e-9)
        #expect(tl.scene(atTime: 0.4).nodes.first { $0.id == mid.id }?.role == "normal")
        #expect(tl.scene(atTime: 0.6).nodes.first { $0.id == mid.id }?.role == "visited")
        let end = try #require(tl.scene(at: tl.frameCount - 1).node("B"))
        #expect(end.fading == nil && end.fill == theme.node(.visited).fill)
    }

    @Test func anEdgeWhoseParentChangesIsJoinedToAParentAndItsChildInEveryFrame() throws {
        var p = Self.abc()
        p.step(camera: .keep) { s in
            s.beat(.easeInOut(duration: 1)) { d in
                d.nodes.insert(Play.node("d", 1, 3))
                d.edges.insert(.tree(from: "c", to: "d"))
            }
        }
        // d moves under b: its edge keeps its id, its start swings from c to b.
        p.step(camera: .keep) { s in
            s.beat(.easeInOut(duration: 1)) { d in
                d.nodes["d"]?.position = Point(-1, 3)
                d.edges[.edge(to: "d")]?.from = "b"
            }
        }
        let tl = try p.timeline()
        var fromB = [Double]()
        for i in 0..<tl.frameCount {
            let s = tl.scene(at: i)
            for e in s.edges {
                let child = try #require(s.nodes.first { $0.id == e.to }), parent = try #require(s.nodes.first { $0.id == e.from })
                #expect(e.x2 == child.x && e.y2 == child.y || e.points.count == 2 && i < 10, "frame \(i): edge end off its child")
                #expect(e.x1 == parent.x && e.y1 == parent.y, "frame \(i): edge start off its parent")
            }
            if tl.time(ofFrame: i) >= 1 {
                fromB.append(s.edges.filter { $0.to == s.node("d")?.id && $0.from == s.node("b")?.id }.map(\.opacity).max() ?? 0)
            }
        }
        // The line from b fades in over the move, not in one jump.
        #expect(fromB.first! < 0.05 && fromB.last! == 1 && fromB.contains { $0 > 0.3 && $0 < 0.7 })
        let mid = tl.scene(atTime: 1.5)
        #expect(Set(mid.edges.filter { $0.to == mid.node("d")!.id }.map(\.from)) == [mid.node("b")!.id, mid.node("c")!.id])
    }

    @Test func anEdgeHandedOverFadesFromTheOldParentToTheNewJoinedToBothAllAlong() throws {
        for swing in [EdgeSwing.handOver, .slide] {
            var p = Self.abc()
            p.step(camera: .keep) { s in
                s.beat(.linear(duration: 0)) { d in
                    d.nodes.insert(Play.node("d", 0, 3))
                    d.edges.insert(.tree(from: "c", to: "d"))
                }
            }
            p.step(camera: .keep) { s in
                s.beat(.linear(duration: 1)) { d in
                    d.edges[.edge(to: "d")]?.from = "b"
                    d.edges[.edge(to: "d")]?.swing = swing
                    d.nodes["d"]?.position = Point(-1, 3)
                }
            }
            let tl = try p.timeline()
            let start = tl.scene(atTime: 0.01).edges.count
            for t in [0.2, 0.5, 0.8] {
                let s = tl.scene(atTime: tl.time(ofFrame: tl.frameCount - 1) - 1 + t)
                let b = s.node("b")!, c = s.node("c")!, d = s.node("d")!
                let parts = s.edges.filter { $0.to == d.id }
                try #require(parts.count == 2, "at \(t): \(parts.count) lines into d")
                let old = try #require(parts.first { $0.from == c.id }), new = try #require(parts.first { $0.from == b.id })
                // Each joins its two nodes where they are now.
                #expect(old.points == [Point(c.x, c.y), Point(d.x, d.y)] && new.points == [Point(b.x, b.y), Point(d.x, d.y)])
                #expect(abs(old.opacity - (1 - t)) < 0.05 && abs(new.opacity - t) < 0.05, "at \(t): \(old.opacity), \(new.opacity)")
            }
            let end = tl.scene(at: tl.frameCount - 1)
            #expect(end.edges.count == start && end.edges.allSatisfy { $0.points.count == 2 && $0.opacity == 1 })
        }
    }

    @Test func removingAnInnerNodeAnimatesItsChildrenUpAndTakesItsEdgesAndRingsAlong() throws {
        var p = Self.abc()
        p.step(camera: .keep) { s in
            s.beat(.linear(duration: 0.5)) { d in
                d.nodes.insert(Play.node("d", 1, 3))
                d.edges.insert(.tree(from: "c", to: "d"))
                d.marks.insert(.ring("ring", on: "c"))
            }
        }
        p.step(camera: .keep) { s in
            s.beat(.easeInOut(duration: 1)) { d in
                d.nodes.remove("c")
                d.nodes["d"]?.position = Point(1, 1.5)
                d.edges[.edge(to: "d")]?.from = "a"
            }
        }
        let tl = try p.timeline()
        let mid = tl.scene(atTime: 1)
        let d = try #require(mid.node("d")), c = try #require(mid.node("c"))
        #expect(c.opacity < 1 && d.y < tl.scene(atTime: 0.5).node("d")!.y)
        let last = tl.scene(at: tl.frameCount - 1)
        #expect(last.node("c") == nil && last.edges.count == 2 && last.marks.isEmpty)
        // a–b, a–c, and d's edge handed from c to a: two lines, c–d fading
        // out as a–d fades in.
        #expect(mid.marks.count == 1 && mid.edges.count == 4)
        #expect(last.edges.allSatisfy { $0.from == last.node("a")!.id })
    }

    @Test func aRingOnANodeFollowsItAndSlidesToTheNext() throws {
        var p = Self.abc()
        p.step(camera: .keep) { s in s.beat(.linear(duration: 0.3)) { d in d.marks.insert(.ring("ring", on: "b")) } }
        p.step(camera: .keep) { s in
            s.beat(.linear(duration: 1)) { d in
                d.nodes["b"]?.position = Point(-2, 1.5)
                d.marks["ring"]?.placement = .on("c")
            }
        }
        p.step(camera: .keep) { s in s.beat(.linear(duration: 1)) { d in d.nodes["c"]?.position = Point(2, 1.5) } }
        let tl = try p.timeline()
        for i in 0..<tl.frameCount where tl.time(ofFrame: i) >= 1.3 {
            let s = tl.scene(at: i), ring = try #require(s.highlight), c = try #require(s.node("c"))
            #expect(abs(ring.x - c.x) < 1e-9 && abs(ring.y - c.y) < 1e-9, "frame \(i)")
            #expect(abs(ring.radius - c.radius * 1.3) < 1e-9)
        }
        let halfway = tl.scene(atTime: 0.8)
        let ring = try #require(halfway.highlight)
        let b = halfway.node("b")!, c = halfway.node("c")!
        #expect(abs(ring.x - (b.x + c.x) / 2) < 1e-9)
        #expect(tl.scene(atTime: 0.8).marks.count == 1)
    }

    /// A ring sent on to a node further than the camera pans (it flies
    /// there first) does not crawl in from off the frame, holding the
    /// step while it does: it fades out where it was and in where it goes,
    /// in the time written, and is never drawn between the two.
    @Test func aRingSentFurtherThanTheCameraPansLeapsInItsWrittenTime() throws {
        var p = Play()
        let near = Rect(x: -1, y: -1, width: 2, height: 2), far = Rect(x: 59, y: -1, width: 2, height: 2)
        p.step(camera: .region(near)) { s in
            s.beat(.linear(duration: 0)) { d in
                d.nodes.insert(Play.node("a", 0, 0))
                d.nodes.insert(Play.node("z", 60, 0))
                d.marks.insert(.ring("ring", on: "a"))
            }
        }
        p.step(camera: .region(far)) { s in s.beat(.linear(duration: 0.5)) { d in d.marks["ring"]?.placement = .on("z") } }
        let tl = try p.timeline()
        let step = tl.steps[1]
        var dipped = [Int]()
        for i in step.frames {
            let s = tl.scene(at: i)
            guard let ring = s.highlight, ring.opacity > 0 else { continue }
            let at = { (label: String) in s.node(label).map { abs($0.x - ring.x) < 1e-6 && abs($0.y - ring.y) < 1e-6 } ?? false }
            #expect(at("a") || at("z"), "frame \(i): the ring at \(ring.x), \(ring.y), between a and z")
            if ring.opacity < 1 { dipped.append(i) }
        }
        // It dips within the half second written (5 frames at 10 fps) and
        // is on z, whole, from then on.
        #expect(!dipped.isEmpty && dipped.count <= 5, "\(dipped)")
        let last = tl.scene(at: step.frames.upperBound - 1)
        #expect(last.highlight?.opacity == 1 && abs(last.highlight!.x - last.node("z")!.x) < 1e-6)
        #expect(step.frames.upperBound - 1 - dipped.last! <= 1)
    }

    /// An edge's label is set at the floor where the camera stands a
    /// little further back than it was sized for, and left out, as a
    /// node's is, where it would have to be set at over twice its size: a
    /// graph seen whole does not pile its weights up at the floor.
    @Test func anEdgeLabelIsRaisedToTheFloorOnlySoFarThenLeftOut() throws {
        var p = Play()
        p.step { s in
            s.beat(.linear(duration: 0)) { d in
                d.nodes.insert(Play.node("a", 0, 0))
                d.nodes.insert(Play.node("b", 1, 0))
                d.edges.insert(Edge(id: "ab", from: "a", to: "b", label: "7", labelSize: 0.3))
            }
        }
        let widths: [Double] = [3, 8, 14, 20, 30, 45, 70, 120]
        for w in widths {
            p.step(camera: .region(Rect(x: -w / 2, y: -w / 4, width: w, height: w / 2))) { s in s.hold(0.5) }
        }
        let tl = try p.timeline()
        let floor = p.settings.minimumLabel * Double(p.settings.height) / 720
        var seen = Set<String>()
        for span in tl.steps.dropFirst() {
            let scene = tl.scene(at: span.restFrame)
            // The node is a circle 0.68 units across: its width says the zoom.
            let zoom = try #require(scene.node("a")).w / 0.68, natural = 0.3 * zoom
            let edge = try #require(scene.edges.first)
            if natural >= floor {
                #expect(abs(edge.labelSize - natural) < 1e-6, "at \(zoom) px a unit")
                seen.insert("natural")
            } else if natural * 2 >= floor {
                #expect(edge.labelSize == floor, "at \(zoom) px a unit")
                seen.insert("floor")
            } else {
                #expect(edge.labelSize == 0, "at \(zoom) px a unit: \(edge.labelSize) px")
                seen.insert("left out")
            }
        }
        #expect(seen == ["natural", "floor", "left out"])
    }

    @Test func nodesTradingPlacesAlongArcsPassEachOther() throws {
        var p = Self.abc()
        p.step(camera: .keep) { s in
            s.beat(.linear(duration: 1), paths: ["b": .arc(bend: 0.4), "c": .arc(bend: 0.4)]) { d in
                d.nodes["b"]?.position = Point(1, 1.5)
                d.nodes["c"]?.position = Point(-1, 1.5)
            }
        }
        let tl = try p.timeline()
        let mid = tl.scene(atTime: 0.5)
        let b = mid.node("b")!, c = mid.node("c")!
        #expect(abs(b.x - c.x) < 1e-9 && abs(b.y - c.y) > b.h)
        let end = tl.scene(at: tl.frameCount - 1)
        #expect(end.node("b")!.x > end.node("c")!.x)
    }

    @Test func scenesAreTheSameInAnyOrderAndAlone() throws {
        var p = Self.abc()
        p.step { s in
            s.beat(.spring(duration: 0.8, bounce: 0.2)) { d in
                d.nodes.insert(Play.node("d", 1, 3, role: .new))
                d.edges.insert(.tree(from: "c", to: "d"))
                d.marks.insert(.ring("ring", on: "a"))
            }
            s.beat(.easeInOut(duration: 0.7)) { d in
                d.marks["ring"]?.placement = .on("d")
                d.nodes["a"]?.label = "A"
                d.texts.insert(TextElement(id: "count", text: "4 nodes", placement: .screen(Point(0.9, 0.9)), size: 0.05, alignment: .right))
            }
        }
        let tl = try p.timeline()
        let inOrder = (0..<tl.frameCount).map { tl.scene(at: $0) }
        for i in stride(from: tl.frameCount - 1, through: 0, by: -1) { #expect(tl.scene(at: i) == inOrder[i]) }
        let again = try p.timeline()
        for i in [7, 3, 11, 0] { #expect(again.scene(at: i) == inOrder[i]) }
    }

    @Test func theCameraStaysStillWhileTheDiagramKeepsItsSizeAndRefitsWhenItGrows() throws {
        var p = Self.abc()
        p.step { s in s.beat(.linear(duration: 1)) { d in d.nodes["b"]?.role = .visited } }
        p.step { s in s.beat(.linear(duration: 1)) { d in d.nodes["c"]?.position = Point(1, 1.5) } }
        p.step { s in s.beat(.linear(duration: 1)) { d in d.nodes.insert(Play.node("far", 6, 6)) } }
        let tl = try p.timeline()
        let a0 = tl.scene(at: 0).node("a")!
        for i in 0..<20 {
            let a = tl.scene(at: i).node("a")!
            #expect(a.x == a0.x && a.y == a0.y && a.w == a0.w, "frame \(i)")
        }
        let last = tl.scene(at: tl.frameCount - 1)
        #expect(last.node("a")!.w < a0.w)
        for n in last.nodes { #expect(n.x - n.w / 2 >= 0 && n.x + n.w / 2 <= 480 && n.y + n.h / 2 <= 270) }
    }

    @Test func editedAndReplacedDiagramsGiveTheSameAnimation() throws {
        var edited = Self.abc()
        edited.step { s in
            s.beat(.easeInOut(duration: 1)) { d in
                d.nodes["b"]?.position = Point(-2, 1.5)
                d.nodes.remove("c")
                d.nodes.insert(Play.node("e", 0, 3))
                d.edges.remove(.edge(to: "c"))
                d.edges.insert(.tree(from: "b", to: "e"))
            }
        }
        var replaced = Self.abc()
        replaced.step { s in
            s.beat(.easeInOut(duration: 1)) { d in
                var next = Diagram()
                next.nodes.insert(Play.node("a", 0, 0))
                next.nodes.insert(Play.node("b", -2, 1.5))
                next.nodes.insert(Play.node("e", 0, 3))
                next.edges.insert(.tree(from: "a", to: "b"))
                next.edges.insert(.tree(from: "b", to: "e"))
                d = next
            }
        }
        let a = try edited.timeline(), b = try replaced.timeline()
        #expect(a.frameCount == b.frameCount)
        for i in 0..<a.frameCount { #expect(a.scene(at: i) == b.scene(at: i), "frame \(i)") }
        #expect(edited.builder.script.steps[1].beats[0].changes.count == 5)
    }

    @Test func barsAndTextsTweenTheirValuesAndFollowTheirNodes() throws {
        var p = Self.abc()
        p.step(camera: .keep) { s in
            s.beat(.linear(duration: 0)) { d in
                d.bars.insert(Bar(id: "bar", frame: Rect(x: 2, y: 0, width: 0.5, height: 1), value: 10, label: "x"))
                d.texts.insert(TextElement(id: "badge", text: "0", placement: .node("c", offset: Vector(0.5, -0.4)), size: 0.25))
            }
        }
        p.step(camera: .keep) { s in
            s.beat(.linear(duration: 1)) { d in
                d.bars["bar"]?.value = 20
                d.bars["bar"]?.frame = Rect(x: 2, y: -1, width: 0.5, height: 2)
                d.nodes["c"]?.position = Point(1, 3)
                d.texts["badge"]?.text = "+1"
            }
        }
        let tl = try p.timeline()
        let mid = tl.scene(atTime: 0.5)
        let bar = try #require(mid.bars.first)
        #expect(abs(bar.value - 15) < 1e-9)
        for i in 0..<tl.frameCount {
            let s = tl.scene(at: i), c = s.node("c")!, badge = try #require(s.texts.first)
            #expect(abs(badge.x - c.x - 0.5 * (c.w / 0.68)) < 1e-6 && abs(badge.y - c.y + 0.4 * (c.w / 0.68)) < 1e-6)
        }
        #expect(mid.texts.first?.fading?.text == "0")
    }

    @Test func aScriptThatNamesAMissingNodeIsRefusedNamingIt() {
        var p = Play()
        p.step { s in s.beat { d in d.edges.insert(.tree(from: "x", to: "y")) } }
        #expect(throws: ScriptError.unknownNode("x", referencedBy: .edge(to: "y"))) { try p.timeline() }
    }

    @Test func captionsChangeAtStepsAndBeatsAndStepsKnowTheirFrames() throws {
        var p = Self.abc()
        p.step("second") { s in
            s.hold(1)
            s.hold(1, caption: "second, later")
        }
        let tl = try p.timeline()
        // The first step takes no time: the second starts on frame 0.
        #expect(tl.scene(at: 0).caption == "second")
        #expect(tl.scene(atTime: 0.5).caption == "second")
        #expect(tl.scene(atTime: 1.5).caption == "second, later")
        #expect(tl.steps.map(\.frames) == [0..<0, 0..<21])
        #expect(tl.scene(atTime: 1.5).step == 1)
    }

    /// A step that concludes before it tidies up knows when and on which
    /// frame: the last before the tidying starts, at any speed; a step that
    /// does not conclude rests on its last frame.
    @Test(arguments: [1.0, 2.0, 0.7])
    func aStepKnowsTheFrameOfItsConclusion(_ speed: Double) throws {
        var p = Self.abc()
        p.settings.speed = speed
        p.step("mark b") { s in
            s.beat(.linear(duration: 0.5)) { d in d.nodes["b"]?.role = .found }
            s.hold(1)
            s.conclude()
            s.beat(.linear(duration: 0.5)) { d in d.nodes["b"]?.role = .normal }
        }
        p.step("move c", camera: .keep) { s in
            s.beat(.linear(duration: 1)) { d in d.nodes["c"]?.position = Point(3, 1.5) }
        }
        let tl = try p.timeline()
        let marked = tl.steps[1]
        #expect(abs(marked.rest - (marked.start + 1.5 / speed)) < 1e-9)
        #expect(marked.frames.contains(marked.restFrame))
        // The conclusion's frame is the last before the tidying moves b.
        #expect(tl.time(ofFrame: marked.restFrame) <= marked.rest + 1e-9)
        #expect(tl.time(ofFrame: marked.restFrame + 1) > marked.rest)
        let roles = { (frame: Int) in tl.scene(at: frame).nodes.map(\.fill) }
        #expect(roles(marked.restFrame) == roles(marked.restFrame - 1), "held")
        #expect(roles(marked.restFrame + 1) != roles(marked.restFrame), "tidying")
        let moved = tl.steps[2]
        #expect(moved.rest == moved.end && moved.restFrame == moved.frames.upperBound - 1)
        #expect(tl.steps[0].restFrame == 0, "a step that takes no time rests on its first frame")
    }

    @Test(arguments: [0.7, 1.3, 3])
    func aNodeThatComesBackAfterLeavingAppearsWhereItIsPutAtAnySpeed(_ speed: Double) throws {
        var p = Self.abc()
        p.settings.speed = speed
        p.settings.fps = 30
        p.step(camera: .keep) { s in s.beat(.linear(duration: 0.3)) { d in d.nodes.remove("c") } }
        p.step(camera: .keep) { s in s.beat(.linear(duration: 0.3)) { d in d.nodes.insert(Play.node("c", -3, 3)) } }
        let tl = try p.timeline()
        let back = tl.steps[2].frames
        let a = tl.scene(at: 0).node("a")!
        for i in back {
            let c = try #require(tl.scene(at: i).node("c"))
            #expect(c.x < a.x && c.y > a.y + 100, "frame \(i): c glides in from where it left")
        }
        for i in tl.steps[1].frames.dropLast(0) where tl.time(ofFrame: i) >= tl.steps[1].end {
            #expect(tl.scene(at: i).node("c").map { $0.opacity > 0 } != true)
        }
    }

    @Test func aWholeNumberOfFramesGetsNoExtraFrameFromRounding() throws {
        var p = Play()
        p.step { s in
            for _ in 0..<3 { s.hold(0.1) }
        }
        let tl = try p.timeline()
        #expect(tl.frameCount == 4)
    }

    @Test func aRoleChangeThatInterruptsAnotherSwitchesItsWordWithTheColours() throws {
        var p = Self.abc()
        p.step(camera: .keep) { s in
            s.beat(.linear(duration: 1), duration: 0.2) { d in d.nodes["b"]?.role = .visited }
            s.beat(.linear(duration: 0.2)) { d in d.nodes["b"]?.role = .found }
            s.hold(0.5)
        }
        var q = p
        q.settings.fps = 100
        let tl = try q.timeline()
        let roles = (0..<tl.frameCount).map { tl.scene(at: $0).node("b")!.role }
        #expect(!roles.contains("visited"))
        #expect(tl.scene(atTime: 0.25).node("b")!.role == "normal" && tl.scene(atTime: 0.35).node("b")!.role == "found")
    }

    @Test func aLabelChangeThatInterruptsAnotherFadesFromTheLabelShowingMost() throws {
        var p = Self.abc()
        p.step(camera: .keep) { s in
            s.beat(.linear(duration: 1), duration: 0.3) { d in d.nodes["b"]?.label = "B" }
            s.beat(.linear(duration: 1)) { d in d.nodes["b"]?.label = "C" }
        }
        let tl = try p.timeline()
        let mid = try #require(tl.scene(atTime: 0.5).node("C"))
        #expect(mid.fading?.text == "b")
    }

    @Test func reservedRegionsAreKeptInView() throws {
        var p = Self.abc()
        p.step { s in s.beat(.linear(duration: 0.5)) { d in d.reserved = [Rect(x: 8, y: 0, width: 1, height: 1)] } }
        let tl = try p.timeline()
        let before = tl.scene(at: 0).node("a")!, after = tl.scene(at: tl.frameCount - 1).node("a")!
        #expect(after.w < before.w && after.x < before.x)
    }

    @Test func aFirstStepThatKeepsTheCameraStillGetsItsOwnFit() throws {
        var p = Play()
        p.step(camera: .keep) { s in s.beat(.linear(duration: 0.5)) { d in d.nodes.insert(Play.node("a", 0, 0)) } }
        p.step { s in s.beat(.linear(duration: 0.5)) { d in d.nodes.insert(Play.node("far", 20, 0)) } }
        let tl = try p.timeline()
        let a = tl.scene(atTime: 0.4).node("a")!
        #expect(abs(a.x - 240) < 1)
    }

    @Test func anEdgeToANodeThatHasLeftIsRefused() {
        var p = Self.abc()
        p.step { s in s.beat { d in d.nodes.remove("c") } }
        p.step { s in s.beat { d in d.edges.insert(.tree(from: "a", to: "c")) } }
        #expect(throws: ScriptError.nodeGone("c", referencedBy: .edge(to: "c"))) { try p.timeline() }
    }

    @Test func aRingMovingFromAPlaceOntoANodeChangesSizeSmoothly() throws {
        var p = Self.abc()
        p.step(camera: .keep) { s in
            s.beat(.linear(duration: 0)) { d in d.marks.insert(Mark(id: "ring", placement: .world(Point(0, 3)), radius: 1)) }
            s.beat(.linear(duration: 1)) { d in d.marks["ring"]?.placement = .on("b") }
        }
        let tl = try p.timeline()
        let radii = (0..<tl.frameCount).map { tl.scene(at: $0).highlight!.radius }
        for (a, b) in zip(radii, radii.dropFirst()) { #expect(abs(a - b) < 6) }
        #expect(radii.first! > radii.last! * 2)
    }

    /// The nodes alone (what the motion laws read for every frame) are
    /// the scene's nodes, in every frame, with and without reduced motion.
    @Test(arguments: [false, true]) func theNodesOfAFrameAreTheScenesNodes(reduced: Bool) throws {
        var p = Self.abc()
        p.settings.reducedMotion = reduced
        p.step(camera: .keep) { s in
            s.beat(.easeInOut(duration: 1)) { d in
                d.nodes["b"]?.position = Point(-3, 1.5)
                d.nodes["c"]?.role = .accent
                d.nodes.insert(Play.node("d", 2, 3))
            }
            s.beat(.easeIn(duration: 0.5)) { d in d.nodes.remove("a") }
        }
        let tl = try p.timeline()
        #expect(tl.frameCount > 10)
        for f in 0..<tl.frameCount { #expect(tl.nodes(at: f) == tl.scene(at: f).nodes, "frame \(f)") }
    }

    @Test func animationsThatOutlastTheLastBeatPlayToTheirEnd() throws {
        var p = Self.abc()
        p.step(camera: .keep) { s in s.beat(.linear(duration: 2), duration: 0.2) { d in d.nodes["b"]?.position = Point(-3, 1.5) } }
        let tl = try p.timeline()
        #expect(tl.duration == 2)
        #expect(tl.scene(at: tl.frameCount - 1).node("b")!.x < tl.scene(at: 10).node("b")!.x)
    }

    @Test func aWalkRestsOnEachNodeAndCaptionsItOnArrival() throws {
        var p = Self.abc()
        p.step(camera: .keep) { s in
            s.walk("ring", along: ["a", "c"], move: .easeInOut(duration: 0.5), rest: 0.5) { i in i == 0 ? "at a" : "at c" }
            s.emphasise("c")
        }
        let tl = try p.timeline()
        // Fades in on a, rests 0.5 s, moves 0.5 s to c, rests 0.5 s, c swells
        // and settles; and the last caption, "at c", stays up the second it
        // takes to read (1 s at the least), which outlasts the swell.
        let arrival = stride(from: 0.0, to: tl.duration, by: 0.01).first { tl.scene(atTime: $0).caption == "at c" }
        // (The text changes halfway through its crossfade; it is read from
        // when the crossfade ends.)
        #expect(arrival.map { tl.duration >= $0 + 1 && tl.duration <= $0 + 1.11 } == true,
                "at c from \(arrival ?? -1) to \(tl.duration)")
        #expect(tl.duration > 2.2)
        let resting = tl.scene(atTime: 0.4)
        #expect(resting.caption == "at a" && abs(resting.highlight!.x - resting.node("a")!.x) < 1e-9)
        #expect(tl.scene(atTime: 1.0).caption == "at a")
        let arrived = tl.scene(atTime: 1.3)
        #expect(arrived.caption == "at c" && abs(arrived.highlight!.x - arrived.node("c")!.x) < 1e-9)
        #expect(tl.scene(atTime: 1.95).node("c")!.w > tl.scene(atTime: 1.3).node("c")!.w * 1.1)
        #expect(tl.scene(at: tl.frameCount - 1).node("c")!.w == tl.scene(atTime: 1.3).node("c")!.w)
    }
}
