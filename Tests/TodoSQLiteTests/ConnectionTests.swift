import Foundation
import Testing
import TodoTestSupport
@testable import TodoSQLite

// Result codes as documented at https://sqlite.org/rescode.html, written out so a wrong
// constant in the code under test cannot hide behind the same constant here.
enum ResultCode {
    static let error: Int32 = 1
    static let busy: Int32 = 5
    static let readOnly: Int32 = 8
    static let cannotOpen: Int32 = 14
    static let constraint: Int32 = 19
    static let constraintCheck: Int32 = 275
    static let constraintForeignKey: Int32 = 787
    static let constraintNotNull: Int32 = 1299
    static let constraintPrimaryKey: Int32 = 1555
    static let constraintUnique: Int32 = 2067
}

@Suite struct ConnectionTests {
    // A fresh instance per test: the folder (and the files in it) live as long as the test.
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    @Test func opensAndCreatesARealFile() throws {
        let path = directory.path("plain.db")
        let db = try Connection(path: path)
        try db.execute("CREATE TABLE t (x INTEGER)")
        #expect(db.path == path)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func withoutCreateAMissingFileIsNotOpened() throws {
        let path = directory.path("missing.db")
        let error = #expect(throws: SQLiteError.self) { try Connection(path: path, create: false) }
        #expect(error?.code == ResultCode.cannotOpen)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func readOnlyConnectionRefusesWrites() throws {
        let path = directory.path("ro.db")
        try Connection(path: path).execute("CREATE TABLE t (x INTEGER)")
        let db = try Connection(path: path, readOnly: true)
        let error = #expect(throws: SQLiteError.self) { try db.execute("INSERT INTO t VALUES (1)") }
        #expect(error?.primaryCode == ResultCode.readOnly)
        #expect(try db.integer("SELECT count(*) FROM t") == 0)
    }

    @Test func preparedStatementsAreNewButCachedOnesAreReused() throws {
        let db = try Connection(path: directory.path("c.db"))
        let sql = "SELECT 1"
        #expect(try db.prepare(sql) !== db.prepare(sql))
        let cached = try db.cached(sql)
        #expect(try db.cached(sql) === cached)
        #expect(try db.cached("SELECT 2") !== cached)
        #expect(cached.sql == sql)
    }

    @Test func aCachedStatementRunsAgainWithNewValues() throws {
        let db = try Connection(path: directory.path("c.db"))
        try db.execute("CREATE TABLE t (x INTEGER)")
        for value in 1...3 { try db.run("INSERT INTO t (x) VALUES (?)", value) }
        #expect(try db.integer("SELECT sum(x) FROM t") == 6)
        #expect(try db.integer("SELECT count(*) FROM t") == 3)
    }

    @Test func changesAndLastInsertedRowID() throws {
        let db = try Connection(path: directory.path("c.db"))
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER)")
        try db.run("INSERT INTO t (id, x) VALUES (?, ?)", 41, 0)
        #expect(db.lastInsertedRowID == 41)
        try db.run("INSERT INTO t (x) VALUES (?)", 0)
        #expect(db.lastInsertedRowID == 42)
        try db.run("UPDATE t SET x = 1")
        #expect(db.changes == 2)
        try db.run("DELETE FROM t WHERE id = ?", 41)
        #expect(db.changes == 1)
    }

    @Test func forEachRowVisitsEveryRowAndFirstReadsOnlyOne() throws {
        let db = try Connection(path: directory.path("c.db"))
        try db.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (3), (1), (2)")
        var seen: [Int] = []
        try db.prepare("SELECT x FROM t ORDER BY x").bind([]).forEachRow { seen.append($0.int(0)) }
        #expect(seen == [1, 2, 3])
        let statement = try db.prepare("SELECT x FROM t ORDER BY x DESC")
        #expect(try statement.bind([]).first { $0.int(0) } == 3)
        // `first` resets, so the next read starts from the top again.
        #expect(try statement.first { $0.int(0) } == 3)
        #expect(try db.prepare("SELECT x FROM t WHERE x > 9").bind([]).first { $0.int(0) } == nil)
    }

    @Test func busyTimeoutIsRemembered() throws {
        let db = try Connection(path: directory.path("c.db"))
        db.setBusyTimeout(milliseconds: 1234)
        #expect(db.busyTimeout == 1234)
    }
}

@Suite struct SQLiteErrorTests {
    // A fresh instance per test: the folder (and the files in it) live as long as the test.
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    @Test func badSQLCarriesCodeMessageAndSQL() throws {
        let db = try Connection(path: directory.path("e.db"))
        let sql = "SELEKT 1"
        let prepared = #expect(throws: SQLiteError.self) { try db.prepare(sql) }
        #expect(prepared?.code == ResultCode.error)
        #expect(prepared?.message.contains("syntax error") == true)
        #expect(prepared?.sql == sql)

        let executed = #expect(throws: SQLiteError.self) { try db.execute(sql) }
        #expect(executed?.code == ResultCode.error)
        #expect(executed?.message.contains("syntax error") == true)
        #expect(executed?.sql == sql)
    }

    @Test func descriptionAloneIsEnoughToDiagnose() throws {
        let db = try Connection(path: directory.path("e.db"))
        let sql = "SELECT * FROM no_such_table"
        let error = try #require(#expect(throws: SQLiteError.self) { try db.prepare(sql) })
        #expect(error.description.contains("no such table: no_such_table"))
        #expect(error.description.contains(sql))
        #expect(error.description.contains("\(ResultCode.error)"))
    }

    @Test func uniqueViolationHasItsExtendedCode() throws {
        let db = try Connection(path: directory.path("e.db"))
        try db.execute("CREATE TABLE t (name TEXT UNIQUE)")
        try db.run("INSERT INTO t VALUES (?)", "a")
        let error = try #require(#expect(throws: SQLiteError.self) { try db.run("INSERT INTO t VALUES (?)", "a") })
        #expect(error.code == ResultCode.constraintUnique)
        #expect(error.primaryCode == ResultCode.constraint)
        #expect(error.isUniqueViolation)
        #expect(!error.isBusy)
        #expect(error.message.contains("UNIQUE constraint failed: t.name"))
        #expect(error.sql == "INSERT INTO t VALUES (?)")
        // A failed step resets the statement, so the cached statement still works afterwards.
        try db.run("INSERT INTO t VALUES (?)", "b")
        #expect(try db.integer("SELECT count(*) FROM t") == 2)
    }

    @Test func primaryKeyViolationCountsAsUnique() throws {
        let db = try Connection(path: directory.path("e.db"))
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY)")
        try db.run("INSERT INTO t VALUES (?)", 1)
        let error = #expect(throws: SQLiteError.self) { try db.run("INSERT INTO t VALUES (?)", 1) }
        #expect(error?.code == ResultCode.constraintPrimaryKey)
        #expect(error?.isUniqueViolation == true)
    }

    @Test func otherConstraintsAreNotUniqueViolations() throws {
        let db = try Connection(path: directory.path("e.db"))
        try db.execute("CREATE TABLE t (x INTEGER NOT NULL CHECK (x > 0))")
        let check = #expect(throws: SQLiteError.self) { try db.run("INSERT INTO t VALUES (?)", 0) }
        #expect(check?.code == ResultCode.constraintCheck)
        #expect(check?.isUniqueViolation == false)
        let notNull = #expect(throws: SQLiteError.self) { try db.run("INSERT INTO t VALUES (?)", nil) }
        #expect(notNull?.code == ResultCode.constraintNotNull)
        #expect(notNull?.isUniqueViolation == false)
    }
}
