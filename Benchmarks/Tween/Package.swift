// swift-tools-version: 6.1
import PackageDescription

// Release-mode measurements of the Tween hot path, kept out of the main
// package so that `swift build` and `swift test` never build them.
//
//     swift run -c release --package-path Benchmarks/Tween
let package = Package(
    name: "TweenBenchmark",
    dependencies: [.package(name: "treeanim", path: "../..")],
    targets: [
        .target(name: "AllocationCounter"),
        .executableTarget(
            name: "TweenBenchmark",
            dependencies: ["AllocationCounter", .product(name: "TreeAnimKit", package: "treeanim")]),
    ],
    swiftLanguageModes: [.v6]
)
