// swift-tools-version:6.0
import PackageDescription

// One pipeline, dependencies pointing one way:
// StatectlParse → StatectlSimulate → StatectlRender (+ StatectlGraphviz) → StatectlCLI → statectl,
// with StatectlExplore beside StatectlRender: it drives the simulator's models breadth-first.
let package = Package(
    name: "statectl",
    products: [
        .library(name: "Statectl", targets: ["StatectlParse", "StatectlSimulate", "StatectlExplore", "StatectlRender"]),
        .executable(name: "statectl", targets: ["statectl"]),
    ],
    targets: [
        .target(name: "StatectlParse"),
        .target(name: "StatectlSimulate", dependencies: ["StatectlParse"]),
        .target(name: "StatectlExplore", dependencies: ["StatectlParse", "StatectlSimulate"]),
        .target(name: "StatectlRender", dependencies: ["StatectlParse", "StatectlSimulate"]),
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev", "pkg-config"]), .brew(["graphviz", "pkg-config"])]
        ),
        .target(name: "StatectlGraphviz", dependencies: ["CGraphviz", "StatectlSimulate", "StatectlRender"]),
        .target(name: "StatectlCLI", dependencies: ["StatectlParse", "StatectlSimulate", "StatectlExplore", "StatectlRender", "StatectlGraphviz"]),
        .executableTarget(name: "statectl", dependencies: ["StatectlCLI"]),
        .testTarget(name: "StatectlParseTests", dependencies: ["StatectlParse"]),
        .testTarget(name: "StatectlSimulateTests", dependencies: ["StatectlParse", "StatectlSimulate"]),
        .testTarget(name: "StatectlExploreTests", dependencies: ["StatectlParse", "StatectlSimulate", "StatectlExplore"]),
        .testTarget(name: "StatectlRenderTests", dependencies: ["StatectlParse", "StatectlSimulate", "StatectlRender", "StatectlGraphviz"],
                    exclude: ["golden"]),
        .testTarget(name: "StatectlCLITests", dependencies: ["StatectlCLI", "StatectlSimulate", "StatectlRender", "statectl"],
                    exclude: ["transcripts"]),
    ]
)
