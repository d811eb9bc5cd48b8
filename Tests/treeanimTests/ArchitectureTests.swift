import Foundation
import Testing

/// Data flows one way (DESIGN.md): a module imports only the modules below
/// it in the pipeline, and the core never names a structure.
@Suite struct ArchitectureTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    /// The project's modules each module may import.
    static let allowed: [String: Set<String>] = [
        "Geometry": [],
        "Tween": ["Geometry"],
        "Trees": ["Geometry"],
        "InputText": [],
        "TreeFiles": ["Trees", "InputText"],
        "FamilyFiles": ["Trees", "InputText"],
        "ChartFiles": ["InputText"],
        "Raster": ["Geometry", "CFreeType", "CFontconfig"],
        "PNG": ["CPNG"],
        "Diagram": ["Geometry", "Tween", "Raster"],
        "Producers": ["Geometry", "Tween", "Trees", "ChartFiles", "Raster", "Diagram"],
        "Documents": ["CLibz"],
        "Compare": ["PNG"],
        "Output": ["Geometry", "Raster", "PNG", "Diagram", "Documents", "CPipe"],
    ]

    static func imports(of module: String) throws -> [(file: String, module: String)] {
        let dir = sources.appendingPathComponent(module)
        let files = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.flatMap { file in
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .filter { $0.hasPrefix("import ") || $0.hasPrefix("@testable import ") }
                .map { (file.lastPathComponent, String($0.split(separator: " ").last ?? "")) }
        }
    }

    @Test(arguments: allowed.keys.sorted())
    func aModuleImportsOnlyModulesBelowIt(_ module: String) throws {
        let project = Set(Self.allowed.keys).union(["CPNG", "CFreeType", "CFontconfig", "CLibz", "CPipe", "treeanim"])
        let found = try Self.imports(of: module)
        #expect(!found.isEmpty, "no sources read for \(module)")
        for (file, imported) in found where project.contains(imported) {
            #expect(Self.allowed[module]?.contains(imported) == true, "\(module)/\(file) imports \(imported)")
        }
    }

    @Test func theCoreNamesNoStructure() throws {
        let dir = Self.sources.appendingPathComponent("Diagram")
        let files = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for word in ["BinarySearchTree", "BST", "Heap", "AVL"] {
                #expect(!text.contains(word), "\(file.lastPathComponent) names \(word)")
            }
        }
    }
}
