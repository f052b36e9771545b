// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Stays",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "stays", targets: ["stays"]),
    ],
    targets: [
        // The system SQLite (Debian: libsqlite3-dev).
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // The system zlib (Debian: zlib1g-dev), for gzip responses.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // The system libpq (Debian: libpq-dev), the PostgreSQL client.
        .systemLibrary(
            name: "CPostgres",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"]), .brew(["libpq"])]
        ),
        // The system libcrypto (Debian: libssl-dev): SHA-256, HMAC-SHA256, secure random bytes.
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        // The system libsodium (Debian: libsodium-dev), for Argon2id password hashing.
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"]), .brew(["libsodium"])]
        ),
        // The system libcurl (Debian: libcurl4-openssl-dev), for SMTP and outbound HTTP.
        .systemLibrary(
            name: "CCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        // Linux epoll and eventfd, for the server's event loops.
        .systemLibrary(name: "CEpoll"),
        // Pure HTTP/1.1: parser, serializer, fields, query decoding. Standard library only.
        .target(name: "HTTP1"),
        // A small, fast JSON writer and a strict JSON reader with limits. Standard library only.
        .target(name: "JSON"),
        // Sockets, epoll event loops, connections, routing, problem responses.
        .target(name: "HTTPServer", dependencies: ["CEpoll", "CZlib", "HTTP1", "JSON", "IPAddress"]),
        // SQLite wrapper: connection, statement, row, transaction, pool, migrator.
        .target(name: "Storage", dependencies: ["CSQLite"]),
        // PostgreSQL wrapper: connection, prepared statements, rows, transactions, pool, migrator.
        .target(name: "PostgresStorage", dependencies: ["CPostgres", "Storage"]),
        // SHA-256, HMAC-SHA256, secure random bytes and constant-time comparison, from libcrypto.
        .target(name: "Crypto", dependencies: ["CCrypto"]),
        // Domain types and services: listings, pricing, calendars, locations. No I/O.
        .target(name: "Domain", dependencies: ["Crypto"]),
        // iCalendar (RFC 5545): the availability export and the import parser. Pure: no I/O.
        .target(name: "ICalendar", dependencies: ["Domain"]),
        // Domain's PasswordHasher with libsodium's Argon2id, bounded in concurrency.
        .target(name: "PasswordHashing", dependencies: ["CSodium", "Domain"]),
        // Mail: RFC 5322 messages, and their transports (SMTP through libcurl, or .eml files).
        .target(name: "Mail", dependencies: ["CCurl", "Domain", "OutboundHTTP"]),
        // Outbound HTTP (calendar feeds, webhooks) through libcurl, with the private-address guard.
        .target(name: "OutboundHTTP", dependencies: ["CCurl", "IPAddress"]),
        // Webhook delivery: signed posts of the event outbox through OutboundHTTP, with retries.
        .target(name: "Webhooks", dependencies: ["Domain", "OutboundHTTP"]),
        // Calendar sync with other channels: export feeds, imports and their syncing.
        .target(name: "CalendarSync", dependencies: ["Domain", "ICalendar", "OutboundHTTP"]),
        // IP addresses and networks: parsing, classification, trusted proxies' X-Forwarded-For.
        .target(name: "IPAddress"),
        // Search in memory (SearchIndex, IndexedCatalog): knows no engine, loads through SearchIndexSource.
        .target(name: "SearchIndex", dependencies: ["Domain"]),
        // The SQLite implementation of the domain's repository, and the schema.
        .target(
            name: "Persistence",
            dependencies: ["Storage", "PostgresStorage", "Domain", "JSON", "SearchIndex"],
            plugins: ["EmbedMigrations"]
        ),
        // CSV reading, Inside Airbnb import, the demo data generator.
        .target(name: "DataImport", dependencies: ["CZlib", "Domain", "Persistence", "JSON"]),
        // Routes: query parameters in, domain services called, JSON out.
        // The git commit comes from a prebuild command (EmbedBuildInfo): BuildInfo.commit.
        // docs/openapi.yaml and docs/openapi.json come from a build command (EmbedOpenAPI): EmbeddedOpenAPI.yaml and .json.
        // The web client (Web/*) comes from a build command (EmbedWeb): EmbeddedWeb.files.
        .target(name: "API", dependencies: ["HTTPServer", "HTTP1", "JSON", "Domain", "CalendarSync"],
                plugins: ["EmbedBuildInfo", "EmbedOpenAPI", "EmbedWeb"]),
        // The one wiring of a server (configuration to running application), for `serve` and the tests.
        .target(name: "Application", dependencies: ["API", "HTTPServer", "Persistence", "SearchIndex", "DataImport", "Domain",
                                                   "Storage", "PostgresStorage", "PasswordHashing", "Mail", "Webhooks",
                                                   "CalendarSync", "OutboundHTTP"]),
        // Command-line options: declarations, parsing (flags over the environment), help text.
        .target(name: "CommandLineOptions", dependencies: ["Domain"]),
        // The executable: configuration, subcommands, signals.
        .executableTarget(
            name: "stays",
            dependencies: ["Application", "API", "HTTPServer", "Persistence", "DataImport", "Domain", "Storage",
                           "PostgresStorage", "CommandLineOptions", "IPAddress"]
        ),
        // Build-time tool that turns Migrations/*.sql into Swift source.
        .executableTarget(name: "embed-migrations"),
        // Build-time tool that embeds docs/openapi.yaml and docs/openapi.json (generated from it) as Swift source.
        .executableTarget(name: "embed-openapi"),
        // Build-time tool that embeds the web client's files (Web/*) as Swift source.
        .executableTarget(name: "embed-web"),
        // Micro-benchmarks of parsing, encoding and the price histogram (Benchmarks/run.sh runs it in release).
        .executableTarget(name: "bench-micro", dependencies: ["HTTP1", "JSON", "Domain", "DataImport", "HTTPServer"]),
        // Storage benchmarks: a route's SQL in a loop (`sql`, the floor Benchmarks/run.sh reports) and
        // how the search index follows writes (`follow`). Not in the product binary.
        .executableTarget(name: "bench-db", dependencies: ["API", "CommandLineOptions", "Persistence", "SearchIndex", "DataImport", "Domain", "Storage"]),
        .plugin(name: "EmbedBuildInfo", capability: .buildTool()),
        .plugin(name: "EmbedOpenAPI", capability: .buildTool(), dependencies: ["embed-openapi"]),
        .plugin(name: "EmbedWeb", capability: .buildTool(), dependencies: ["embed-web"]),
        .plugin(
            name: "EmbedMigrations",
            capability: .buildTool(),
            dependencies: ["embed-migrations"]
        ),

        // A blocking HTTP/1.1 client over real sockets, for end-to-end tests.
        .target(name: "TestSupport", dependencies: ["PostgresStorage"], path: "Tests/TestSupport"),
        .testTarget(name: "HTTP1Tests", dependencies: ["HTTP1"]),
        .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
        .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTP1", "TestSupport"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage"]),
        .testTarget(name: "PostgresStorageTests", dependencies: ["PostgresStorage", "Storage", "TestSupport"]),
        .testTarget(name: "PasswordHashingTests", dependencies: ["PasswordHashing", "Domain"]),
        .testTarget(name: "MailTests", dependencies: ["Mail", "Domain", "TestSupport"]),
        .testTarget(name: "OutboundHTTPTests", dependencies: ["OutboundHTTP", "IPAddress", "TestSupport"]),
        .testTarget(name: "IPAddressTests", dependencies: ["IPAddress"]),
        .testTarget(name: "ICalendarTests", dependencies: ["ICalendar", "Domain"], exclude: ["check_export.py"],
                    resources: [.copy("Fixtures")]),
        .testTarget(name: "CryptoTests", dependencies: ["Crypto"]),
        .testTarget(name: "DomainTests", dependencies: ["Domain", "Crypto", "TestSupport"]),
        .testTarget(name: "PersistenceTests", dependencies: ["Persistence", "SearchIndex", "PostgresStorage", "Storage", "Domain", "TestSupport"]),
        .testTarget(
            name: "DataImportTests",
            dependencies: ["DataImport", "Persistence", "Domain", "Storage"],
            resources: [.copy("Fixtures")]
        ),
        .testTarget(
            name: "APITests",
            dependencies: ["Application", "API", "HTTPServer", "HTTP1", "JSON", "Domain", "Persistence", "DataImport",
                           "Storage", "TestSupport", "IPAddress", "Crypto"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
