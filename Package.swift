// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// `scripts/test.sh` sets `TREEANIM_OPTIMIZED_CORE=1`: every library module
/// the tests and the CLI runs spend their time in (drawing and tweening each
/// frame, the producers building scripts, the readers, the render session,
/// the outputs, the golden comparison) is then compiled optimised,
/// whole-module (so generic code one file uses from another is
/// specialised), inside the debug build the tests run, which keeps its
/// testability, its debug checks in the CLI and the tests, and every
/// `precondition` and overflow check (these modules have no `assert`).
/// Frames are the same bytes either way: nothing here allows fast-math.
/// Without it (a plain `swift build`, or a package that depends on this
/// one) the manifest has no unsafe flags.
/// The modules `TreeAnimKit` re-exports. A target that imports `TreeAnimKit`
/// lists them too: SwiftPM rebuilds a target when a module it depends on
/// directly changes, and `TreeAnimKit`'s own interface (its `@_exported`
/// imports) does not change when theirs does, so without them a type's
/// new layout in `Production` left the CLI built against the old one,
/// and it crashed.
let kitModules: [Target.Dependency] = [
    "Geometry", "Tween", "Raster", "Diagram", "Output", "OutputFiles", "Rendering", "Production", "Producers", "Trees", "Graphs",
    "Charts", "InputText", "TreeFiles", "FamilyFiles", "GraphFiles", "ChartFiles", "LectureFiles", "Documents", "Compare", "PNG",
]

let optimizedCore = ProcessInfo.processInfo.environment["TREEANIM_OPTIMIZED_CORE"] == "1"
let coreSwift: [SwiftSetting] = optimizedCore ? [.unsafeFlags(["-O", "-wmo", "-num-threads", "2"], .when(configuration: .debug))] : []
let coreC: [CSetting] = optimizedCore ? [.unsafeFlags(["-O2"], .when(configuration: .debug))] : []

let package = Package(
    name: "treeanim",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "treeanim", targets: ["treeanim"]),
        // The front door for Swift code that scripts its own animations:
        // elements, scripts, timelines and `render(_:to:settings:)`.
        .library(name: "TreeAnimKit", targets: ["TreeAnimKit"]),
        // The structures treeanim animates (search trees, heaps, sorts,
        // trees and family charts from files, bar charts), as scripts.
        .library(name: "TreeAnimProducers", targets: ["Producers"]),
        .library(name: "Trees", targets: ["Trees"]),
        .library(name: "InputText", targets: ["InputText"]),
        .library(name: "TreeFiles", targets: ["TreeFiles"]),
        .library(name: "FamilyFiles", targets: ["FamilyFiles"]),
        .library(name: "Charts", targets: ["Charts"]),
        .library(name: "ChartFiles", targets: ["ChartFiles"]),
        .library(name: "Graphs", targets: ["Graphs"]),
        .library(name: "GraphFiles", targets: ["GraphFiles"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/yaslab/CSV.swift", from: "2.5.2"),
        // An independent reference for the graph algorithms' tests.
        .package(url: "https://github.com/davecom/SwiftGraph", from: "4.0.0"),
        // `treeanim studio`'s HTTP server: no dependencies of its own (no
        // NIO), which keeps a clean build on CI's two cores short.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // `swift package generate-documentation --target TreeAnimKit`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Libraries, in pipeline order (see DESIGN.md): each depends only on
        // modules above it in this list.
        .target(name: "Geometry", swiftSettings: coreSwift),
        .target(name: "Tween", dependencies: ["Geometry"], swiftSettings: coreSwift),
        .target(name: "Trees", dependencies: ["Geometry"], swiftSettings: coreSwift),
        // A bar chart's data: a value per category per period.
        .target(name: "Charts", swiftSettings: coreSwift),
        // Graphviz's libraries, through a C face of their macros.
        .target(name: "CGraphviz", linkerSettings: [.linkedLibrary("gvc"), .linkedLibrary("cgraph"), .linkedLibrary("cdt")]),
        // Graphs with named nodes and weighted edges, laid out by Graphviz:
        // the one module that calls it (its DOT parser included).
        .target(name: "Graphs", dependencies: ["Geometry", "CGraphviz"], swiftSettings: coreSwift),
        // Graphs read from files (`treeanim graph FILE`): DOT (by Graphviz's
        // own parser), edge lists and d3-force JSON.
        .target(name: "GraphFiles", dependencies: ["Geometry", "Graphs", "InputText", .product(name: "CSV", package: "CSV.swift")], swiftSettings: coreSwift),
        // uchardet (Debian's libuchardet-dev), which tells the encoding of
        // text that is neither UTF-8 nor UTF-16.
        .systemLibrary(name: "CUchardet", pkgConfig: "uchardet", providers: [.apt(["libuchardet-dev"])]),
        // Input files read within a size limit (paths, standard input,
        // pipes, devices) and decoded as UTF-8 or UTF-16, or the legacy
        // encoding uchardet tells: what every reader below shares.
        .target(name: "InputText", dependencies: ["CUchardet"], swiftSettings: coreSwift),
        // Trees read from files (`treeanim tree FILE`): JSON, outlines,
        // bracket trees and LeetCode level order, with positions for errors.
        .target(name: "TreeFiles", dependencies: ["Trees", "InputText", .product(name: "CSV", package: "CSV.swift")], swiftSettings: coreSwift),
        // Family charts read from files (`treeanim family FILE`): people
        // lists in JSON or YAML, and GEDCOM.
        .target(name: "FamilyFiles", dependencies: ["Trees", "InputText", .product(name: "Yams", package: "Yams")], swiftSettings: coreSwift),
        // Lectures read from YAML (`treeanim lecture FILE.yaml`): sections
        // with the lines and columns they were written at.
        .target(name: "LectureFiles", dependencies: ["InputText", .product(name: "Yams", package: "Yams")], swiftSettings: coreSwift),
        // Bar-chart data read from CSV (`treeanim bars FILE.csv`).
        .target(name: "ChartFiles", dependencies: ["Charts", "InputText", .product(name: "CSV", package: "CSV.swift")], swiftSettings: coreSwift),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "Raster", dependencies: ["Geometry", "CFreeType", "CFontconfig"], swiftSettings: coreSwift),
        .target(name: "CPNG", cSettings: coreC, linkerSettings: [.linkedLibrary("png16")]),
        .target(name: "PNG", dependencies: ["CPNG"], swiftSettings: coreSwift),
        .target(name: "Diagram", dependencies: ["Geometry", "Tween", "Raster"], swiftSettings: coreSwift),
        .target(
            name: "Producers", dependencies: ["Geometry", "Tween", "Trees", "Graphs", "Charts", "InputText", "Raster", "Diagram"],
            swiftSettings: coreSwift),
        // Slide documents (HTML deck, PPTX, PDF handout) from finished clips
        // and frames: plain writers, no frames or timelines.
        .systemLibrary(name: "CLibz", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // The deck's player and look are files of their own (linted in the
        // tests), compiled into the binary so that it stays one file.
        .target(
            name: "Documents", dependencies: ["CLibz", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            resources: [.embedInCode("HTML/Resources/deck.js"), .embedInCode("HTML/Resources/deck.css")], swiftSettings: coreSwift),
        // Frame-by-frame comparison of PNG images and folders (`treeanim compare`, the goldens).
        .target(name: "Compare", dependencies: ["PNG"], swiftSettings: coreSwift),
        // Frames into ffmpeg's pipe by reference (Linux's vmsplice).
        .target(name: "CPipe"),
        // Child processes (ffmpeg, espeak-ng) started with default signals
        // and only their three standard streams.
        .target(name: "CSpawn"),
        // Output files made safely: written under temporary names and put in
        // place together (or not at all), locked against a second run, and
        // tidied after a killed one. Knows no frames, formats or sinks.
        .target(name: "OutputFiles", swiftSettings: coreSwift),
        .target(
            name: "Output", dependencies: ["Geometry", "Raster", "PNG", "Diagram", "Documents", "CPipe", "CSpawn", "OutputFiles"],
            swiftSettings: coreSwift),
        // The render: frames drawn on worker threads and handed to every
        // sink in order, then the outputs committed together.
        .target(name: "Rendering", dependencies: ["Raster", "Diagram", "InputText", "Output", "OutputFiles"], swiftSettings: coreSwift),
        // From a request to frames: the options every animation shares, the
        // render session that holds the rules spanning producers (limits,
        // narration, --duration, the length note), and the producers' registry.
        .target(
            name: "Production",
            dependencies: [
                "Geometry", "Tween", "Raster", "Diagram", "InputText", "Trees", "Graphs", "Charts", "TreeFiles", "FamilyFiles", "GraphFiles", "ChartFiles",
                "LectureFiles", "Producers", "Documents", "Output", "OutputFiles", "Rendering", "PNG",
            ], swiftSettings: coreSwift),
        // `treeanim studio`'s sessions: a lecture of one section held in
        // memory, run a few operations at a time, its steps rendered as
        // clips when asked, exported through the render session.
        .target(
            name: "Studio",
            dependencies: ["Production", "Diagram", "LectureFiles", "Output", "Rendering", "Raster", "PNG"], swiftSettings: coreSwift),
        // The studio's web server and page (HTML, CSS, JS compiled in): a
        // thin layer of requests over `Studio`.
        .target(
            name: "StudioServer",
            dependencies: ["Studio", "Production", "GraphFiles", "InputText", .product(name: "FlyingFox", package: "FlyingFox")],
            resources: [.embedInCode("Resources/studio.html"), .embedInCode("Resources/studio.js"), .embedInCode("Resources/studio.css")]),
        // What a Swift user imports to script an animation and render it.
        .target(name: "TreeAnimKit", dependencies: kitModules),
        .executableTarget(
            name: "treeanim",
            dependencies: ["TreeAnimKit", "Studio", "StudioServer", .product(name: "ArgumentParser", package: "swift-argument-parser")] + kitModules),
        // Examples/Stack's program, built with the package so the tests run
        // it as a Swift user's program (no `package` access is used, so it
        // sees TreeAnimKit's public face alone) without a second build of
        // every module; Examples/Stack's own manifest builds the same file
        // against this checkout by path.
        .executableTarget(name: "StackExample", dependencies: ["TreeAnimKit"] + kitModules, path: "Examples/Stack/Sources/Stack"),

        // Tests: one target per module, plus the golden-frame harness.
        .target(name: "TestSupport", dependencies: ["PNG", "Raster", "Compare", "Trees"], path: "Tests/TestSupport", exclude: ["SlowTests.txt"]),
        // The test lanes: the slow tags, the fast lane's skip list, and what the tests run.
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"]),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(
            name: "TweenTests",
            dependencies: ["Tween", "Geometry", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "TreesTests", dependencies: ["Geometry", "Trees", "TestSupport"]),
        .testTarget(name: "InputTextTests", dependencies: ["InputText", "TestSupport"]),
        .testTarget(name: "TreeFilesTests", dependencies: ["InputText", "TreeFiles", "Trees", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "ChartFilesTests", dependencies: ["InputText", "ChartFiles", "Charts", "TestSupport"]),
        .testTarget(name: "GraphsTests", dependencies: ["Graphs", "Geometry"]),
        .testTarget(name: "GraphFilesTests", dependencies: ["GraphFiles", "Graphs", "InputText", "TestSupport"]),
        .testTarget(name: "FamilyFilesTests", dependencies: ["FamilyFiles", "Trees", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "LectureFilesTests", dependencies: ["LectureFiles", "TestSupport"]),
        .testTarget(name: "RasterTests", dependencies: ["Geometry", "Raster", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "PNGTests", dependencies: ["Raster", "PNG", "TestSupport"]),
        .testTarget(name: "DiagramTests", dependencies: ["Geometry", "PNG", "Raster", "Tween", "Diagram", "Trees", "Output", "Rendering", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(
            name: "ProducersTests",
            dependencies: [
                "Diagram", "Geometry", "Raster", "Trees", "Tween",
                "Producers", "TreeFiles", "FamilyFiles", "Charts", "ChartFiles", "Graphs", "GraphFiles", "InputText", "Output", "TestSupport",
                .product(name: "SwiftGraph", package: "SwiftGraph"),
            ],
            exclude: ["Goldens"]),
        .testTarget(name: "OutputTests", dependencies: ["Output", "OutputFiles", "Rendering", "Diagram", "Documents", "Geometry", "PNG", "Raster", "TestSupport"]),
        .testTarget(name: "DocumentsTests", dependencies: ["Documents", "PNG", "TestSupport"]),
        .testTarget(name: "ProductionTests", dependencies: ["Geometry", "Raster", "Production", "LectureFiles", "Producers", "Trees", "Output", "Diagram", "TestSupport"]),
        .testTarget(name: "CompareTests", dependencies: ["Compare", "PNG", "TestSupport"]),
        .testTarget(
            name: "StudioTests",
            dependencies: ["Studio", "StudioServer", "Production", "LectureFiles", "PNG", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "treeanimTests",
            dependencies: ["TestSupport", "TreeAnimKit", .product(name: "ZIPFoundation", package: "ZIPFoundation")] + kitModules),
    ],
    swiftLanguageModes: [.v6]
)
