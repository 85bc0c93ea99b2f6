import Testing
@testable import TodoSQLite

/// Every storage error reads as one line a user can act on, naming what it is about.
@Suite struct StorageErrorTests {
    @Test(arguments: [
        (StorageError.busy(path: "/tmp/todo.db", waitedMilliseconds: 5000), ["/tmp/todo.db", "5000 ms"]),
        (.notADatabase(path: "/tmp/x.db", reason: "file is not a database"), ["/tmp/x.db", "file is not a database"]),
        (.foreignDatabase(path: "/tmp/other.db"), ["/tmp/other.db", "untouched"]),
        (.newerDatabase(path: "/tmp/new.db", version: 7, known: 3), ["/tmp/new.db", "version 7", "up to 3"]),
        (.migrationChanged(version: 2, name: "add_notes"), ["0002_add_notes.sql"]),
        (.cannotOpen(path: "/root/todo.db", reason: "permission denied"), ["/root/todo.db", "permission denied"]),
        (.readOnly(path: "/mnt/todo.db"), ["/mnt/todo.db", "read-only"]),
        (.failure("disk I/O error"), ["disk I/O error"]),
    ])
    func descriptionIsOneLineNamingTheKeyValue(error: StorageError, mentions: [String]) {
        let line = error.description
        #expect(!line.contains("\n"))
        for value in mentions {
            #expect(line.contains(value), "\(line) should mention \(value)")
        }
    }

    @Test func migrationFileNamesPadTheVersionToFourDigits() {
        #expect(Migration.fileName(version: 1, name: "create_lists_and_tasks") == "0001_create_lists_and_tasks.sql")
        #expect(Migration.fileName(version: 42, name: "x") == "0042_x.sql")
        #expect(Migration.fileName(version: 12345, name: "x") == "12345_x.sql")
    }
}
