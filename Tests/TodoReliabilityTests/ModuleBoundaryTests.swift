import Foundation
import Testing
import TodoTestSupport

/// The layering docs/design.md describes, checked on the sources themselves: each module imports only
/// the modules below it, only the SQLite module's `SQLite/` folder touches SQLite's C API, and no
/// module of the program imports Foundation (its start-up cost is most of a short command's).
/// SwiftPM lets a module import anything in its dependencies' closure, so the package manifest
/// alone would not catch a module reaching past the one below it.
@Suite struct ModuleBoundaryTests {
    /// What each module may import. Glibc (and Darwin) are the operating system's.
    static let allowed: [String: Set<String>] = [
        "TodoCore": ["TodoChecksum"],
        "TodoChecksum": [],
        "TodoMigrations": ["TodoChecksum"],
        // Where the database is and the environment's settings: no backend, no terminal.
        "TodoConfiguration": ["TodoCore"],
        // Where the storage's SQL runs, and how one backend's differs: no driver, no domain.
        "TodoSQL": [],
        // Undo and redo's rules and the history's store, over any session: no driver.
        "TodoHistory": ["TodoCore", "TodoSQL"],
        "TodoSQLite": ["TodoCore", "TodoChecksum", "TodoConfiguration", "TodoMigrations", "TodoSQL", "TodoHistory", "CSQLite"],
        // The PostgreSQL repository: the driver and SwiftNIO under it (and the standard library's
        // Mutex); nothing of SQLite.
        "TodoPostgres": ["TodoCore", "TodoConfiguration", "TodoMigrations", "TodoSQL", "TodoHistory", "PostgresNIO", "NIOCore", "NIOPosix", "NIOSSL", "Logging", "Dispatch", "Synchronization"],
        "TodoCoordinators": ["TodoCore"],
        "TodoInterchange": ["TodoCore", "TodoChecksum"],
        "TodoSync": ["TodoCore", "TodoSQL", "TodoHistory"],
        "TodoTerminal": ["TodoCore", "TodoCoordinators", "TodoInterchange"],
        // The command line, and how a command runs on any repository: no backend of its own
        // (the composition root opens one), and sync only through its protocol, SQLRepository.
        "TodoCLI": ["TodoCore", "TodoConfiguration", "TodoCoordinators", "TodoHistory", "TodoInterchange", "TodoSync", "TodoTerminal", "ArgumentParser"],
        // The navigator: keys and frames over the coordinators; nothing of SQL or arguments.
        "TodoUI": ["TodoCore", "TodoCoordinators", "TodoTerminal"],
        "todo": ["CMemory", "TodoCore", "TodoConfiguration", "TodoCoordinators", "TodoHistory", "TodoInterchange", "TodoTerminal", "TodoCLI", "TodoSQLite", "TodoSync", "TodoUI", "TodoPostgres"],
        "EmbedMigrations": ["TodoChecksum", "Foundation"],
        "CSQLite": [],
        "CMemory": [],
    ]
    static let system: Set<String> = ["Glibc", "Darwin"]

    /// Every `import` of every Swift file under Sources, as (module, file, imported module).
    static func imports() throws -> [(module: String, file: String, imported: String)] {
        let sources = RepositoryRoot.url.appendingPathComponent("Sources")
        var found: [(String, String, String)] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
            let folder = sources.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(atPath: folder.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ").map(String.init)
                    guard let index = words.firstIndex(of: "import"), index < words.count - 1,
                          words[..<index].allSatisfy({ ["@testable", "internal", "public", "private", "@_exported"].contains($0) })
                    else { continue }
                    // `import struct Foo.Bar` names the module after the kind.
                    let name = ["struct", "class", "enum", "func", "let", "var", "protocol"].contains(words[index + 1]) && index + 2 < words.count
                        ? words[index + 2] : words[index + 1]
                    found.append((module, file, String(name.split(separator: ".")[0])))
                }
            }
        }
        return found
    }

    @Test func everyModuleImportsOnlyWhatIsBelowIt() throws {
        let imports = try Self.imports()
        #expect(imports.count > 50, "the scan found too few imports to mean anything")
        for (module, file, imported) in imports where !Self.system.contains(imported) {
            let allowed = try #require(Self.allowed[module], "a module this test does not know: \(module)")
            #expect(allowed.contains(imported), "Sources/\(module)/\(file) imports \(imported)")
        }
    }

    @Test func onlyTheSQLiteFolderTouchesSQLitesCAPI() throws {
        for (module, file, imported) in try Self.imports() where imported == "CSQLite" {
            #expect(module == "TodoSQLite" && file.hasPrefix("SQLite/"), "Sources/\(module)/\(file) imports CSQLite")
        }
    }
}
