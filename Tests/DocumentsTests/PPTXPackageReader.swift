import Foundation
import FoundationXML
import ZIPFoundation

/// A written `.pptx` read back with ZIPFoundation, for checks of its Open
/// Packaging structure: entries, content types, relationships, XML.
struct PackageReader {
    /// A relationship as a `.rels` part states it, its target resolved to a
    /// part name (no leading slash) unless it is external.
    struct Link: Equatable {
        var id: String
        var type: String
        var target: String
        var external: Bool
    }

    var entries: [String: Data] = [:]
    /// The entries in the order they are stored.
    var names: [String] = []
    /// Whether each entry is stored compressed.
    var compressed: [String: Bool] = [:]

    init(_ path: String) throws {
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read)
        for entry in archive {
            var data = Data()
            _ = try archive.extract(entry) { data.append($0) }
            entries[entry.path] = data
            names.append(entry.path)
            compressed[entry.path] = entry.isCompressed
        }
    }

    func data(_ name: String) throws -> Data {
        guard let data = entries[name] else { throw Missing(description: "the package has no part \(name)") }
        return data
    }

    func xml(_ name: String) throws -> XMLDocument {
        try XMLDocument(data: data(name), options: [])
    }

    /// The content type `[Content_Types].xml` gives part `name`: its
    /// override, else the default for its extension.
    func contentType(of name: String) throws -> String? {
        let types = try xml("[Content_Types].xml")
        if let override = types.elements("Override").first(where: { $0.attribute("PartName") == "/" + name }) {
            return override.attribute("ContentType")
        }
        let ext = name.split(separator: ".").last.map(String.init)?.lowercased()
        return types.elements("Default").first { $0.attribute("Extension")?.lowercased() == ext }?
            .attribute("ContentType")
    }

    /// The relationships of part `name` (`""` for the package's own).
    func links(of name: String) throws -> [Link] {
        let folder = name.split(separator: "/").dropLast().joined(separator: "/")
        let file = name.split(separator: "/").last.map(String.init) ?? ""
        let relsName = (folder.isEmpty ? "" : folder + "/") + "_rels/\(file).rels"
        guard entries[relsName] != nil else { return [] }
        return try xml(relsName).elements("Relationship").map { element in
            let target = element.attribute("Target") ?? ""
            let external = element.attribute("TargetMode") == "External"
            return Link(
                id: element.attribute("Id") ?? "", type: element.attribute("Type") ?? "",
                target: external ? target : Self.resolve(target, from: folder), external: external)
        }
    }

    /// The part `name` links to by relationship `id`.
    func target(of id: String, from name: String) throws -> String {
        guard let link = try links(of: name).first(where: { $0.id == id }) else {
            throw Missing(description: "\(name) has no relationship \(id)")
        }
        return link.target
    }

    /// `target` relative to `folder` (or absolute, from a leading slash) as
    /// a part name.
    static func resolve(_ target: String, from folder: String) -> String {
        var parts = target.hasPrefix("/") ? [] : folder.split(separator: "/").map(String.init)
        for piece in target.split(separator: "/") {
            switch piece {
            case ".": continue
            case "..": _ = parts.popLast()
            default: parts.append(String(piece))
            }
        }
        return parts.joined(separator: "/")
    }

    struct Missing: Error, CustomStringConvertible {
        var description: String
    }
}

extension XMLNode {
    /// Every element below this node with the local name `name`, in
    /// document order, whatever its namespace prefix.
    func elements(_ name: String) -> [XMLElement] {
        ((try? nodes(forXPath: ".//*[local-name()='\(name)']")) ?? []).compactMap { $0 as? XMLElement }
    }
}

extension XMLElement {
    /// The value of the attribute written `name` (`"r:id"` with its prefix).
    func attribute(_ name: String) -> String? {
        attributes?.first { $0.name == name }?.stringValue
    }

    /// An attribute of the offset (`off`) or extent (`ext`) of a shape's
    /// placement, such as `off`, `x`; -1 when it has none.
    func placement(_ child: String, _ attribute: String) -> Int {
        Int(elements("xfrm").first?.elements(child).first?.attribute(attribute) ?? "") ?? -1
    }

    /// The text of a shape's paragraphs, a line break as `\n`, paragraphs
    /// joined by `\n`.
    var paragraphText: String {
        elements("p").map { paragraph in
            (paragraph.children ?? []).compactMap { child -> String? in
                switch child.localName {
                case "r": (child as? XMLElement)?.elements("t").map { $0.stringValue ?? "" }.joined()
                case "br": "\n"
                default: nil
                }
            }.joined()
        }.joined(separator: "\n")
    }
}
