/// Where the storage's SQL runs: a SQLite file or a PostgreSQL server, in a transaction the
/// caller owns. The rules written once for every backend (TodoHistory: writing tasks and lists,
/// reading lists, the history, undo and redo) speak to this; each backend adapts its own connection to it and says how its SQL differs
/// (`dialect`). As SQLKit's `SQLDatabase` and GRDB's `Database` draw it: run a statement, read
/// its first row, or stream its rows, nothing else.
///
/// Statements are written with `$1`, `$2`, … for their values, PostgreSQL's form; a backend with
/// another form rewrites them.
public protocol SQLSession {
    var dialect: any SQLDialect { get }

    /// Runs a statement that returns no rows; how many rows it changed.
    @discardableResult
    func run(_ sql: String, _ values: [SQLValue]) throws -> Int
    /// Runs an INSERT of one row into a table whose key is `id`, and returns the row's id (the
    /// way each backend gives it cheapest: SQLite's last rowid, PostgreSQL's `RETURNING`).
    func insert(_ sql: String, _ values: [SQLValue]) throws -> Int64
    /// The first row `read` makes something of, or nil when there is none.
    func first<T>(_ sql: String, _ values: [SQLValue], _ read: (any SQLRow) throws -> T) throws -> T?
    /// Hands each row to `body` as it comes, so nothing is collected.
    func forEachRow(_ sql: String, _ values: [SQLValue], _ body: (any SQLRow) throws -> Void) throws

    /// Runs `body`, which inserts, deletes or renumbers `rows` tasks, the way the backend does large work:
    /// indexes set aside and built once at the end when that pays, no statement time limit.
    func writingInBulk(_ rows: Int, _ work: BulkWork, _ body: () throws -> Void) throws
    /// The rest of the transaction is work the size of an import: no statement time limit.
    func expectLongWork() throws
    /// The constraint `error` (thrown by one of this session's statements) says was violated,
    /// if that is what it says.
    func violated(by error: any Error) -> SQLConstraint?
}

/// A constraint a statement was refused by.
public enum SQLConstraint: Sendable {
    case unique, foreignKey
}

/// Which tasks are coming or going in a bulk write.
public enum BulkWork: Sendable {
    /// Tasks stored, tasks deleted, or tasks given other ids (a first sync's renumbering).
    case inserting, deleting, renumbering
}

/// A statement that always gives a row (an INSERT … RETURNING) gave none.
public struct SQLNoRow: Error, CustomStringConvertible {
    public let statement: String

    public init(statement: String) {
        self.statement = statement
    }

    public var description: String { "the database gave no row back for \(statement)" }
}
