// swift-tools-version: 6.1
import PackageDescription

// Release-mode timings of the Trees layouts, kept out of the main package so
// that `swift build` and `swift test` never build them:
//     swift run -c release --package-path Benchmarks/Trees
// and of SizedTidyLayout alone, on 100,000 nodes (or N) of four shapes:
//     swift run -c release --package-path Benchmarks/Trees TreesBenchmarks sized [N]
// and their instruction counts under callgrind, to show linear work:
//     Benchmarks/Trees/instructions.sh
let package = Package(
    name: "TreesBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "treeanim", path: "../..")],
    targets: [
        .executableTarget(
            name: "TreesBenchmarks",
            dependencies: [.product(name: "Trees", package: "treeanim")]),
    ],
    swiftLanguageModes: [.v6]
)
