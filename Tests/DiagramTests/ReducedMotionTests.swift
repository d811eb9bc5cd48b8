import Diagram
import Geometry
import Raster
import Testing
import Tween

/// Reduced motion on small scripts: what moves fades out and back in, what
/// comes or goes only fades, nothing bounces, the camera cuts, colours
/// still tween.
@Suite struct ReducedMotionTests {
    /// `p` played with reduced motion.
    static func reduced(_ p: Play) throws -> Timeline {
        var p = p
        p.settings.reducedMotion = true
        return try p.timeline()
    }

    /// a, b and c, then c goes right over a second.
    static func move() -> Play {
        var p = TimelineTests.abc()
        p.step(camera: .keep) { s in s.beat(.linear(duration: 1)) { d in d.nodes["c"]?.position = Point(3, 1.5) } }
        return p
    }

    @Test func aMoveFadesOutWhereItWasAndInWhereItGoes() throws {
        let normal = try Self.move().timeline(), tl = try Self.reduced(Self.move())
        #expect(tl.frameCount == normal.frameCount)
        let start = tl.scene(at: 0).node("c")!, end = tl.scene(at: tl.frameCount - 1).node("c")!
        // 10 fps: the move is frames 0…10, its middle frame 5; the dip is
        // the middle 0.6 s of it.
        for f in 0...10 {
            let c = tl.scene(at: f).node("c")!
            #expect((c.x == start.x) == (f < 5) && (c.x == end.x || c.x == start.x), "frame \(f): c at \(c.x)")
            #expect(c.y == start.y)
        }
        let opacities = (0...10).map { tl.scene(at: $0).node("c")!.opacity }
        #expect(opacities[0] == 1 && opacities[1] == 1 && opacities[9] == 1 && opacities[10] == 1)
        #expect(opacities[5] == 0)
        #expect(opacities[3] > 0 && opacities[3] < 1 && opacities[7] > 0 && opacities[7] < 1)
        #expect(opacities[3] > opacities[4] && opacities[6] < opacities[7])
        // The normal run glides: half way at half time.
        #expect(abs(normal.scene(at: 5).node("c")!.x - (start.x + end.x) / 2) < 1e-9)
        // The edge to c goes with it: it fades as c does, never drawn to a
        // place between.
        let edges = (0...10).map { tl.scene(at: $0).edges.first { $0.to == c(tl) }! }
        #expect(edges.allSatisfy { $0.x2 == start.x || $0.x2 == end.x })
        #expect(edges[5].opacity == 0 && edges[0].opacity == 1)
    }

    /// The index of node c.
    func c(_ tl: Timeline) -> Int { tl.scene(at: 0).node("c")!.id }

    @Test func anElementThatComesOnlyFadesIn() throws {
        var p = Play()
        p.step { s in s.beat(.linear(duration: 1)) { d in d.nodes.insert(Play.node("a", 0, 0)) } }
        let tl = try Self.reduced(p), normal = try p.timeline()
        let full = tl.scene(at: 10).node("a")!.w
        for f in 1...9 {
            let a = tl.scene(at: f).node("a")!
            #expect(a.w == full && a.opacity > 0 && a.opacity < 1, "frame \(f): \(a.w) px wide at opacity \(a.opacity)")
        }
        #expect(normal.scene(at: 3).node("a")!.w < full, "without reduced motion it grows")
    }

    @Test func nothingBouncesPastItsTarget() throws {
        var p = TimelineTests.abc()
        p.step(camera: .keep) { s in
            s.beat(.spring(duration: 0.5, bounce: 0.6)) { d in d.nodes["c"]?.size = Size(width: 1, height: 1) }
        }
        let normal = try p.timeline(), tl = try Self.reduced(p)
        let target = tl.scene(at: tl.frameCount - 1).node("c")!.w
        #expect((0..<normal.frameCount).contains { normal.scene(at: $0).node("c")!.w > target + 1e-6 })
        #expect((0..<tl.frameCount).allSatisfy { tl.scene(at: $0).node("c")!.w <= target + 1e-9 })
    }

    @Test func theCameraCutsToANewView() throws {
        var p = TimelineTests.abc()
        p.step(camera: .keep) { s in s.hold(1) }
        p.step { s in s.beat(.linear(duration: 1)) { d in d.nodes.insert(Play.node("d", 9, 6)) } }
        p.step(camera: .region(Rect(x: 0, y: 0, width: 2, height: 2))) { s in s.hold(1) }
        let normal = try p.timeline(), tl = try Self.reduced(p)
        #expect(tl.duration <= normal.duration)
        // Where a (fixed in the world) is drawn shows the camera: with
        // reduced motion it takes as many places as there are views.
        func places(_ t: Timeline) -> Set<Double> { Set((0..<t.frameCount).map { t.scene(at: $0).node("a")!.x }) }
        #expect(places(tl).count == 3, "\(places(tl).sorted())")
        #expect(places(normal).count > 5)
    }

    @Test func anEdgeEndCutsOverToItsNewNode() throws {
        var p = TimelineTests.abc()
        p.step(camera: .keep) { s in s.beat(.linear(duration: 1)) { d in d.edges.insert(.tree(from: "b", to: "c")) } }
        let tl = try Self.reduced(p)
        let a = tl.scene(at: 0).node("a")!, b = tl.scene(at: 0).node("b")!
        let edges = (0...10).map { tl.scene(at: $0).edges.first { $0.to == c(tl) }! }
        for (f, e) in edges.enumerated() {
            #expect((e.x1 == a.x && e.y1 == a.y && f < 5) || (e.x1 == b.x && e.y1 == b.y && f >= 5), "frame \(f)")
        }
        #expect(edges[5].opacity == 0 && edges[0].opacity == 1 && edges[10].opacity == 1)
    }

    @Test func anEdgeDrawnOutFadesInWhole() throws {
        var p = TimelineTests.abc()
        p.step(camera: .keep) { s in s.beat(.linear(duration: 1)) { d in d.edges.remove(.edge(to: "c")) } }
        p.step(camera: .keep) { s in s.beat(.linear(duration: 1)) { d in d.edges.insert(.tree(from: "a", to: "c")) } }
        let tl = try Self.reduced(p)
        let first = tl.steps[2].frames.lowerBound
        let e = tl.scene(at: first + 3).edges.first { $0.to == c(tl) }!
        let whole = tl.scene(at: tl.frameCount - 1).edges.first { $0.to == c(tl) }!
        #expect(e.points == whole.points && e.opacity > 0 && e.opacity < 1)
    }

    @Test func aColourStillTweens() throws {
        var p = TimelineTests.abc()
        p.step(camera: .keep) { s in s.beat(.linear(duration: 1)) { d in d.nodes["b"]?.role = .visited } }
        let tl = try Self.reduced(p), normal = try p.timeline()
        let first = tl.steps[1].frames.lowerBound
        let fills = (first...(first + 10)).map { tl.scene(at: $0).node("b")!.fill }
        #expect(fills.indices.dropFirst().filter { fills[$0] != fills[$0 - 1] }.count > 5)
        #expect(fills == (first...(first + 10)).map { normal.scene(at: $0).node("b")!.fill })
        #expect((first...(first + 10)).allSatisfy { tl.scene(at: $0).node("b")!.opacity == 1 })
    }

    @Test func itIsOffUnlessAskedFor() {
        #expect(FrameSettings().reducedMotion == false)
    }
}
