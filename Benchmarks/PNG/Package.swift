// swift-tools-version: 6.1
import PackageDescription

// Encoding time and size per 1280×720 tree frame for each PNG setting.
// Run with `swift run -c release --package-path Benchmarks/PNG`.
let package = Package(
    name: "PNGBenchmark",
    dependencies: [.package(name: "treeanim", path: "../..")],
    targets: [
        .executableTarget(
            name: "PNGBenchmark",
            // Named, because a path package's identity is otherwise the name
            // of whatever folder the repository was cloned into.
            dependencies: [.product(name: "TreeAnimKit", package: "treeanim")])
    ],
    swiftLanguageModes: [.v6]
)
