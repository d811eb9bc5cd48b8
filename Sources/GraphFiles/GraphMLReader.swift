import Foundation
import Geometry
import Graphs
import InputText

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Reads GraphML (graphml.graphdrawing.org) as networkx, igraph, Gephi and
/// yEd write it, with Foundation's XML parser (libxml2):
///
///     <key id="d0" for="edge" attr.name="weight" attr.type="double"/>
///     <graph edgedefault="undirected">
///       <node id="a"><data key="label">Alpha</data></node>
///       <edge source="a" target="b"><data key="d0">2.5</data></edge>
///
/// A node's name is its `id`; its label the data whose key is named
/// `label` or `name` (yEd: the text of its `y:NodeLabel`); an edge's weight
/// the data whose key is named `weight` (else `value`, `cost`, `length`,
/// `distance`), else a numeric label; `x` and `y` data (Gephi) or yEd's
/// `y:Geometry` place a node. Nested graphs are read as one. A document
/// type or entity declaration is refused before parsing: GraphML needs
/// none, and an entity can grow a small file into gigabytes.
enum GraphMLReader {
    static func looksLike(_ text: String) -> Bool {
        let head = text.utf8.prefix(4_096)
        let start = String(decoding: head, as: UTF8.self)
        return start.drop { $0.isWhitespace || $0 == "\u{FEFF}" }.first == "<" && start.contains("<graphml")
    }

    static let weightNames = ["weight", "value", "cost", "length", "distance", "capacity"]

    static func read(_ text: String, name: String, directed: Bool?, limits: GraphFile.Limits, report: inout GraphFile.Report) throws(GraphFileError)
        -> Graph
    {
        if let r = text.range(of: "<!DOCTYPE") ?? text.range(of: "<!ENTITY") {
            let line = text[..<r.lowerBound].reduce(1) { $1 == "\n" || $1 == "\r\n" ? $0 + 1 : $0 }
            throw GraphFileError(file: name, line: line, message: "GraphML: a document type or entity declaration: GraphML needs none; remove it")
        }
        // The text is UTF-8 now, whatever the declaration says it was.
        var xml = text
        if let declared = xml.prefixMatch(of: /\s*<\?xml[^>]*?\bencoding\s*=\s*["'][^"']*["']/) {
            xml.replaceSubrange(declared.range, with: xml[declared.range].replacing(/\bencoding\s*=\s*["'][^"']*["']/, with: "encoding=\"UTF-8\""))
        }
        let reader = Delegate(limits: limits)
        let parser = XMLParser(data: Data(xml.utf8))
        parser.shouldResolveExternalEntities = false
        parser.shouldProcessNamespaces = false
        parser.delegate = reader
        let parsed = parser.parse()
        // libxml2 recovers from some errors and reads on: the first one it
        // met is where the file is wrong.
        if reader.firstError != nil || (reader.problem == nil && (!parsed || parser.parserError != nil)) {
            throw GraphFileError(
                file: name, line: reader.firstError ?? (parser.lineNumber > 0 ? parser.lineNumber : nil),
                message: "GraphML: not well-formed XML: check the tags there (each opened one closed, attribute values in quotes)")
        }
        if let problem = reader.problem {
            throw GraphFileError(file: name, line: problem.line, message: problem.message)
        }
        guard reader.sawGraph else { throw GraphFileError(file: name, message: "GraphML: no <graph> element in the file") }
        // Keys by role.
        func keys(for kind: String, named names: [String]) -> [String] {
            names.flatMap { n in reader.keys.filter { ($0.value.for == kind || $0.value.for == "all") && $0.value.name == n }.map { $0.key }.sorted() }
        }
        let labelKeys = keys(for: "node", named: ["label", "name"])
        let xKeys = keys(for: "node", named: ["x"]), yKeys = keys(for: "node", named: ["y"])
        let edgeLabelKeys = keys(for: "edge", named: ["label", "name"])
        let weightKeys = keys(for: "edge", named: weightNames)
        func value(_ data: [String: String], _ keys: [String]) -> (key: String, value: String)? {
            for k in keys {
                if let v = data[k] ?? reader.keys[k]?.defaultValue { return (k, v) }
            }
            return nil
        }
        let allDirected = !reader.edges.isEmpty && reader.edges.allSatisfy { $0.directed ?? reader.edgeDefaultDirected }
        var graph = Graph(directed: directed ?? allDirected)
        for node in reader.nodes {
            let label = value(node.data, labelKeys)?.value ?? node.yLabel
            for (what, t) in [("id", node.id), ("label", label ?? "")] {
                if let problem = GraphFile.problem(with: t, what: what, limits: limits) {
                    throw GraphFileError(file: name, line: node.line, message: "node \(GraphFile.shown(node.id)): \(problem)")
                }
            }
            guard graph.node(node.id) == nil else {
                throw GraphFileError(file: name, line: node.line, message: "GraphML: a second node with id \(GraphFile.shown(node.id)): give each node its own id")
            }
            let i = graph.node(named: node.id, label: label.flatMap { $0.isEmpty || $0 == node.id ? nil : $0 })
            let x = value(node.data, xKeys).flatMap { GraphFile.number($0.value) } ?? node.geometry?.x
            let y = value(node.data, yKeys).flatMap { GraphFile.number($0.value) } ?? node.geometry?.y
            if let x, let y {
                if let problem = GraphFile.positionProblem(x: x, y: y, written: "the position x \(x), y \(y)", limits: limits) {
                    throw GraphFileError(file: name, line: node.line, message: "node \(GraphFile.shown(node.id)): \(problem)")
                }
                graph.nodes[i].position = Point(x, y)
            }
        }
        var used = Set<String>()
        for edge in reader.edges {
            var ends = [Int]()
            for (role, id) in [("source", edge.source), ("target", edge.target)] {
                guard let i = graph.node(id) else {
                    throw GraphFileError(file: name, line: edge.line, message: "GraphML: the edge's \(role) \"\(GraphFile.shown(id))\" is not the id of a node")
                }
                ends.append(i)
            }
            let label = value(edge.data, edgeLabelKeys)?.value ?? edge.yLabel
            var weight: Double?
            if let found = value(edge.data, weightKeys) {
                let (key, written) = (found.key, found.value)
                guard let w = GraphFile.number(written) else {
                    throw GraphFileError(
                        file: name, line: edge.line, message: "GraphML: the edge's \(GraphFile.shown(reader.keys[key]?.name ?? key)) '\(GraphFile.shown(written))' is not a number")
                }
                weight = w
                used.insert(reader.keys[key]?.name ?? key)
            } else if let label, let w = GraphFile.number(label) {
                weight = w
                used.insert("label")
            }
            if let label, let problem = GraphFile.problem(with: label, what: "label", limits: limits) {
                throw GraphFileError(file: name, line: edge.line, message: "edge \(GraphFile.shown(edge.source)) – \(GraphFile.shown(edge.target)): \(problem)")
            }
            graph.edges.append(Graph.Edge(from: ends[0], to: ends[1], weight: weight, label: label.flatMap { $0.isEmpty ? nil : $0 }, line: edge.line))
        }
        if !used.isEmpty { report.weightsFrom = used.sorted().map { "'\($0)'" }.joined(separator: " and ") }
        return graph
    }

    /// Collects keys, nodes and edges as the parser meets them.
    final class Delegate: NSObject, XMLParserDelegate {
        struct Key {
            var name: String
            var `for`: String
            var defaultValue: String?
        }
        struct Item {
            var id = "", source = "", target = ""
            var directed: Bool?
            var data: [String: String] = [:]
            var yLabel: String?
            var geometry: Point?
            var line = 0
        }

        let limits: GraphFile.Limits
        var keys: [String: Key] = [:]
        var nodes: [Item] = []
        var edges: [Item] = []
        var edgeDefaultDirected = false
        var sawGraph = false
        var problem: (line: Int?, message: String)?
        /// The line of the first XML error the parser met.
        var firstError: Int?

        /// The node or edge open, the key of the data or default open,
        /// the text met inside it, and whether it is a yEd label.
        var item: Item?
        var isEdge = false
        var openKey: String?
        var dataKey: String?
        var inDefault = false
        var inLabel = false
        var characters = ""
        var depth = 0
        /// The elements open, with their lines: a closing tag must close
        /// the last (libxml2 recovers from one that does not).
        var open: [(name: String, line: Int)] = []

        init(limits: GraphFile.Limits) { self.limits = limits }

        func stop(_ parser: XMLParser, _ message: String) {
            if problem == nil { problem = (parser.lineNumber, message) }
            parser.abortParsing()
        }

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            depth += 1
            guard depth <= 64 else { return stop(parser, "GraphML: elements nested more than 64 deep") }
            open.append((element, parser.lineNumber))
            let local = element.split(separator: ":").last.map(String.init) ?? element
            switch local {
            case "key" where item == nil:
                guard let id = attributes["id"] else { return }
                keys[id] = Key(name: (attributes["attr.name"] ?? id).lowercased(), for: attributes["for"] ?? "all")
                openKey = id
            case "default" where openKey != nil:
                inDefault = true
                characters = ""
            case "graph":
                sawGraph = true
                if nodes.isEmpty, edges.isEmpty, let d = attributes["edgedefault"] { edgeDefaultDirected = d == "directed" }
            case "node" where !element.contains(":"):
                if let open = item, !isEdge { nodes.append(open) }  // a group node's nested graph
                guard nodes.count < limits.maxNodes else { return stop(parser, "has more than the \(grouped(limits.maxNodes)) nodes treeanim draws") }
                guard let id = attributes["id"] else { return stop(parser, "GraphML: a node without an id: give it id=\"…\"") }
                item = Item(id: id, line: parser.lineNumber)
                isEdge = false
            case "edge" where !element.contains(":"):
                guard edges.count < limits.maxEdges else { return stop(parser, "has more than the \(grouped(limits.maxEdges)) edges treeanim draws") }
                guard let s = attributes["source"], let t = attributes["target"] else {
                    return stop(parser, "GraphML: an edge without a source and a target: give it source=\"…\" target=\"…\"")
                }
                item = Item(source: s, target: t, directed: attributes["directed"].map { $0 == "true" }, line: parser.lineNumber)
                isEdge = true
            case "data" where item != nil:
                dataKey = attributes["key"]
                characters = ""
            case "NodeLabel", "EdgeLabel":
                if item != nil, item?.yLabel == nil {
                    inLabel = true
                    characters = ""
                }
            case "Geometry":
                if item != nil, !isEdge, let x = attributes["x"].flatMap(GraphFile.number), let y = attributes["y"].flatMap(GraphFile.number) {
                    // The centre: yEd gives the box's corner and size.
                    let w = attributes["width"].flatMap(GraphFile.number) ?? 0, h = attributes["height"].flatMap(GraphFile.number) ?? 0
                    item?.geometry = Point(x + w / 2, y + h / 2)
                }
            default: break
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
            if firstError == nil, problem == nil { firstError = parser.lineNumber }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard inDefault || inLabel || dataKey != nil else { return }
            guard characters.utf8.count < 64 << 10 else { return }
            characters += string
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
            guard let last = open.popLast(), last.name == element else {
                return stop(
                    parser, "GraphML: </\(GraphFile.shown(element))> closes no open element of that name"
                        + (open.last.map { " (<\(GraphFile.shown($0.name))> is open, from line \($0.line))" } ?? ""))
            }
            let local = element.split(separator: ":").last.map(String.init) ?? element
            switch local {
            case "default" where inDefault:
                if let openKey { keys[openKey]?.defaultValue = characters.trimmingCharacters(in: .whitespacesAndNewlines) }
                inDefault = false
            case "key": openKey = nil
            case "NodeLabel", "EdgeLabel":
                if inLabel {
                    let t = characters.trimmingCharacters(in: .whitespacesAndNewlines)
                    if !t.isEmpty { item?.yLabel = t }
                    inLabel = false
                }
            case "data":
                if let dataKey, !inLabel {
                    let t = characters.trimmingCharacters(in: .whitespacesAndNewlines)
                    if !t.isEmpty { item?.data[dataKey] = t }
                }
                dataKey = nil
            case "node" where !element.contains(":"):
                if let open = item, !isEdge { nodes.append(open) }
                item = nil
            case "edge" where !element.contains(":"):
                if let open = item, isEdge { edges.append(open) }
                item = nil
            default: break
            }
        }
    }
}
