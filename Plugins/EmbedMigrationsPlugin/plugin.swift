import Foundation
import PackagePlugin

/// Embeds every `migrations/*.sql` of the package (`migrations/postgres/*.sql` for TodoPostgres)
/// into the target as Swift source at build time: the files stay the only source of the schema,
/// and a copied binary still carries it.
@main
struct EmbedMigrationsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        // The PostgreSQL repository has its own schema, in its own folder.
        let folder = target.name == "TodoPostgres" ? "migrations/postgres" : "migrations"
        // resolvingSymlinksInPath: Foundation lists a symlinked folder as empty on Linux.
        let directory = context.package.directoryURL.appending(path: folder).resolvingSymlinksInPath()
        let files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "sql" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        // A binary without its schema would create empty databases: refuse to build one.
        guard !files.isEmpty else { throw PluginError.noMigrations(directory.path) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedMigrations.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(files.count) migrations",
                executable: try context.tool(named: "EmbedMigrations").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output]
            ),
        ]
    }
}

enum PluginError: Error, CustomStringConvertible {
    case noMigrations(String)

    var description: String {
        switch self {
        case .noMigrations(let path): "no NNNN_name.sql files in \(path)"
        }
    }
}
