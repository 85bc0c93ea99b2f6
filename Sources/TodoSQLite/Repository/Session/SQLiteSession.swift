import TodoSQL

/// The file as the rules written once for every backend see it (`SQLSession`): statements run on
/// the repository's connection, inside the transaction its caller opened, each prepared once.
struct SQLiteSession: SQLSession {
    let db: Connection

    var dialect: any SQLDialect { SQLiteDialect() }

    func run(_ sql: String, _ values: [SQLValue]) throws -> Int {
        try statement(sql, values).run()
        return db.changes
    }

    func insert(_ sql: String, _ values: [SQLValue]) throws -> Int64 {
        try statement(sql, values).run()
        return db.lastInsertedRowID
    }

    func first<T>(_ sql: String, _ values: [SQLValue], _ read: (any SQLRow) throws -> T) throws -> T? {
        try statement(sql, values).first { try read(SQLiteRow(statement: $0)) }
    }

    func forEachRow(_ sql: String, _ values: [SQLValue], _ body: (any SQLRow) throws -> Void) throws {
        try statement(sql, values).forEachRow { try body(SQLiteRow(statement: $0)) }
    }

    /// In bulk (`BulkLoad`) only when the rows outnumber the rest of the table.
    func writingInBulk(_ rows: Int, _ work: BulkWork, _ body: () throws -> Void) throws {
        let tableRows = try db.cached("SELECT coalesce(sum(open_count) + sum(done_count), 0) FROM lists").bind([]).first { $0.int(0) } ?? 0
        guard BulkLoad.pays(for: rows, in: tableRows, work) else { return try body() }
        let bulk = try BulkLoad.start(db, work)
        try body()
        try bulk.finish()
    }

    /// A file has no statement time limit.
    func expectLongWork() {}

    func violated(by error: any Error) -> SQLConstraint? {
        guard let error = error as? SQLiteError else { return nil }
        return error.isUniqueViolation ? .unique : error.isForeignKeyViolation ? .foreignKey : nil
    }

    /// Prepared once per connection, numbered (`numbered`) only then.
    private func statement(_ sql: String, _ values: [SQLValue]) throws -> Statement {
        try db.cached(sql, preparing: Self.numbered).bind(values.map(\.bindable))
    }

    /// `sql` with PostgreSQL's `$1`, `$2`, … written as SQLite's `?1`, `?2`, … (SQLite reads
    /// `$1` as a parameter named "$1", numbered in the order names first appear, which is not
    /// always theirs). Text in single quotes is left as it is.
    static func numbered(_ sql: String) -> String {
        var sql = sql
        return sql.withUTF8 { text in
            String(unsafeUninitializedCapacity: text.count) { copy in
                var quoted = false
                for index in text.indices {
                    var byte = text[index]
                    if byte == UInt8(ascii: "'") {
                        quoted.toggle()
                    } else if byte == UInt8(ascii: "$"), !quoted, index + 1 < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index + 1]) {
                        byte = UInt8(ascii: "?")
                    }
                    copy[index] = byte
                }
                return text.count
            }
        }
    }
}

/// A row of a statement stepped by `SQLiteSession`. SQLite gives any value as any type (a
/// number as its decimal text), as the file's own readers do.
struct SQLiteRow: SQLRow {
    let statement: Statement

    func isNull(_ column: Int) -> Bool { statement.isNull(Int32(column)) }
    func int64(_ column: Int) -> Int64 { statement.int64(Int32(column)) }
    func bool(_ column: Int) -> Bool { statement.bool(Int32(column)) }
    func text(_ column: Int) -> String { statement.text(Int32(column)) }
    func isUTF8(_ column: Int) -> Bool { statement.isUTF8(Int32(column)) }
}

extension SQLValue {
    var bindable: (any SQLBindable)? {
        switch self {
        case .null: nil
        case .integer(let value): value
        case .text(let value): value
        case .bool(let value): value
        }
    }
}
