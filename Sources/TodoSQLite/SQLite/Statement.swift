import CSQLite

/// A prepared statement. Finalized when released; reused (reset and re-bound) when cached.
public final class Statement {
    let handle: OpaquePointer
    public let sql: String

    init(handle: OpaquePointer, sql: String) {
        self.handle = handle
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    /// Resets the statement and binds `values` to its parameters `?1`, `?2` ... in order.
    /// A `nil` binds SQL NULL.
    @discardableResult
    public func bind(_ values: [(any SQLBindable)?]) throws -> Statement {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code = value?.bind(to: handle, at: index) ?? sqlite3_bind_null(handle, index)
            guard code == SQLITE_OK else { throw error(code) }
        }
        return self
    }

    /// Resets the statement and clears its parameters, for binding one by one with `bind(_:at:)`.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds one parameter (`index` counts from 1); nil binds NULL. For statements with many
    /// parameters, where building an array of them for `bind(_:)` would cost more than binding.
    public func bind(_ value: (any SQLBindable)?, at index: Int32) throws {
        let code = value?.bind(to: handle, at: index) ?? sqlite3_bind_null(handle, index)
        guard code == SQLITE_OK else { throw error(code) }
    }

    /// Advances to the next row; false when there are no more.
    public func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let failure = error(code)
            sqlite3_reset(handle)
            throw failure
        }
    }

    /// Steps through every row, calling `body` on each.
    public func forEachRow(_ body: (Statement) throws -> Void) throws {
        defer { sqlite3_reset(handle) }
        while try step() { try body(self) }
    }

    /// Reads the first row, if any, then resets so no read stays open.
    public func first<T>(_ read: (Statement) throws -> T) throws -> T? {
        defer { sqlite3_reset(handle) }
        return try step() ? read(self) : nil
    }

    /// Runs a statement that returns no rows.
    public func run() throws {
        defer { sqlite3_reset(handle) }
        while try step() {}
    }

    // MARK: Reading the current row

    public var columnCount: Int32 { sqlite3_column_count(handle) }
    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    public func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }
    public func bool(_ column: Int32) -> Bool { sqlite3_column_int64(handle, column) != 0 }

    /// The column as text; invalid UTF-8 in the file is repaired rather than trusted.
    public func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    public func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }

    /// Whether the column's text is UTF-8 (NULL is).
    public func isUTF8(_ column: Int32) -> Bool {
        guard let bytes = sqlite3_column_text(handle, column) else { return true }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(validating: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self) != nil
    }

    func error(_ code: Int32) -> SQLiteError {
        SQLiteError(connection: sqlite3_db_handle(handle), code: code, sql: sql)
    }
}

/// A Swift value that can be bound to a statement parameter.
public protocol SQLBindable {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32
}

extension Int64: SQLBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_int64(statement, index, self) }
}

extension Int: SQLBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_int64(statement, index, Int64(self)) }
}

extension Bool: SQLBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_int(statement, index, self ? 1 : 0) }
}

extension String: SQLBindable {
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        var text = self
        return text.withUTF8 { bytes in
            // An empty buffer may have no address, which SQLite would bind as NULL rather than ''.
            guard let base = bytes.baseAddress else { return sqlite3_bind_text(statement, index, "", 0, csqlite_transient()) }
            return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                // The 64-bit length: text of 2 GiB or more would trap converting to Int32; this way
                // SQLite refuses anything over its length limit with SQLITE_TOOBIG instead.
                sqlite3_bind_text64(statement, index, $0, sqlite3_uint64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
            }
        }
    }
}
