import Foundation
import Testing
import TestSupport

/// Data flows one way (DESIGN.md): a module imports only the modules below
/// it in the pipeline, and the core never names a structure.
@Suite(.tags(.cli)) struct ArchitectureTests {
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
        "Charts": [],
        // A reader produces the model; producers take the model, not the file.
        "ChartFiles": ["Charts", "InputText"],
        "Graphs": ["Geometry", "CGraphviz"],
        // Graphviz is called from Graphs alone, behind its one lock.
        "GraphFiles": ["Geometry", "Graphs", "InputText"],
        "Raster": ["Geometry", "CFreeType", "CFontconfig"],
        "PNG": ["CPNG"],
        "Diagram": ["Geometry", "Tween", "Raster"],
        // The operation languages hold words to the limits every reader keeps.
        "Producers": ["Geometry", "Tween", "Trees", "Graphs", "Charts", "InputText", "Raster", "Diagram"],
        "Documents": ["CLibz"],
        "Compare": ["PNG"],
        // File transactions know no frames, formats or sinks.
        "OutputFiles": [],
        "Output": ["Geometry", "Raster", "PNG", "Diagram", "Documents", "CPipe", "CSpawn", "OutputFiles"],
        // The job refuses an output that is one of the files the run read.
        "Rendering": ["Raster", "Diagram", "InputText", "Output", "OutputFiles"],
        "LectureFiles": ["InputText"],
        // From a request to frames: the producers, the readers they read
        // with, and the session every front end renders through.
        "Production": [
            "Geometry", "Tween", "Raster", "Diagram", "InputText", "Trees", "Graphs", "Charts", "TreeFiles", "FamilyFiles",
            "GraphFiles", "ChartFiles", "LectureFiles", "Producers", "Documents", "Output", "OutputFiles", "Rendering", "PNG",
        ],
        // The front door re-exports what a Swift user (and the CLI) needs.
        "TreeAnimKit": [
            "Geometry", "Tween", "Raster", "Diagram", "Output", "OutputFiles", "Rendering", "Production", "Producers", "Trees",
            "Graphs", "Charts", "InputText", "TreeFiles", "FamilyFiles", "GraphFiles", "ChartFiles", "LectureFiles", "Documents",
            "Compare", "PNG",
        ],
        // A studio session is a lecture in memory: built, rendered and
        // exported through the render session, never drawn on its own.
        "Studio": ["Production", "Diagram", "LectureFiles", "Output", "Rendering", "Raster", "PNG"],
        // The studio's HTTP layer: requests mapped to sessions, nothing more.
        "StudioServer": ["Studio", "Production", "GraphFiles", "InputText"],
        // The command line parses flags into the library's options and prints.
        "treeanim": ["TreeAnimKit", "StudioServer"],
    ]

    static func files(of module: String) -> [URL] {
        let dir = sources.appendingPathComponent(module)
        return FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
    }

    static func imports(of module: String) throws -> [(file: String, module: String)] {
        try files(of: module).flatMap { file in
            try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .filter { $0.hasPrefix("import ") || $0.hasPrefix("@testable import ") }
                .map { (file.lastPathComponent, String($0.split(separator: " ").last ?? "")) }
        }
    }

    @Test(arguments: allowed.keys.sorted())
    func aModuleImportsOnlyModulesBelowIt(_ module: String) throws {
        let project = Set(Self.allowed.keys).union(["CPNG", "CFreeType", "CFontconfig", "CLibz", "CPipe", "CSpawn", "CGraphviz"])
        // A model module may import nothing at all; it must have sources.
        #expect(!Self.files(of: module).isEmpty, "no sources read for \(module)")
        let found = try Self.imports(of: module)
        for (file, imported) in found where project.contains(imported) {
            #expect(Self.allowed[module]?.contains(imported) == true, "\(module)/\(file) imports \(imported)")
        }
    }

    /// The command line imports the library's front door, ArgumentParser
    /// and system modules, nothing else: every rule and every step from a
    /// request to frames is the library's. The studio's server is its own
    /// door, which `TreeAnimKit` does not re-export: a Swift user scripting
    /// animations gets no HTTP server with them.
    @Test func theCommandLineImportsOnlyTheFrontDoor() throws {
        let system: Set = ["Foundation", "Synchronization", "Glibc", "Dispatch"]
        for (file, imported) in try Self.imports(of: "treeanim") {
            #expect(["TreeAnimKit", "ArgumentParser", "StudioServer"].contains(imported) || system.contains(imported), "treeanim/\(file) imports \(imported)")
        }
    }

    /// Words that name a structure or its parts, as whole words of an
    /// identifier (camel case split) in code outside comments.
    static let structureWords: Set<String> = [
        "bst", "avl", "heap", "heapsort", "family", "families", "couple", "couples", "partner", "partners",
        "spouse", "gedcom", "kinship", "lineage", "pivot", "quicksort", "redblack",
    ]
    /// Role names and kinds a structure brings, as string literals.
    static let structureLiterals: Set<String> = [
        "red", "black", "male", "female", "pivot", "sorted", "compare", "couple", "descent", "heap", "bst", "avl",
        "family", "grid", "axis",
    ]

    /// Where `source` names a structure: identifiers made of a structure
    /// word, and string literals that are one. Comments are left out: they
    /// may say what a generic part is for.
    static func structureNames(in source: String) -> [String] {
        var found = [String]()
        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = Substring(rawLine)
            if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
            // String literals first, then the code without them.
            let parts = line.split(separator: "\"", omittingEmptySubsequences: false)
            var code = ""
            for (i, part) in parts.enumerated() {
                if i % 2 == 1 {
                    if structureLiterals.contains(part.lowercased()) { found.append("\"\(part)\"") }
                } else {
                    code += part + " "
                }
            }
            for identifier in code.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }) {
                for word in words(of: String(identifier)) where structureWords.contains(word) {
                    found.append(String(identifier))
                }
            }
        }
        return found
    }

    /// The words of a camel-case or snake-case identifier, lowercased:
    /// `fromPartner` is "from", "partner"; `BSTPlayer` is "bst", "player".
    static func words(of identifier: String) -> [String] {
        var words = [String]()
        var current = ""
        let chars = Array(identifier)
        for (i, c) in chars.enumerated() {
            let startsWord = c.isUppercase && !current.isEmpty
                && (chars[i - 1].isLowercase || (i + 1 < chars.count && chars[i + 1].isLowercase))
            if c == "_" || startsWord {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = c == "_" ? "" : String(c)
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }

    @Test func theCheckerFindsStructureNamesAndPassesGenericOnes() {
        #expect(Self.structureNames(in: "struct BSTPlayer { var fromPartner: ElementID? }") == ["BSTPlayer", "fromPartner"])
        #expect(Self.structureNames(in: "let role: Role = \"red\" // a red node") == ["\"red\""])
        #expect(Self.structureNames(in: "let c = Color(red: 1, green: 0, blue: 0); names.sorted()").isEmpty)
        #expect(Self.structureNames(in: "// the heap's array, as an example").isEmpty)
        #expect(Self.words(of: "HTMLDeckSink") == ["html", "deck", "sink"])
    }

    /// The core (Diagram), the outputs and the render draw and write any
    /// structure: they name none.
    @Test(arguments: ["Diagram", "Output", "Rendering"])
    func theCoreNamesNoStructure(_ prefix: String) throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path).filter { $0.hasPrefix(prefix) }
        #expect(!modules.isEmpty)
        var read = 0
        for module in modules {
            let dir = Self.sources.appendingPathComponent(module)
            let files = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            for file in files {
                read += 1
                let names = Self.structureNames(in: try String(contentsOf: file, encoding: .utf8))
                #expect(names.isEmpty, "\(module)/\(file.lastPathComponent) names \(names.joined(separator: ", "))")
            }
        }
        #expect(read > 0)
    }
}
