// swift-tools-version: 6.1
import PackageDescription

// End-to-end frame costs for `treeanim --inserts 10 --fps 30` at 1280×720:
// scene + drawing, and PNG encoding, per frame. Run: scripts/bench.sh.
let package = Package(
    name: "TreeAnimBenchmark",
    dependencies: [.package(name: "treeanim", path: "../..")],
    targets: [
        .executableTarget(
            name: "TreeAnimBenchmark",
            dependencies: [
                .product(name: "TreeAnimKit", package: "treeanim"), .product(name: "TreeAnimProducers", package: "treeanim"),
            ])
    ],
    swiftLanguageModes: [.v6]
)
