#if PostgreSQL
import TodoSQL

/// The server as the rules written once for every backend see it (`SQLSession`): statements run
/// on the repository's connection, inside the transaction its caller opened.
struct PostgresSession: SQLSession {
    let repository: PostgresTodoRepository

    private var server: ServerConnection { repository.server }

    var dialect: any SQLDialect { PostgresDialect() }

    func run(_ sql: String, _ values: [SQLValue]) throws -> Int {
        try server.run(sql, values.map(\.serverValue))
    }

    func insert(_ sql: String, _ values: [SQLValue]) throws -> Int64 {
        guard let id = try server.first(sql + " RETURNING id", values.map(\.serverValue), { try $0.int64(0) }) else {
            throw SQLNoRow(statement: sql)
        }
        return id
    }

    func first<T>(_ sql: String, _ values: [SQLValue], _ read: (any SQLRow) throws -> T) throws -> T? {
        try server.first(sql, values.map(\.serverValue)) { try read($0) }
    }

    func forEachRow(_ sql: String, _ values: [SQLValue], _ body: (any SQLRow) throws -> Void) throws {
        try server.forEachRow(sql, values.map(\.serverValue)) { try body($0) }
    }

    /// Tasks coming in bulk with the indexes set aside (`bulkLoading`). (The statement limit is
    /// lifted by what knows the work is large: `expectLongWork`.)
    func writingInBulk(_ rows: Int, _ work: BulkWork, _ body: () throws -> Void) throws {
        guard work == .inserting else { return try body() }
        try repository.bulkLoading(rows, body)
    }

    func expectLongWork() throws {
        try server.liftStatementLimit()
    }

    func violated(by error: any Error) -> SQLConstraint? {
        switch ServerError.sqlState(of: error) {
        case "23505": .unique
        case "23503": .foreignKey
        default: nil
        }
    }
}

extension ServerRow: SQLRow {}

extension SQLValue {
    var serverValue: ServerValue {
        switch self {
        case .null: nil
        case .integer(let value): value
        case .text(let value): value
        case .bool(let value): value
        }
    }
}
#endif
