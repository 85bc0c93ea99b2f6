// swift-tools-version:6.1
import PackageDescription

/// Settings every Swift target shares, so the whole package reads the same way.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "todo",
    products: [
        .executable(name: "todo", targets: ["todo"]),
    ],
    // `swift build --traits PostgreSQL` adds the PostgreSQL repository (postgres-nio and SwiftNIO
    // with it); the default build is SQLite only, as lean to build and to start as before.
    traits: [
        .trait(name: "PostgreSQL", description: "Open postgres:// URLs: one database shared by several machines"),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based.git", from: "2.0.1"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
    ],
    targets: [
        // SQLite as Debian ships it (libsqlite3-dev); only TodoSQLite imports it.
        // glibc's malloc.h, for the one setting main makes (`mallopt`).
        .systemLibrary(name: "CMemory"),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .target(name: "TodoCore", dependencies: ["TodoChecksum"], swiftSettings: swiftSettings),
        .target(name: "TodoChecksum", swiftSettings: swiftSettings),
        // Where the database is and the environment's settings for it, as one Configuration.
        .target(name: "TodoConfiguration", dependencies: ["TodoCore"], swiftSettings: swiftSettings),
        // What a numbered migration file is, for both backends' migrators.
        .target(name: "TodoMigrations", dependencies: ["TodoChecksum"], swiftSettings: swiftSettings),
        // Where the storage's SQL runs (a SQLite file, a PostgreSQL server) and how it differs.
        .target(name: "TodoSQL", swiftSettings: swiftSettings),
        // Undo and redo's rules and the history's store, once for every backend.
        .target(name: "TodoHistory", dependencies: ["TodoCore", "TodoSQL"], swiftSettings: swiftSettings),
        .target(
            name: "TodoSQLite",
            dependencies: ["CSQLite", "TodoCore", "TodoChecksum", "TodoConfiguration", "TodoMigrations", "TodoSQL", "TodoHistory"],
            swiftSettings: swiftSettings,
            plugins: ["EmbedMigrationsPlugin"]
        ),
        // The same repository on a PostgreSQL server; empty unless the PostgreSQL trait is on.
        .target(
            name: "TodoPostgres",
            dependencies: [
                "TodoCore", "TodoConfiguration", "TodoMigrations", "TodoSQL", "TodoHistory",
                .product(name: "PostgresNIO", package: "postgres-nio", condition: .when(traits: ["PostgreSQL"])),
            ],
            swiftSettings: swiftSettings,
            plugins: ["EmbedMigrationsPlugin"]
        ),
        .target(name: "TodoCoordinators", dependencies: ["TodoCore"], swiftSettings: swiftSettings),
        // Offline sync's rules (docs/manual.md, "Several machines"), written once for every backend.
        .target(name: "TodoSync", dependencies: ["TodoCore", "TodoSQL", "TodoHistory"], swiftSettings: swiftSettings),
        // Tasks as NDJSON, JSON and CSV, both ways: no command line, no terminal.
        .target(name: "TodoInterchange", dependencies: ["TodoCore", "TodoChecksum"], swiftSettings: swiftSettings),
        // What draws on a terminal or writes to stdout: renderers, styles, escaping, widths.
        .target(name: "TodoTerminal", dependencies: ["TodoCore", "TodoCoordinators", "TodoInterchange"], swiftSettings: swiftSettings),
        // `todo ui`: the full-screen view of the screens, driven by keys.
        .target(name: "TodoUI", dependencies: ["TodoCore", "TodoCoordinators", "TodoTerminal"], swiftSettings: swiftSettings),
        // The command line: ArgumentParser's commands, the quick parser, plans, error reports, and
        // how a command runs on whatever repository the composition root opens.
        .target(
            name: "TodoCLI",
            dependencies: [
                "TodoCore", "TodoConfiguration", "TodoCoordinators", "TodoHistory", "TodoInterchange", "TodoSync", "TodoTerminal",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),
        // `main` and the composition root: the one place that names concrete types.
        .executableTarget(
            name: "todo",
            dependencies: [
                "CMemory", "TodoCore", "TodoConfiguration", "TodoSQLite", "TodoSync", "TodoCoordinators", "TodoInterchange", "TodoTerminal", "TodoCLI", "TodoUI",
                .target(name: "TodoPostgres", condition: .when(traits: ["PostgreSQL"])),
            ],
            swiftSettings: swiftSettings
        ),

        // Build-time embedding of migrations/*.sql (migrations/postgres/*.sql for TodoPostgres),
        // so a copied binary carries its schema.
        .executableTarget(name: "EmbedMigrations", dependencies: ["TodoChecksum"], swiftSettings: swiftSettings),
        .plugin(
            name: "EmbedMigrationsPlugin",
            capability: .buildTool(),
            dependencies: ["EmbedMigrations"]
        ),

        .target(name: "TodoTestSupport", dependencies: ["TodoCore", "TodoSQLite"], path: "Tests/TodoTestSupport", swiftSettings: swiftSettings),
        .testTarget(
            name: "TodoCoreTests",
            dependencies: ["TodoCore", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoSyncTests",
            dependencies: ["TodoSync", "TodoCore", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoConfigurationTests",
            dependencies: ["TodoConfiguration", "TodoCore", "TodoTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoSQLiteTests",
            dependencies: ["TodoSQLite", "TodoSQL", "TodoCore", "TodoChecksum", "TodoTestSupport"],
            swiftSettings: swiftSettings
        ),
        // The TodoRepository contract, run on every repository: the SQLite one and the
        // PostgreSQL one when the trait is on and a server is given (TODO_TEST_POSTGRES_URL).
        .testTarget(
            name: "TodoRepositoryContractTests",
            dependencies: [
                "TodoCore", "TodoSQLite", "TodoTestSupport",
                .target(name: "TodoPostgres", condition: .when(traits: ["PostgreSQL"])),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoCoordinatorsTests",
            dependencies: ["TodoCoordinators", "TodoCore", "TodoSQLite", "TodoTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoUITests",
            dependencies: ["TodoUI", "TodoCoordinators", "TodoCore", "TodoSQLite", "TodoTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoCLITests",
            dependencies: [
                "TodoCLI", "TodoCore", "TodoCoordinators", "TodoInterchange",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoEndToEndTests",
            dependencies: [
                "todo", "TodoCore", "TodoSQLite", "TodoTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "TodoReliabilityTests",
            dependencies: [
                "todo", "TodoCore", "TodoSQLite", "TodoTestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: swiftSettings
        ),
    ]
)
