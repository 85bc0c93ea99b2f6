import Foundation
import TodoSQLite
import TodoTestSupport

/// Direct access to a database file, for setting up states `todo` cannot reach by itself and
/// for checking what it left behind, independently of its own output.
struct Database {
    let path: String

    /// Every row of `sql`, each column as text (NULL as "NULL").
    func rows(_ sql: String, _ values: [(any SQLBindable)?] = []) throws -> [[String]] {
        let db = try Connection(path: path, create: false)
        db.setBusyTimeout(milliseconds: 10_000)
        var rows: [[String]] = []
        try db.prepare(sql).bind(values).forEachRow { row in
            rows.append((0..<row.columnCount).map { row.isNull($0) ? "NULL" : row.text($0) })
        }
        return rows
    }

    /// Folds the write-ahead log into the main file and closes it, as the `sqlite3` shell does on
    /// exit: afterwards the main file alone holds everything and no `-wal`/`-shm` file is left.
    /// (`todo` itself leaves the log in place between commands, to save each command the work.)
    func settle() throws {
        let db = try Connection(path: path, create: false)
        db.setBusyTimeout(milliseconds: 10_000)
        try db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    /// The first column of the first row.
    func value(_ sql: String, _ values: [(any SQLBindable)?] = []) throws -> String? {
        try rows(sql, values).first?.first
    }

    func count(_ sql: String, _ values: [(any SQLBindable)?] = []) throws -> Int {
        Int(try value(sql, values) ?? "0") ?? -1
    }

    /// Runs statements in one transaction.
    func execute(_ sql: String) throws {
        let db = try Connection(path: path, create: false)
        db.setBusyTimeout(milliseconds: 10_000)
        try db.transaction { try db.execute(sql) }
    }

    /// Runs one statement with values.
    func run(_ sql: String, _ values: (any SQLBindable)?...) throws {
        let db = try Connection(path: path, create: false)
        db.setBusyTimeout(milliseconds: 10_000)
        try db.prepare(sql).bind(values).run()
    }

    /// Inserts `count` open tasks into the list with id `listID`, titled `prefix1`, `prefix2` ...;
    /// returns their ids. The schema's triggers keep the list's counts right.
    @discardableResult
    func insertTasks(_ count: Int, list listID: Int64, prefix: String, due: (Int) -> String? = { _ in nil }) throws -> [Int64] {
        let db = try Connection(path: path, create: false)
        db.setBusyTimeout(milliseconds: 10_000)
        return try db.transaction {
            var ids: [Int64] = []
            let statement = try db.prepare(
                "INSERT INTO tasks (list_id, title, due, created_at, updated_at) VALUES (?, ?, ?, '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')")
            for index in stride(from: 1, through: count, by: 1) {
                try statement.bind([listID, "\(prefix)\(index)", due(index)]).run()
                ids.append(db.lastInsertedRowID)
            }
            return ids
        }
    }

    /// What is wrong with the file: `integrity_check` not ok, `foreign_key_check` rows, and
    /// per-list counts that differ from the tasks really there. Empty when all is well.
    func problems() throws -> [String] {
        var problems: [String] = []
        let integrity = try rows("PRAGMA integrity_check").map { $0.joined() }
        if integrity != ["ok"] { problems.append("integrity_check: \(integrity)") }
        let foreignKeys = try rows("PRAGMA foreign_key_check")
        if !foreignKeys.isEmpty { problems.append("foreign_key_check: \(foreignKeys)") }
        let counts = try rows("""
            SELECT l.id, l.name, l.open_count, l.done_count, coalesce(real.open, 0), coalesce(real.done, 0)
            FROM lists l LEFT JOIN (
                SELECT list_id, count(*) FILTER (WHERE done = 0) AS open, count(*) FILTER (WHERE done = 1) AS done
                FROM tasks GROUP BY list_id
            ) AS real ON real.list_id = l.id
            """)
        for row in counts where row[2] != row[4] || row[3] != row[5] {
            problems.append("list \(row[0]) '\(row[1])' says \(row[2]) open, \(row[3]) done; really \(row[4]) open, \(row[5]) done")
        }
        let orphans = try count("SELECT count(*) FROM tasks WHERE list_id NOT IN (SELECT id FROM lists)")
        if orphans != 0 { problems.append("\(orphans) tasks without a list") }
        // FTS5's own check that the search index matches the tasks (rank 1: against their text too).
        do {
            try execute("INSERT INTO tasks_search (tasks_search, rank) VALUES ('integrity-check', 1)")
        } catch {
            problems.append("search index: \(error)")
        }
        return problems
    }

    /// Every row of every table, as text: equal snapshots mean the database did not change.
    func snapshot() throws -> [String] {
        var lines: [String] = []
        for table in try rows("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").map({ $0[0] }) {
            lines += try rows("SELECT * FROM \"\(table)\"").map { table + ": " + $0.joined(separator: "|") }
        }
        return lines
    }

    /// The id of the list named `name` (matched as todo matches, ignoring ASCII case).
    func listID(_ name: String) throws -> Int64? {
        try value("SELECT id FROM lists WHERE name = ?", [name]).flatMap { Int64($0) }
    }
}

/// The files SQLite keeps next to a database while it is in use.
func sidecarFiles(of path: String) -> [String] {
    ["-wal", "-shm", "-journal"].map { path + $0 }.filter { FileManager.default.fileExists(atPath: $0) }
}

/// Text compared scalar by scalar: Swift's `==` treats canonically equivalent strings (é and
/// e + ◌́) as equal, and "stored exactly" means the very same scalars.
func sameScalars(_ a: String?, _ b: String?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return Array(a.unicodeScalars) == Array(b.unicodeScalars)
}
