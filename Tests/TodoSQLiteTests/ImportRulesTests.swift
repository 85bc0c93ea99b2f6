import Testing
import TodoCore
import TodoTestSupport
@testable import TodoSQLite

/// An import stores due dates without the schema re-checking them (`StoringTarget`), because
/// each one was read by `Due(text:)` first. That is only sound if the two accept exactly the same
/// texts: this compares them on many near-miss texts.
@Suite struct ImportRulesTests {
    /// Texts shaped like due dates, with each part sometimes out of range or malformed.
    static func candidates(count: Int) -> [String] {
        var generator = SystemRandomNumberGenerator()
        func digits(_ width: Int, upTo limit: Int) -> String {
            let value = Int.random(in: 0...limit, using: &generator)
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        func sometimes(_ text: String, or other: @autoclosure () -> String) -> String {
            Int.random(in: 0..<12, using: &generator) == 0 ? other() : text
        }
        let junk = ["", "x", "-", "T", ":", " ", "0", "+", "\u{0660}", "Z", "1"]
        return (0..<count).map { _ in
            var text = digits(4, upTo: 9999) + sometimes("-", or: junk.randomElement()!) + digits(2, upTo: 13)
                + sometimes("-", or: junk.randomElement()!) + digits(2, upTo: 32)
            if Bool.random(using: &generator) {
                text += sometimes("T", or: junk.randomElement()!) + digits(2, upTo: 25) + sometimes(":", or: junk.randomElement()!) + digits(2, upTo: 61)
            }
            if Int.random(in: 0..<10, using: &generator) == 0 { text += junk.randomElement()! }
            if Int.random(in: 0..<10, using: &generator) == 0, !text.isEmpty { text.removeFirst() }
            return text
        } + ["2024-02-29", "2023-02-29", "1900-02-29", "2000-02-29", "0000-01-01", "9999-12-31T23:59", "2026-04-31", "2026-11-22T24:00",
           "0300-02-29", "0300-03-01", "0300-02-29T10:00", "0300-03-01T10:00", "0300-02-28", "0300-03-02"]
    }

    @Test func dueDatesAreReadAsTheSchemaChecksThem() throws {
        let database = try TestDatabase()
        let repository = try database.open()
        let list = try repository.createList(named: "Checks")
        let db = try database.connection()
        var disagreements: [String] = []
        var accepted = 0
        for text in Self.candidates(count: 20_000) {
            let storable: Bool
            do {
                try db.transaction(rollback: true) {
                    try db.run("INSERT INTO tasks (list_id, title, due, created_at, updated_at) VALUES (?, 't', ?, 'c', 'u')", list.id, text)
                }
                storable = true
            } catch let error as SQLiteError where error.isConstraintViolation {
                storable = false
            }
            if storable { accepted += 1 }
            // The one exception: SQLite's calendar takes 0300-02-29, a day that never was, for
            // 0300-03-01, so the CHECK lets it in and todo refuses it (and 0300-03-01 with it);
            // `todo db check` reports such a value written by hand.
            if storable != (Due(text: text) != nil), !text.hasPrefix("0300-02-29") { disagreements.append(text) }
            if text.hasPrefix("0300-03-01") || text.hasPrefix("0300-02-29") { #expect(Due(text: text) == nil, "\(text)") }
        }
        #expect(disagreements.isEmpty, "Due(text:) and the schema's CHECK disagree on \(disagreements.prefix(20))")
        // Both kinds were tried.
        #expect(accepted > 1000 && accepted < 19_000)
    }
}
