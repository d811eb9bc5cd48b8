// swift-tools-version: 6.1
import PackageDescription

// Release-mode timings of graph layout, kept out of the main package:
//     swift run -c release --package-path Benchmarks/Graphs
// Graphviz's libraries called in process (what treeanim does) against its
// programs (neato, dot, sfdp) run on the same DOT text, for graphs of 30
// and 300 nodes.
let package = Package(
    name: "GraphsBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "treeanim", path: "../..")],
    targets: [
        .executableTarget(
            name: "GraphsBenchmarks",
            dependencies: [.product(name: "Graphs", package: "treeanim")]),
    ],
    swiftLanguageModes: [.v6]
)
