import Diagram
import Geometry

/// A producer that lives in the tests, not the product: it draws with the
/// core's generic edges what the next structures need, a small directed
/// weighted graph (a self-loop, a pair of edges each way bent apart, a
/// spline as Graphviz gives one) and a singly linked list that takes a new
/// node in its middle.
enum GraphAndListProducer {
    static func node(_ name: String, _ x: Double, _ y: Double) -> Node {
        .circle(ElementID(name), at: Point(x, y), radius: 0.45, label: name, labelSize: 0.4)
    }

    static func arc(_ a: String, _ b: String, weight: Int, route: EdgeRoute = .straight) -> Edge {
        Edge(
            id: ElementID("\(a)->\(b)"), from: ElementID(a), to: ElementID(b), route: route, kind: "arc", arrows: .end,
            label: String(weight))
    }

    /// A, B, C, D; A→B 4, B→C 1 and C→B 2 bent apart, C→C 3, A→D 7 along
    /// a spline, D→C 5. Then the walk lights A→B→C.
    static func graph() -> Script {
        var builder = ScriptBuilder(camera: CameraOptions(maxUnit: 0.09, padding: 0.3))
        builder.step("a directed weighted graph") { s in
            s.beat(.easeOut(duration: 0.5)) { d in
                for n in [node("A", 0, 0), node("B", 3, -1), node("C", 6, 0), node("D", 3, 2)] { d.nodes.insert(n) }
            }
            s.beat(.easeInOut(duration: 0.6)) { d in
                d.edges.insert(arc("A", "B", weight: 4))
                d.edges.insert(arc("B", "C", weight: 1, route: .bent(0.15)))
                d.edges.insert(arc("C", "B", weight: 2, route: .bent(0.15)))
                d.edges.insert(arc("C", "C", weight: 3, route: .loop(angle: -Double.pi / 2, size: 0.8)))
                d.edges.insert(arc("A", "D", weight: 7, route: .spline([Point(0, 0), Point(0, 1.6), Point(1.2, 2.2), Point(3, 2)])))
                d.edges.insert(arc("D", "C", weight: 5))
            }
            s.hold(0.5)
        }
        builder.step("A to C through B: 4 + 1 = 5") { s in
            s.beat(.easeInOut(duration: 0.4)) { d in
                d.edges[ElementID("A->B")]?.role = .accent
                d.edges[ElementID("B->C")]?.role = .accent
            }
            s.hold(0.5)
        }
        return builder.script
    }

    static func cell(_ key: Int, _ slot: Double) -> Node {
        .box(ElementID("cell", key), at: Point(slot * 2.4, 0), size: Size(width: 1.2, height: 0.8), cornerRadius: 0.08, label: String(key), labelSize: 0.4)
    }

    static func next(_ a: Int, _ b: Int) -> Edge {
        Edge(id: ElementID("next:\(a)"), from: ElementID("cell", a), to: ElementID("cell", b), kind: "next", arrows: .end)
    }

    /// 3 → 7 → 9; then 5 goes in after 3: it comes in below, its pointer
    /// to 7 is drawn, and 3's pointer swings over to it as the list makes
    /// room.
    static func list() -> Script {
        var builder = ScriptBuilder(camera: CameraOptions(maxUnit: 0.09, padding: 0.3))
        builder.step("a linked list: 3 → 7 → 9") { s in
            s.beat(.easeOut(duration: 0.5)) { d in
                for (i, k) in [3, 7, 9].enumerated() { d.nodes.insert(cell(k, Double(i))) }
            }
            s.beat(.easeInOut(duration: 0.5)) { d in
                d.edges.insert(next(3, 7))
                d.edges.insert(next(7, 9))
            }
        }
        builder.step("insert 5 after 3") { s in
            s.beat(.easeOut(duration: 0.5)) { d in
                var five = cell(5, 1)
                five.position = Point(2.4, 1.6)
                d.nodes.insert(five)
            }
            s.beat(.easeInOut(duration: 0.5)) { d in d.edges.insert(next(5, 7)) }
            s.beat(.easeInOut(duration: 0.8)) { d in
                d.edges[ElementID("next:3")]?.to = ElementID("cell", 5)
                d.nodes[ElementID("cell", 5)]?.position = Point(2.4, 0)
                d.nodes[ElementID("cell", 7)]?.position = Point(4.8, 0)
                d.nodes[ElementID("cell", 9)]?.position = Point(7.2, 0)
            }
            s.hold(0.5)
        }
        return builder.script
    }

    static let buckets = Cells("bucket", at: Point(0, 0), count: 5, size: Size(width: 1, height: 0.8), axis: .column)

    /// A hash table of five buckets (a column of cells, indexed), each key
    /// in a chain from its bucket: 17 and 4, then 22 after 17 (22 mod 5 is
    /// 2, as 17's is).
    static func hashTable() -> Script {
        var builder = ScriptBuilder(camera: CameraOptions(maxUnit: 0.09, padding: 0.3))
        builder.step("5 buckets") { s in
            s.beat(.easeOut(duration: 0.5)) { d in buckets.insert(into: &d) }
        }
        func entry(_ key: Int, column: Int) -> Node {
            .box(ElementID("key", key), at: Point(2 + 1.8 * Double(column), buckets.centre(key % 5).y), size: Size(width: 1.1, height: 0.7), cornerRadius: 0.1, label: String(key), labelSize: 0.38)
        }
        builder.step("insert 17 and 4: 17 mod 5 = 2, 4 mod 5 = 4") { s in
            s.beat(.easeOut(duration: 0.5)) { d in
                for k in [17, 4] {
                    d.nodes.insert(entry(k, column: 0))
                    d.edges.insert(Edge(id: ElementID("chain", k), from: buckets.id(k % 5), to: ElementID("key", k), kind: "chain", arrows: .end))
                }
            }
        }
        builder.step("insert 22: 22 mod 5 = 2, after 17") { s in
            s.beat(.easeOut(duration: 0.5)) { d in
                d.nodes.insert(entry(22, column: 1))
                d.edges.insert(Edge(id: ElementID("chain", 22), from: ElementID("key", 17), to: ElementID("key", 22), kind: "chain", arrows: .end))
                d.nodes[buckets.id(2)]?.role = .found
            }
            s.hold(0.5)
        }
        return builder.script
    }
}
