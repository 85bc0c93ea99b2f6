import TodoSQLite

/// Every row of every table, as text: equal snapshots mean the database did not change.
func databaseSnapshot(_ path: String) throws -> [String] {
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
    return rows
}
