import Testing
import TodoTestSupport
@testable import TodoSQLite

/// Values go into the file with the storage class they should have and come back unchanged.
@Suite struct BindingTests {
    // Each test gets its own instance, so its own file; the directory lives as long as the test.
    let directory: TemporaryDirectory
    let db: Connection

    /// A table whose column takes any type, so `typeof` shows what was bound.
    init() throws {
        directory = try TemporaryDirectory()
        db = try Connection(path: directory.path("b.db"))
        try db.execute("CREATE TABLE v (id INTEGER PRIMARY KEY, value ANY) STRICT")
    }

    /// Stores `value`, then returns SQLite's `typeof` for it and the row id.
    private func store(_ value: (any SQLBindable)?) throws -> (type: String, id: Int64) {
        try db.run("INSERT INTO v (value) VALUES (?)", value)
        let id = db.lastInsertedRowID
        return (try #require(try db.string("SELECT typeof(value) FROM v WHERE id = ?", id)), id)
    }

    @Test(arguments: [Int64.min, -1, 0, 1, Int64.max])
    func int64RoundTrips(_ value: Int64) throws {
        let stored = try store(value)
        #expect(stored.type == "integer")
        let read = try db.prepare("SELECT value FROM v WHERE id = ?").bind([stored.id]).first { $0.int64(0) }
        #expect(read == value)
    }

    @Test(arguments: [Int.min, -42, 0, 42, Int.max])
    func intRoundTrips(_ value: Int) throws {
        let stored = try store(value)
        #expect(stored.type == "integer")
        #expect(try db.integer("SELECT value FROM v WHERE id = ?", stored.id) == Int64(value))
        let read = try db.prepare("SELECT value FROM v WHERE id = ?").bind([stored.id]).first { $0.int(0) }
        #expect(read == value)
    }

    @Test func boolsAreStoredAsZeroAndOne() throws {
        let yes = try store(true)
        let no = try store(false)
        #expect(yes.type == "integer")
        #expect(try db.integer("SELECT value FROM v WHERE id = ?", yes.id) == 1)
        #expect(try db.integer("SELECT value FROM v WHERE id = ?", no.id) == 0)
        let read = try db.prepare("SELECT value FROM v ORDER BY id").bind([])
        var values: [Bool] = []
        try read.forEachRow { values.append($0.bool(0)) }
        #expect(values == [true, false])
    }

    @Test(arguments: ["plain", "it's \"quoted\"", "line one\nline two\ttab", "héllo wörld", "日本語のタスク", "🥛 oat milk 👩‍👩‍👧", "\u{1B}[31mred\u{1B}[0m"])
    func textRoundTripsAsExactUTF8(_ value: String) throws {
        let stored = try store(value)
        #expect(stored.type == "text")
        // The stored bytes are the string's UTF-8, nothing more or less.
        let hex = try db.string("SELECT hex(value) FROM v WHERE id = ?", stored.id)
        #expect(hex == value.utf8.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true) }.joined())
        #expect(try db.string("SELECT value FROM v WHERE id = ?", stored.id) == value)
    }

    @Test func emptyStringIsBoundAsEmptyTextNotNull() throws {
        let stored = try store("")
        #expect(stored.type == "text")
        #expect(try db.integer("SELECT value IS NULL FROM v WHERE id = ?", stored.id) == 0)
        #expect(try db.integer("SELECT value = '' FROM v WHERE id = ?", stored.id) == 1)
        // The same for a string emptied at run time rather than written as a literal.
        var emptied = String(repeating: "x", count: 40)
        emptied.removeAll()
        #expect(try store(emptied).type == "text")
        // Comparing an empty string parameter in a WHERE clause finds the row.
        #expect(try db.integer("SELECT count(*) FROM v WHERE value = ?", "") == 2)
    }

    @Test func embeddedNulIsKept() throws {
        let value = "a\u{0}b\u{0}"
        let stored = try store(value)
        #expect(stored.type == "text")
        #expect(try db.integer("SELECT length(CAST(value AS BLOB)) FROM v WHERE id = ?", stored.id) == 4)
        #expect(try db.string("SELECT value FROM v WHERE id = ?", stored.id) == value)
    }

    @Test func nilBindsNull() throws {
        let stored = try store(nil)
        #expect(stored.type == "null")
        let row = try db.prepare("SELECT value FROM v WHERE id = ?").bind([stored.id])
        #expect(try row.first { $0.isNull(0) } == true)
        #expect(try row.first { $0.optionalText(0) } == .some(nil))
        #expect(try row.first { $0.text(0) } == "")
        // An optional holding nothing binds NULL too.
        let missing: String? = nil
        #expect(try store(missing).type == "null")
    }

    @Test func optionalTextReadsPresentText() throws {
        let stored = try store("x")
        let row = try db.prepare("SELECT value FROM v WHERE id = ?").bind([stored.id])
        #expect(try row.first { $0.optionalText(0) } == "x")
        #expect(try row.first { $0.isNull(0) } == false)
    }

    @Test func rebindingClearsEarlierValues() throws {
        let statement = try db.prepare("SELECT ?1, ?2")
        #expect(try statement.bind([1, "two"]).first { [$0.int(0), $0.isNull(1) ? -1 : 2] } == [1, 2])
        // Binding fewer values leaves the rest NULL, not what the previous bind left there.
        #expect(try statement.bind([5]).first { [$0.int(0), $0.isNull(1) ? -1 : 2] } == [5, -1])
    }

    @Test func bindingTooManyValuesFails() throws {
        let statement = try db.prepare("SELECT ?")
        let error = #expect(throws: SQLiteError.self) { try statement.bind([1, 2]) }
        #expect(error?.code == 25)  // SQLITE_RANGE
        #expect(error?.sql == "SELECT ?")
    }
}
