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
        (.invalidRecord(line: 12, reason: "\"due\" must be a date"), ["line 12", "\"due\"", "nothing was imported"]),
        (.idAlreadyAssigned(7, line: 3), ["line 3", "task id 7", "--keep-ids"]),
        (.idsExhausted(table: "tasks"), ["task ids are exhausted"]),
        (.unreadableTask(9, field: "priority", value: "7", expected: "none, low, medium or high"), ["task 9", "priority '7'"]),
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
}
