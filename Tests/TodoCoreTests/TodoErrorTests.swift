import Testing
import TodoCore

/// Every error reads as one line a user can act on, naming what it is about.
@Suite struct TodoErrorTests {
    @Test(arguments: [
        (TodoError.listNotFound("Groceries"), ["'Groceries'"]),
        (.listExists("Work"), ["'Work'", "already exists"]),
        (.listNotEmpty("Work", taskCount: 3), ["'Work'", "3 tasks", "--force"]),
        (.listNotEmpty("Work", taskCount: 1), ["'Work'", "1 task;"]),
        (.taskNotFound(42), ["42"]),
        (.databaseBusy(path: "/tmp/todo.db", waitedMilliseconds: 5000), ["/tmp/todo.db", "5000 ms"]),
        (.notADatabase(path: "/tmp/x.db", reason: "file is not a database"), ["/tmp/x.db", "file is not a database"]),
        (.foreignDatabase(path: "/tmp/other.db"), ["/tmp/other.db", "untouched"]),
        (.newerDatabase(path: "/tmp/new.db", version: 7, known: 3), ["/tmp/new.db", "version 7", "up to 3"]),
        (.migrationChanged(version: 2, name: "add_notes"), ["0002_add_notes.sql"]),
        (.cannotOpen(path: "/root/todo.db", reason: "permission denied"), ["/root/todo.db", "permission denied"]),
        (.storage("disk I/O error"), ["disk I/O error"]),
    ])
    func descriptionIsOneLineNamingTheKeyValue(error: TodoError, mentions: [String]) {
        let line = error.description
        #expect(!line.contains("\n"))
        #expect(!line.isEmpty)
        for value in mentions {
            #expect(line.contains(value), "\(line) should mention \(value)")
        }
    }

    @Test func oneTaskIsNotPlural() {
        #expect(!TodoError.listNotEmpty("Work", taskCount: 1).description.contains("tasks"))
    }

    @Test func migrationFileNamesPadTheVersionToFourDigits() {
        #expect(Migrations.fileName(version: 1, name: "create_lists_and_tasks") == "0001_create_lists_and_tasks.sql")
        #expect(Migrations.fileName(version: 42, name: "x") == "0042_x.sql")
        #expect(Migrations.fileName(version: 12345, name: "x") == "12345_x.sql")
    }
}
