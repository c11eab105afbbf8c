// swift-tools-version: 6.1
import CompilerPluginSupport
import PackageDescription

let package = Package(
    name: "BeeStore",
    // The lowest systems with Swift concurrency; what needs newer ones says so with `@available`.
    platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "BeeStore", targets: ["BeeStore"]),
        // The `@ColumnCodable` macro, behind the `Macros` trait.
        .library(name: "BeeStoreMacros", targets: ["BeeStoreMacros"]),
        // The PostgreSQL backend, behind the `PostgreSQL` trait.
        .library(name: "BeeStorePostgreSQL", targets: ["BeeStorePostgreSQL"]),
        // The `beestore` tool, behind the `CommandLineTool` trait.
        .executable(name: "beestore", targets: ["BeeStoreCLI"]),
        .executable(name: "RubyChinaNodes", targets: ["RubyChinaNodes"]),
        .executable(name: "Blog", targets: ["Blog"]),
        .executable(name: "Caching", targets: ["Caching"]),
        .executable(name: "ChinookRecords", targets: ["ChinookRecords"]),
    ],
    // The packages that only the macro and the tool need are used under traits, on by default
    // so that `swift run beestore` and `swift test` work in a fresh clone. A package that
    // uses the library alone turns them off (`traits: []` on its `.package` line, as the
    // README's snippet does) and then fetches and builds swift-log alone: SwiftPM fetches
    // nothing for a trait that is off.
    traits: [
        .trait(name: "Macros", description: "The @ColumnCodable macro of the BeeStoreMacros product (swift-syntax)."),
        .trait(
            name: "CommandLineTool",
            description: "The beestore command-line tool (swift-argument-parser)."),
        .trait(
            name: "PostgreSQL",
            description: "The PostgreSQL backend of the BeeStorePostgreSQL product (vapor/postgres-nio, SwiftNIO)."),
        .default(enabledTraits: ["Macros", "CommandLineTool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", "600.0.0"..<"604.0.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.81.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.25.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        // CRC-32C, the file cache's checksum of its values: the processor's instruction where
        // it has one (no package offers it), a table otherwise.
        .target(name: "CChecksum"),
        // The thread's active record decoder, a C thread-local (Swift has no thread-local storage).
        .target(name: "CThreadLocal"),
        .target(
            name: "BeeStore",
            dependencies: [
                "CSQLite",
                "CChecksum",
                "CThreadLocal",
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .macro(
            name: "BeeStoreMacrosPlugin",
            dependencies: [
                .product(name: "SwiftSyntaxMacros", package: "swift-syntax", condition: .when(traits: ["Macros"])),
                .product(name: "SwiftCompilerPlugin", package: "swift-syntax", condition: .when(traits: ["Macros"])),
            ]
        ),
        .target(name: "BeeStoreMacros", dependencies: ["BeeStore", "BeeStoreMacrosPlugin"]),
        // The PostgreSQL backend: the same builder, statements and values over postgres-nio's
        // wire protocol. Without the trait it compiles to an empty module.
        .target(
            name: "BeeStorePostgreSQL",
            dependencies: [
                "BeeStore",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOCore", package: "swift-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOPosix", package: "swift-nio", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "NIOSSL", package: "swift-nio-ssl", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(
            name: "BeeStoreCLI",
            dependencies: [
                "BeeStore",
                .product(
                    name: "ArgumentParser", package: "swift-argument-parser", condition: .when(traits: ["CommandLineTool"])),
                "BeeStoreServe",
            ],
            // The demo's migrations, compiled into the tool (a link to Migrations/).
            exclude: ["ExampleMigrations/README.md"],
            resources: [.embedInCode("ExampleMigrations")]
        ),
        // The browser interface of `beestore serve`: pages, exports, live refresh, and its
        // own small HTTP/1.1 server on the system's sockets, so that the package depends on
        // no server package. In no product: only the `beestore` tool builds it.
        .target(name: "BeeStoreServe", dependencies: ["BeeStore"]),
        .executableTarget(
            name: "RubyChinaNodes",
            dependencies: ["BeeStore"],
            path: "Examples/RubyChinaNodes",
            exclude: ["expected-output.txt"],
            resources: [.copy("nodes.json")]
        ),
        .executableTarget(
            name: "Blog", dependencies: ["BeeStore"], path: "Examples/Blog", exclude: ["expected-output.txt"]),
        .executableTarget(
            name: "Caching", dependencies: ["BeeStore"], path: "Examples/Caching", exclude: ["expected-output.txt"]),
        .executableTarget(
            name: "ChinookRecords", dependencies: ["BeeStore", "BeeStorePostgreSQL"], path: "Examples/ChinookRecords",
            exclude: ["expected-output.txt"]),
        // How the test targets start child processes and wait for them (see `ProcessLaunch`).
        .target(name: "TestProcessSupport", path: "Tests/TestProcessSupport"),
        .testTarget(
            name: "BeeStoreTests", dependencies: ["BeeStore", "BeeStoreMacros", "TestProcessSupport"], exclude: ["Fixtures"]),
        .testTarget(
            name: "BeeStoreMacrosTests",
            dependencies: [
                "BeeStoreMacrosPlugin",
                .product(
                    name: "SwiftSyntaxMacrosGenericTestSupport", package: "swift-syntax",
                    condition: .when(traits: ["Macros"])),
            ]
        ),
        // The browser interface of `beestore serve`, page by page, in process.
        .testTarget(name: "BeeStoreServeTests", dependencies: ["BeeStoreServe", "BeeStore"]),
        // One app server of the PostgreSQL suite's scale-out test: it migrates, saves orders
        // with their lines, updates shared accounts under optimistic locking and waits until
        // its observers see what every server wrote. The suite runs several at once and reads
        // the shop's records and rules from the library beside it (an executable's own module
        // is not imported by the tests); in no product. Without the `PostgreSQL` trait it only
        // says so.
        .target(name: "ScaleOutShop", dependencies: ["BeeStore", "BeeStorePostgreSQL"], path: "Tests/ScaleOutShop"),
        .executableTarget(name: "ScaleOutWorker", dependencies: ["ScaleOutShop"], path: "Tests/ScaleOutWorker"),
        // The PostgreSQL backend against a live server (`BEESTORE_POSTGRES_URL`), with the trait on.
        .testTarget(
            name: "BeeStorePostgreSQLTests",
            dependencies: [
                "BeeStorePostgreSQL", "BeeStore", "ScaleOutShop", "ScaleOutWorker", "TestProcessSupport",
                .product(name: "Logging", package: "swift-log"), .product(name: "InMemoryLogging", package: "swift-log"),
            ]
        ),
        // The README's examples, compiled against the public API only.
        .testTarget(
            name: "BeeStoreReadmeTests",
            dependencies: ["BeeStore", "BeeStoreMacros", .product(name: "Logging", package: "swift-log")]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The documentation catalog's builder: `swift package generate-documentation --target BeeStore`.
package.dependencies.append(.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"))
