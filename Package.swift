// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "treeanim",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "treeanim", targets: ["treeanim"]),
        .library(name: "TreeAnimKit", targets: ["TreeAnimKit"]),
        .library(name: "Trees", targets: ["Trees"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        // Libraries, in pipeline order (see DESIGN.md).
        .target(name: "Tween"),
        .target(name: "Geometry", dependencies: ["Tween"]),
        .target(name: "Trees", dependencies: ["Geometry"]),
        .systemLibrary(
            name: "CFreeType", pkgConfig: "freetype2",
            providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(
            name: "CFontconfig", pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]),
        .target(name: "Raster", dependencies: ["Geometry", "Tween", "CFreeType", "CFontconfig"]),
        .target(name: "CPNG", linkerSettings: [.linkedLibrary("png16")]),
        .target(name: "PNG", dependencies: ["CPNG"]),
        .target(
            name: "TreeAnimKit",
            dependencies: ["Tween", "Geometry", "Trees", "Raster", "PNG"]),
        .executableTarget(
            name: "treeanim",
            dependencies: [
                "TreeAnimKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // Tests: one target per module, plus the golden-frame harness.
        .target(name: "TestSupport", dependencies: ["PNG", "Raster"], path: "Tests/TestSupport"),
        .testTarget(
            name: "TweenTests",
            dependencies: ["Tween", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(
            name: "GeometryTests",
            dependencies: ["Geometry", .product(name: "PropertyBased", package: "swift-property-based")]),
        .testTarget(name: "TreesTests", dependencies: ["Trees"]),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "PNGTests", dependencies: ["PNG", "TestSupport"]),
        .testTarget(name: "TreeAnimKitTests", dependencies: ["TreeAnimKit", "TestSupport"], exclude: ["Goldens"]),
        .testTarget(name: "treeanimTests", dependencies: ["TreeAnimKit", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
