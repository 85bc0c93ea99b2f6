import CSQLite
import TodoCore

#if canImport(Glibc)
import Glibc
#endif

extension SQLiteTodoRepository {
    /// A consistent copy of the database at `path` (a new file), taken while others may write.
    public func backup(to path: String) throws {
        do {
            try db.backup(to: path)
        } catch let error as SQLiteError {
            throw error.isBusy ? todoError(error) : TodoError.cannotOpen(path: path, reason: error.message)
        }
    }

    /// Everything wrong with the todo database at `path`, one finding per line; empty when it is
    /// sound. Only reads: unlike opening for a command, it neither creates nor migrates the file.
    public static func check(path: String, migrator: Migrator = Migrator()) throws -> [String] {
        guard access(path, F_OK) == 0 else { throw TodoError.cannotOpen(path: path, reason: "there is no database there") }
        try refuseTooShortFile(path)
        let db: Connection
        do {
            db = try Connection(path: path, create: false)
        } catch let error as SQLiteError {
            throw TodoError.cannotOpen(path: path, reason: error.message)
        }
        let repository = SQLiteTodoRepository(connection: db, timestamp: { "" })
        return try repository.translatingErrors {
            // Not even a checkpoint on close: checking leaves the file exactly as it was.
            try db.configure(SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, true)
            try repository.refuseForeignFile()
            var findings = try DatabaseCheck(db: db, migrator: migrator).findings()
            if findings.isEmpty { findings += try repository.countFindings() }
            return findings
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
