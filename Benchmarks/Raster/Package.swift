// swift-tools-version: 6.1
import PackageDescription

// Release-mode timings of the rasteriser; not part of `swift build` or
// `swift test` of the main package.
//
//     swift run -c release --package-path Benchmarks/Raster
let package = Package(
    name: "RasterBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "treeanim", path: "../..")],
    targets: [
        .executableTarget(
            name: "RasterBenchmarks",
            dependencies: [.product(name: "TreeAnimKit", package: "treeanim")]),
    ],
    swiftLanguageModes: [.v6]
)
