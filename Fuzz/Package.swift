// swift-tools-version:6.0
// A separate package so the fuzzer's sanitizer flags never touch the main build.
// Sources/HTTP1 is a symlink to the real module (SwiftPM forbids target paths outside
// the package root), so the fuzzer always tests the code that ships.
import PackageDescription

let package = Package(
    name: "HTTP1Fuzz",
    targets: [
        .target(name: "HTTP1"),
        .executableTarget(name: "HTTP1Fuzzer", dependencies: ["HTTP1"]),
    ],
    swiftLanguageModes: [.v6]
)
