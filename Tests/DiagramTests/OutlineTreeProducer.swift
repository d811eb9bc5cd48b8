import Diagram
import Geometry
import Raster
import Trees

/// A producer that lives in the tests to show that the core knows no
/// particular structure: versions of a small n-ary tree of named nodes
/// (some circles, some boxes sized to their names), each version a step in
/// which nodes are matched by name. New names enter, gone names exit, kept
/// names glide.
struct OutlineTreeProducer {
    let labels: LabelFit
    static let radius = 0.3
    static let labelSize = 0.28

    /// The script that shows `versions` one after the other.
    func script(_ versions: [(caption: String, tree: Tree<String>)]) -> Script {
        var builder = ScriptBuilder()
        for (i, version) in versions.enumerated() {
            let next = diagram(of: version.tree)
            builder.step(version.caption, note: "version \(i + 1)") { s in
                s.beat(i == 0 ? .linear(duration: 0) : .easeInOut(duration: 0.8)) { d in d = next }
                s.hold(0.5)
            }
        }
        return builder.script
    }

    /// The tree laid out tidily, names of more than two characters in boxes.
    func diagram(of tree: Tree<String>) -> Diagram {
        let points = TidyLayout(levelGap: 1.2, siblingGap: 1.6).positions(of: tree)
        var d = Diagram()
        func add(_ t: Tree<String>, _ p: Tree<Point>, parent: ElementID?) {
            let id = ElementID(t.value)
            if t.value.count <= 2 {
                d.nodes.insert(.circle(id, at: p.value, radius: Self.radius, label: t.value, labelSize: Self.labelSize))
            } else {
                let size = labels.boxSize(for: t.value, size: Self.labelSize, padding: 0.15, height: 2 * Self.radius)
                d.nodes.insert(
                    .box(id, at: p.value, size: size, cornerRadius: 0.12,
                         label: t.value, labelSize: Self.labelSize, role: parent == nil ? .visited : .normal))
            }
            if let parent { d.edges.insert(.tree(from: parent, to: id)) }
            for (child, place) in zip(t.children, p.children) {
                if let child, let place { add(child, place, parent: id) }
            }
        }
        add(tree, points, parent: nil)
        return d
    }

    /// The three versions the tests play: root with three children and
    /// four grandchildren; `beta` gains a child; `alpha` loses one.
    static let versions: [(caption: String, tree: Tree<String>)] = {
        func t(_ v: String, _ c: [Tree<String>] = []) -> Tree<String> { Tree(v, children: c) }
        return [
            ("three children", t("root", [t("alpha", [t("a1"), t("a2")]), t("beta", [t("b1")]), t("gamma", [t("g1")])])),
            ("beta gains b2", t("root", [t("alpha", [t("a1"), t("a2")]), t("beta", [t("b1"), t("b2")]), t("gamma", [t("g1")])])),
            ("alpha loses a1", t("root", [t("alpha", [t("a2")]), t("beta", [t("b1"), t("b2")]), t("gamma", [t("g1")])])),
        ]
    }()
}
