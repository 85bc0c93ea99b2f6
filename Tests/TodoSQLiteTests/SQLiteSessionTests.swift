import Testing
import TodoSQL
import TodoTestSupport
@testable import TodoSQLite

/// The file through the seam the rules written once for every backend use (`SQLSession`).
@Suite struct SQLiteSessionTests {
    let directory: TemporaryDirectory
    let session: SQLiteSession

    init() throws {
        directory = try TemporaryDirectory()
        session = SQLiteSession(db: try Connection(path: directory.path("s.db")))
        try session.db.execute("CREATE TABLE v (id INTEGER PRIMARY KEY, value ANY) STRICT")
    }

    /// PostgreSQL's `$n` become SQLite's `?n`, each number its own value wherever it appears
    /// (SQLite would number `$2` first if it came first); `$` in quoted text stays.
    @Test(arguments: [
        ("SELECT $1", "SELECT ?1"),
        ("WHERE a = $2 AND b = $1 OR c = $2", "WHERE a = ?2 AND b = ?1 OR c = ?2"),
        ("SELECT '$1', $1", "SELECT '$1', ?1"),
        ("SELECT 'it''s $3' || $3", "SELECT 'it''s $3' || ?3"),
        ("SELECT $ + $a", "SELECT $ + $a"),
        ("SELECT $12", "SELECT ?12"),
    ])
    func placeholdersAreNumberedAsPostgreSQLNumbersThem(sql: String, numbered: String) {
        #expect(SQLiteSession.numbered(sql) == numbered)
    }

    @Test func valuesGoInAndComeBackByTheirNumbers() throws {
        try session.run("INSERT INTO v (id, value) VALUES ($2, $1)", [.text("text"), .integer(7)])
        try session.run("INSERT INTO v (id, value) VALUES ($1, $2)", [.integer(8), .null])
        try session.run("INSERT INTO v (id, value) VALUES ($1, $2)", [.integer(9), .bool(true)])
        #expect(try session.first("SELECT value FROM v WHERE id = $1", [.integer(7)]) { try $0.text(0) } == "text")
        #expect(try session.first("SELECT value FROM v WHERE id = $1", [.integer(8)]) { $0.isNull(0) } == true)
        #expect(try session.first("SELECT value FROM v WHERE id = $1", [.integer(9)]) { try $0.bool(0) } == true)
        #expect(try session.first("SELECT value FROM v WHERE id = $1", [.integer(10)]) { try $0.text(0) } == nil)
        var seen: [Int64] = []
        try session.forEachRow("SELECT id FROM v WHERE id >= $1 ORDER BY id", [.integer(8)]) { seen.append(try $0.int64(0)) }
        #expect(seen == [8, 9])
    }
}
