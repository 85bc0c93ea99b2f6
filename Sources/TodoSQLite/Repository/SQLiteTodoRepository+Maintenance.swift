import CSQLite
import TodoCore

#if canImport(Glibc)
import Glibc
#endif

extension SQLiteTodoRepository {
    /// A consistent copy of this database at `path` (a new file), taken while others may write.
    public func backup(to path: String) throws {
        do {
            try db.backup(to: path)
        } catch let error as SQLiteError {
            throw error.isBusy ? todoError(error) : TodoError.cannotOpen(path: path, reason: error.message)
        }
    }

    /// A copy of the todo database at `path` as it is, whatever its schema version: unlike
    /// opening it for a command, this neither creates nor migrates it.
    public static func backup(databaseAt path: String, to file: String, busyTimeoutMilliseconds: Int32) throws {
        try recognising(path: path, create: false, busyTimeout: busyTimeoutMilliseconds) { try $0.backup(to: file) }
    }

    /// Everything wrong with the todo database at `path`, one finding per line; empty when it is
    /// sound. Only reads: unlike opening it for a command, it neither creates nor migrates it.
    public static func check(path: String, migrator: Migrator = Migrator()) throws -> [String] {
        try recognising(path: path, create: false, busyTimeout: 5000) { repository in
            var findings = try DatabaseCheck(db: repository.db, migrator: migrator).findings()
            if findings.isEmpty { findings += try repository.countFindings() }
            return findings
        }
    }

    /// The names of the lists in the todo database at `path`, read-only (for shell completion,
    /// which must never create, migrate or wait).
    public static func listNames(path: String) throws -> [String] {
        try recognising(path: path, create: false, readOnly: true, busyTimeout: 0) { repository in
            var names: [String] = []
            try repository.forEachList { names.append($0.name) }
            return names
        }
    }

    /// Lists whose kept counts differ from their tasks (possible only if the triggers were
    /// bypassed, say by a file edited with its triggers dropped).
    private func countFindings() throws -> [String] {
        var findings: [String] = []
        try db.prepare("""
            SELECT l.name, l.open_count, l.done_count,
                   (SELECT count(*) FROM tasks WHERE list_id = l.id AND done = 0),
                   (SELECT count(*) FROM tasks WHERE list_id = l.id AND done = 1)
            FROM lists AS l
            WHERE l.open_count <> (SELECT count(*) FROM tasks WHERE list_id = l.id AND done = 0)
               OR l.done_count <> (SELECT count(*) FROM tasks WHERE list_id = l.id AND done = 1)
            """).bind([]).forEachRow { row in
            findings.append("list '\(row.text(0))' records \(row.int(1)) open and \(row.int(2)) done tasks but has \(row.int(3)) and \(row.int(4))")
        }
        return findings
    }
}
