// swift-tools-version: 6.1
import PackageDescription

// A program of its own that uses treeanim as a library: it animates a
// stack (push 3, push 7, pop) and renders it to a GIF. It depends on the
// checkout it sits in, by path.
let package = Package(
    name: "Stack",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "treeanim", path: "../..")],
    targets: [
        .executableTarget(name: "Stack", dependencies: [.product(name: "TreeAnimKit", package: "treeanim")]),
    ],
    swiftLanguageModes: [.v6]
)
