// swift-tools-version: 6.1
import PackageDescription

// A separate package so that the library's users and its CI never build GRDB.
// Run from this folder: swift run -c release beestore-benchmarks
// and, after `swift build -c release --product beestore` in the root: swift run -c release cli-streaming
// (the tool against the sqlite3 shell), swift run -c release cli-import (its insert of a CSV file
// against the shell's .import and sqlite-utils), swift run -c release backup-throughput (its online backup
// against the shell's .backup), swift run -c release serve-latency (its web UI against Datasette) or
// swift run -c release postgres-benchmarks --url postgres://… (the PostgreSQL backend against
// postgres-nio and Fluent)
let package = Package(
    name: "BeeStoreBenchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        // The defaults (the macro, the tool) and the PostgreSQL backend.
        .package(name: "BeeStore", path: "..", traits: [.defaults, "PostgreSQL"]),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        .package(url: "https://github.com/vapor/fluent-kit", exact: "1.57.0"),
        .package(url: "https://github.com/vapor/fluent-postgres-driver", exact: "2.14.0"),
    ],
    targets: [
        // The raw C baseline links the same system libsqlite3 as BeeStore and GRDB.
        .systemLibrary(
            name: "CSQLiteRaw",
            path: "Sources/CSQLiteRaw",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .executableTarget(
            name: "beestore-benchmarks",
            dependencies: [
                "BenchmarkSupport",
                "CSQLiteRaw",
                .product(name: "BeeStore", package: "BeeStore"),
                .product(name: "BeeStoreMacros", package: "BeeStore"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // What the process benchmarks share: child processes, the big table, medians.
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "BeeStore", package: "BeeStore")],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // The beestore tool against the sqlite3 shell, each run as a process.
        .executableTarget(
            name: "cli-streaming",
            dependencies: ["BenchmarkSupport"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // `beestore insert` of a CSV file against the sqlite3 shell's `.import` and sqlite-utils.
        .executableTarget(
            name: "cli-import",
            dependencies: ["BenchmarkSupport", .product(name: "BeeStore", package: "BeeStore")],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // `beestore backup` against the sqlite3 shell's `.backup`, both run as processes.
        .executableTarget(
            name: "backup-throughput",
            dependencies: ["BenchmarkSupport"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // `beestore serve` against Datasette, both run as processes, over HTTP.
        .executableTarget(
            name: "serve-latency",
            dependencies: ["BenchmarkSupport"],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
        // BeeStore's PostgreSQL backend against postgres-nio used directly and Fluent, on one server.
        .executableTarget(
            name: "postgres-benchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "BeeStore", package: "BeeStore"),
                .product(name: "BeeStorePostgreSQL", package: "BeeStore"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "FluentKit", package: "fluent-kit"),
                .product(name: "FluentPostgresDriver", package: "fluent-postgres-driver"),
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: [.enableUpcomingFeature("MemberImportVisibility")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
