/// One row of a result, read by column number (from 0). A value of another type than asked for
/// (a column changed by hand) is a failure naming the column, never some other value.
public protocol SQLRow {
    func isNull(_ column: Int) -> Bool
    func int64(_ column: Int) throws -> Int64
    func bool(_ column: Int) throws -> Bool
    func text(_ column: Int) throws -> String
    /// Whether the column's text is UTF-8 as stored: `text` reads any other bytes with U+FFFD in
    /// their place, which a write of it would store instead (a SQLite file can hold anything).
    func isUTF8(_ column: Int) -> Bool
}

extension SQLRow {
    /// A server's text is always in its encoding.
    public func isUTF8(_ column: Int) -> Bool { true }

    public func int(_ column: Int) throws -> Int { Int(try int64(column)) }
    public func optionalText(_ column: Int) throws -> String? { isNull(column) ? nil : try text(column) }

    /// `count` columns from `first`, each as text, NULL as nil.
    public func texts(from first: Int, _ count: Int) throws -> [String?] {
        try (first..<first + count).map { try optionalText($0) }
    }
}

/// A value bound to a statement's `$n`.
public enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case text(String)
    case bool(Bool)
}

extension SQLValue {
    public init(_ value: Int) { self = .integer(Int64(value)) }
    /// Text, or NULL for none.
    public init(_ value: String?) { self = value.map(SQLValue.text) ?? .null }
}
