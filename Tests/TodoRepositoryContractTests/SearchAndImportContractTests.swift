import Testing
import TodoCore
import TodoTestSupport

/// Search (every word, as a prefix, ignoring case and accents, title before notes) and import
/// (all or nothing, ids kept or new, ids never reused).
@Suite struct SearchAndImportContractTests {
    @Test(arguments: Backend.allCases)
    func searchFindsEveryWordAsThePrefixOfAWord(backend: Backend) throws {
        let subject = try Subject(backend)
        let list = try subject.repository.createList(named: "Home")
        let other = try subject.repository.createList(named: "Work")
        let notes = try subject.repository.addTask(TaskDraft(title: "shopping", notes: "oat milk and bread"), to: list.id)
        let title = try subject.repository.addTask(TaskDraft(title: "Milk for the café"), to: list.id)
        let accented = try subject.repository.addTask(TaskDraft(title: "mílk frother"), to: other.id)
        let done = try subject.repository.addTask(TaskDraft(title: "milk, done already"), to: list.id)
        _ = try subject.repository.setDone(true, task: done.id, in: list.id)

        // A title match ranks before a notes match; accents and case are ignored; a word
        // matches the start of a longer one; done tasks only when asked.
        let found = try subject.found(TaskSearch(words: ["mil"])).map(\.id)
        #expect(Set(found) == [notes.id, title.id, accented.id])
        #expect(found.last == notes.id)
        #expect(try subject.found(TaskSearch(words: ["MILK", "cafe"])).map(\.id) == [title.id])
        #expect(try subject.found(TaskSearch(words: ["milk"], list: other.id)).map(\.id) == [accented.id])
        #expect(try Set(subject.found(TaskSearch(words: ["milk"], includeDone: true)).map(\.id)) == [notes.id, title.id, accented.id, done.id])
        #expect(try subject.found(TaskSearch(words: ["ilk"])).isEmpty, "only the start of a word")
        #expect(try subject.found(TaskSearch(words: ["milk", "xyz"])).isEmpty, "every word must match")
        #expect(try subject.found(TaskSearch(words: ["--", "*"])).isEmpty)
        // A quote that a combining mark follows is still a quote to the search's parser.
        let quoted = try subject.repository.addTask(TaskDraft(title: "say \"\u{301}hi"), to: list.id)
        #expect(try subject.found(TaskSearch(words: ["\"\u{301}hi"])).map(\.id) == [quoted.id])
    }

    static func records(_ titles: [String], list: String = "Imported", firstID: Int64? = nil) -> [ImportedTask] {
        titles.enumerated().map { index, title in
            ImportedTask(line: index + 1, id: firstID.map { $0 + Int64(index) }, listName: list, title: title,
                         notes: "notes \(index)", due: Due(text: "2027-01-0\(index % 9 + 1)"), priority: .medium,
                         isDone: index % 2 == 1, createdAt: "2025-05-05T05:05:05Z", updatedAt: "2025-06-06T06:06:06Z",
                         completedAt: index % 2 == 1 ? "2025-07-07T07:07:07Z" : nil)
        }
    }

    static func importing(_ subject: Subject, _ records: [ImportedTask], keepingIDs: Bool = false, dryRun: Bool = false) throws -> ImportSummary {
        try subject.repository.write(dryRun: dryRun) {
            try subject.repository.importTasks(keepingIDs: keepingIDs) { store in try records.forEach(store) }
        }
    }

    @Test(arguments: Backend.allCases)
    func importStoresEveryFieldAndCreatesListsOnce(backend: Backend) throws {
        let subject = try Subject(backend)
        _ = try subject.repository.createList(named: "imported")
        let summary = try Self.importing(subject, Self.records(["a", "b"]) + Self.records(["c"], list: "Fresh"))
        #expect(summary == ImportSummary(imported: 3, listsCreated: 1))
        let tasks = try subject.tasks(in: subject.requireList("Imported").id)
        #expect(tasks.map(\.title) == ["a", "b"])
        let b = try #require(tasks.last)
        #expect(b.notes == "notes 1" && b.due == Due(text: "2027-01-02") && b.priority == .medium && b.isDone)
        #expect(b.createdAt == "2025-05-05T05:05:05Z" && b.updatedAt == "2025-06-06T06:06:06Z" && b.completedAt == "2025-07-07T07:07:07Z")
        #expect(try subject.requireList("Imported").doneCount == 1)
    }

    @Test(arguments: Backend.allCases)
    func importKeepsIdsOnlyAboveEveryIdHandedOut(backend: Backend) throws {
        let subject = try Subject(backend)
        let list = try subject.repository.createList(named: "Home")
        let first = try subject.repository.addTask(TaskDraft(title: "first"), to: list.id)
        _ = try subject.repository.deleteTask(first.id, in: list.id)
        let before = try subject.lists()

        #expect(throws: TodoError.idAlreadyAssigned(first.id, line: 1)) {
            try Self.importing(subject, Self.records(["reuses"], firstID: first.id), keepingIDs: true)
        }
        var twice = Self.records(["a", "b"], firstID: 100)
        twice[1].id = 100
        for dryRun in [true, false] {
            #expect(throws: TodoError.invalidRecord(line: 2, reason: "task id 100 appears more than once")) {
                try Self.importing(subject, twice, keepingIDs: true, dryRun: dryRun)
            }
        }
        #expect(try subject.lists() == before, "a refused import leaves nothing")

        #expect(try Self.importing(subject, Self.records(["x", "y"], firstID: 500), keepingIDs: true).imported == 2)
        #expect(try subject.repository.task(501)?.title == "y")
        #expect(try subject.repository.addTask(TaskDraft(title: "next"), to: list.id).id > 501, "ids go on above the imported ones")
    }

    @Test(arguments: Backend.allCases)
    func aDryRunImportCountsWhatWouldHappenAndKeepsNothing(backend: Backend) throws {
        let subject = try Subject(backend)
        let summary = try Self.importing(subject, Self.records(["a", "b", "c"], list: "New"), dryRun: true)
        #expect(summary == ImportSummary(imported: 3, listsCreated: 1))
        #expect(try subject.lists().isEmpty)
    }
}
