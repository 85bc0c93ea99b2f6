import Foundation
import Testing
import TodoChecksum
import TodoCore
import TodoTestSupport
@testable import TodoSQLite

/// The SQL inside the binary is exactly `migrations/*.sql`, so the files stay the only source of the schema.
@Suite struct EmbeddedMigrationTests {
    struct File {
        let name: String
        let version: Int
        let migrationName: String
        let bytes: [UInt8]
    }

    /// The migration files, parsed here independently of the build plugin.
    static func files() throws -> [File] {
        let folder = RepositoryRoot.migrations
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".sql") }
            .sorted()
        return try names.map { name in
            let stem = name.dropLast(".sql".count)
            let digits = stem.prefix(4)
            #expect(stem.dropFirst(4).first == "_", "\(name) is not named NNNN_name.sql")
            let version = try #require(Int(digits), "\(name) does not start with a four-digit version")
            let data = try #require(FileManager.default.contents(atPath: folder.appendingPathComponent(name).path))
            return File(name: name, version: version, migrationName: String(stem.dropFirst(5)), bytes: [UInt8](data))
        }
    }

    @Test func embeddedSQLEqualsTheFilesByteForByte() throws {
        let files = try Self.files()
        try #require(!files.isEmpty)
        try #require(Migration.all.count == files.count)
        for (migration, file) in zip(Migration.all, files) {
            #expect(migration.version == file.version, "\(file.name)")
            #expect(migration.name == file.migrationName, "\(file.name)")
            #expect(Array(migration.sql.utf8) == file.bytes, "\(file.name) differs from the embedded SQL")
            #expect(Migration.fileName(version: migration.version, name: migration.name) == file.name)
        }
    }

    @Test func checksumsAreOfTheFilesBytes() throws {
        for (migration, file) in zip(Migration.all, try Self.files()) {
            #expect(migration.checksum == SHA256.hex(of: file.bytes), "\(file.name)")
        }
    }

    @Test func versionsAreUniqueAndAscending() throws {
        let versions = Migration.all.map(\.version)
        #expect(versions.first == 1)
        #expect(zip(versions, versions.dropFirst()).allSatisfy { $0 < $1 })
        #expect(Migrator().latestVersion == versions.last)
    }

    @Test func migratorSortsWhatItIsGiven() {
        let one = Migration(version: 1, name: "a", sql: "")
        let two = Migration(version: 2, name: "b", sql: "")
        #expect(Migrator(migrations: [two, one]).migrations == [one, two])
        #expect(Migrator(migrations: [two, one]).latestVersion == 2)
        #expect(Migrator(migrations: []).latestVersion == 0)
    }
}
