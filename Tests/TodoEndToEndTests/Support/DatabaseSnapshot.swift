import TodoCore
import TodoSQLite
import TodoTestSupport

/// Every row of every table, as text compared by its scalars (`ExactText`), as the database
/// compares it: equal snapshots mean the database did not change, not even in how a text is
/// normalised (which `==` on Strings would not see).
func databaseSnapshot(_ path: String) throws -> [ExactText] {
    let db = try Connection(path: path, create: false, readOnly: true)
    var rows: [String] = []
    var tables: [String] = []
    try db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name").bind([]).forEachRow {
        tables.append($0.text(0))
    }
    for table in tables {
        let statement = try db.prepare("SELECT * FROM \"\(table)\"")
        try statement.bind([]).forEachRow { row in
            let count = row.columnCount
            rows.append(table + ": " + (0..<count).map { row.isNull($0) ? "NULL" : row.text($0) }.joined(separator: "|"))
        }
    }
    return rows.map(ExactText.init)
}

/// Every row of every table of the runner's database, on a file or on a server. On a server
/// the identity sequences are left out: PostgreSQL never rolls them back, so a refused or
/// dry-run command may use up ids without changing a row (docs/manual.md, "What differs").
func databaseSnapshot(_ todo: TodoRunner) throws -> [ExactText] {
    switch todo.store {
    case .file:
        return try databaseSnapshot(todo.databasePath)
    case .server:
        return try PostgresTestServer.psql(todo.databasePath, """
            SELECT c.relname || ': ' || query_to_xml(format('SELECT t::text AS r FROM %I.%I AS t ORDER BY 1', n.nspname, c.relname), false, false, '')
            FROM pg_class AS c JOIN pg_namespace AS n ON n.oid = c.relnamespace
            WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname
            """).split(separator: "\n").map { ExactText(String($0)) }
    }
}

/// Runs SQL on the runner's database as a person editing it by hand would: with the sqlite3
/// shell on a file, with psql on a server. The SQL must read the same to both.
func editByHand(_ todo: TodoRunner, _ sql: String) throws {
    switch todo.store {
    case .file: try sqlite3(todo.databasePath, sql)
    case .server: try PostgresTestServer.psql(todo.databasePath, sql)
    }
}

/// The first column of every row `sql` selects from the runner's database, as text.
func rows(_ todo: TodoRunner, _ sql: String) throws -> [String] {
    switch todo.store {
    case .file:
        var rows: [String] = []
        try Connection(path: todo.databasePath, create: false, readOnly: true).prepare(sql).bind([]).forEachRow { rows.append($0.text(0)) }
        return rows
    case .server:
        let printed = try PostgresTestServer.psql(todo.databasePath, sql)
        return printed.isEmpty ? [] : printed.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
