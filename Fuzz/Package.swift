// swift-tools-version:6.0
import PackageDescription

// The fuzz target lives in a package of its own so that the main build never sees
// libFuzzer or sanitizer flags. Build and run it with scripts/fuzz.sh.
//
// A path dependency is named after its directory, which differs between checkouts.
let root = String(#filePath.split(separator: "/").dropLast(2).last!)

let package = Package(
    name: "StatectlFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "CFuzzerDriver"),
        .executableTarget(
            name: "StatectlFuzz",
            dependencies: ["CFuzzerDriver", .product(name: "Statectl", package: root)]
        ),
    ]
)
