// swift-tools-version:6.0
// A separate package so the fuzzers' sanitizer flags never touch the main build.
// Sources/HTTP1, JSON, IPAddress, HTTPServer, CEpoll, CZlib, ICalendar, Domain, Crypto and CCrypto are
// symlinks to the real modules (SwiftPM forbids target paths outside the package root), so
// the fuzzers always test the code that ships.
import PackageDescription

let package = Package(
    name: "HTTP1Fuzz",
    targets: [
        .systemLibrary(name: "CEpoll"),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib"),
        .target(name: "HTTP1"),
        .target(name: "JSON"),
        .target(name: "IPAddress"),
        .target(name: "HTTPServer", dependencies: ["CEpoll", "CZlib", "HTTP1", "JSON", "IPAddress"]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto"),
        .target(name: "Crypto", dependencies: ["CCrypto"]),
        .target(name: "Domain", dependencies: ["Crypto"]),
        .target(name: "ICalendar", dependencies: ["Domain"]),
        // The request parser (raw request bytes in).
        .executableTarget(name: "HTTP1Fuzzer", dependencies: ["HTTP1"]),
        // Query decoding and the request body JSON reader (the same bytes go to both).
        .executableTarget(name: "BodyFuzzer", dependencies: ["HTTP1", "JSON", "HTTPServer"]),
        // The iCalendar import reader (feed bytes in), and the export read back.
        .executableTarget(name: "ICalendarFuzzer", dependencies: ["ICalendar", "Domain"]),
    ],
    swiftLanguageModes: [.v6]
)
