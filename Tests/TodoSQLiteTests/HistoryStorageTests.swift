import Testing
import TodoCore
import TodoHistory
import TodoSQL
import TodoTestSupport
@testable import TodoSQLite

/// The history as a `sqlite3` user reads it (docs/manual.md, "Looking inside with sqlite3"): one `history` row per change,
/// each list and task it touched in `history_lists` / `history_tasks` with every field before
/// and after, an import as its range of ids; pruned in the same transaction as each change.
@Suite struct HistoryStorageTests {
    static func open(historyLimit: Int = 100) throws -> (TestDatabase, SQLiteTodoRepository) {
        let database = try TestDatabase(clock: TestClock("2026-05-05T10:00:00Z"))
        return (database, try database.open(historyLimit: historyLimit))
    }

    @Test func aChangeIsOneRowWithEveryFieldBeforeAndAfter() throws {
        let (database, repository) = try Self.open()
        let task = try repository.write(dryRun: false, recording: "add Home 'oat milk' --due 2026-06-01") {
            let home = try repository.createList(named: "Home")
            return try repository.addTask(TaskDraft(title: "oat milk", due: Due(text: "2026-06-01")), to: home.id)
        }
        database.clock.now = "2026-05-06T11:00:00Z"
        try repository.write(dryRun: false, recording: "done 1") { _ = try repository.setDone(true, task: task.id, in: task.listID) }

        let db = try database.connection()
        #expect(try db.strings("SELECT id || ' ' || at || ' ' || command || ' / ' || summary || ' ' || undone || ' ' || quote(imported_after) FROM history ORDER BY id") == [
            "1 2026-05-05T10:00:00Z add Home 'oat milk' --due 2026-06-01 / added task 1, created list 'Home' 0 NULL",
            "2 2026-05-06T11:00:00Z done 1 / marked task 1 done 0 NULL",
        ])
        #expect(try db.strings("SELECT change_id || ' ' || list_id || ' ' || quote(before_name) || ' ' || quote(after_name) || ' ' || quote(after_created_at) FROM history_lists") == [
            "1 1 NULL 'Home' '2026-05-05T10:00:00Z'",
        ])
        let added = "SELECT quote(before_title) || ' ' || quote(after_title) || ' ' || quote(after_due) || ' ' || quote(after_done) FROM history_tasks WHERE change_id = 1"
        #expect(try db.strings(added) == ["NULL 'oat milk' '2026-06-01' 0"])
        let done = """
            SELECT before_done || '>' || after_done || ' ' || quote(before_completed_at) || '>' || quote(after_completed_at)
                || ' ' || before_updated_at || '>' || after_updated_at || ' ' || (before_title = after_title)
            FROM history_tasks WHERE change_id = 2
            """
        #expect(try db.strings(done) == ["0>1 NULL>'2026-05-06T11:00:00Z' 2026-05-05T10:00:00Z>2026-05-06T11:00:00Z 1"])

        _ = try repository.undo()
        #expect(try db.integer("SELECT undone FROM history WHERE id = 2") == 1)
        // A new change drops the undone one, and its rows go with it.
        try repository.write(dryRun: false, recording: "new-list Work") { _ = try repository.createList(named: "Work") }
        #expect(try db.strings("SELECT command FROM history ORDER BY id") == ["add Home 'oat milk' --due 2026-06-01", "new-list Work"])
        #expect(try db.integer("SELECT count(*) FROM history_tasks WHERE change_id = 2") == 0)
    }

    @Test func theOldestChangesArePrunedWithTheirRowsAsNewOnesCome() throws {
        let (database, repository) = try Self.open(historyLimit: 20)
        let home = try repository.write { try repository.createList(named: "Home") }
        let ids = try repository.write { try (1...3).map { try repository.addTask(TaskDraft(title: "task \($0)"), to: home.id).id } }
        let db = try database.connection()
        var sizes: Set<Int64> = []
        for round in 1...100 {
            try repository.write(dryRun: false, recording: "toggle \(round)") {
                for id in ids { _ = try repository.setDone(round % 2 == 1, task: id, in: home.id) }
            }
            // The last 20 are shown; the file holds at most 2 more (a tenth): every second
            // change prunes.
            var shown: [String] = []
            try repository.forEachHistoryEntry(limit: 100) { shown.append($0.command) }
            #expect(shown == (max(1, round - 19)...round).reversed().map { "toggle \($0)" })
            let size = try #require(try db.integer("SELECT count(*) FROM history"))
            #expect(size <= 22)
            if round > 30 { sizes.insert(size) }
            #expect(try db.integer("SELECT count(*) FROM history_tasks") == 3 * size)
            #expect(try db.integer("SELECT max(id) - min(id) + 1 FROM history") == size, "the ids are one run")
        }
        #expect(sizes == [20, 21], "pruned two at a time")
        for _ in 1...20 { _ = try repository.undo() }
        #expect(throws: TodoError.nothingToUndo) { try repository.undo() }
    }

    @Test func anImportIsRecordedAsItsRangeAndItsRowsOnlyOnceUndone() throws {
        let (database, repository) = try Self.open()
        let home = try repository.write { try repository.createList(named: "Home") }
        _ = try repository.write { try repository.addTask(TaskDraft(title: "before"), to: home.id) }
        let records = RepositoryImportTests.records(100).map { record -> ImportedTask in
            var record = record
            record.id = nil
            return record
        }
        _ = try repository.write(dryRun: false, recording: "import tasks.ndjson") {
            try repository.importTasks(keepingIDs: false) { store in try records.forEach(store) }
        }
        let db = try database.connection()
        #expect(try db.strings("SELECT imported_after || '..' || imported_through || ' ' || imported_count FROM history") == ["1..101 100"])
        #expect(try db.integer("SELECT count(*) FROM history_tasks") == 0)
        #expect(try db.integer("SELECT count(*) FROM history_lists") == 2, "Work and Errands were created; Home was there")

        _ = try repository.undo()
        #expect(try db.integer("SELECT count(*) FROM history_tasks") == 100)
        #expect(try db.integer("SELECT count(*) FROM tasks") == 1)
        #expect(try db.strings("SELECT name FROM lists") == ["Home"])
        _ = try repository.redo()
        #expect(try db.integer("SELECT count(*) FROM history_tasks") == 0)
        #expect(try db.integer("SELECT count(*) FROM tasks") == 101)
    }

    @Test func aHandEditOfAnImportedTaskInSqlite3StopsTheUndo() throws {
        let (database, repository) = try Self.open()
        _ = try repository.write(dryRun: false, recording: "import") {
            try repository.importTasks(keepingIDs: true) { store in try RepositoryImportTests.records(50, firstID: 10).forEach(store) }
        }
        // A change no command would make: only the priority's text, by hand.
        try database.connection().execute("UPDATE tasks SET priority = 'high' WHERE id = 33")
        #expect {
            _ = try repository.undo()
        } throws: { error in
            guard case TodoError.historyConflict(1, "import", true, let reason) = error else { return false }
            return reason.contains("changed")
        }
        #expect(try database.connection().integer("SELECT count(*) FROM tasks") == 50)
    }

    /// Past `ChangeRecorder.bufferedRows`, a change is written as it goes rather than held in
    /// memory: the same rows and the same summary come out.
    @Test func aChangeOfManyRowsIsStreamedAndUndoneTheSame() throws {
        let (database, repository) = try Self.open()
        let count = ChangeRecorder.bufferedRows + 50
        let big = try repository.write { try repository.createList(named: "Big") }
        try repository.write { for index in 1...count { _ = try repository.addTask(TaskDraft(title: "task \(index)"), to: big.id) } }
        let db = try database.connection()
        let before = try db.strings("SELECT id || ' ' || title || ' ' || created_at FROM tasks ORDER BY id")

        try repository.write(dryRun: false, recording: "delete-list Big --force") { _ = try repository.deleteList(big.id, force: true) }
        #expect(try db.strings("SELECT summary FROM history") == ["deleted list 'Big' and its \(count) tasks"])
        #expect(try db.integer("SELECT count(*) FROM history_tasks WHERE after_title IS NULL") == Int64(count))
        #expect(try db.integer("SELECT count(*) FROM history_lists") == 1)
        _ = try repository.undo()
        #expect(try db.strings("SELECT id || ' ' || title || ' ' || created_at FROM tasks ORDER BY id") == before)
        #expect(try repository.allLists().map(\.openCount) == [count])
        _ = try repository.redo()
        #expect(try db.integer("SELECT count(*) FROM tasks") == 0)
    }

    /// An import larger than a slice (50,000 ids, `forEachSlice`) leaves on undo, slice by slice,
    /// and comes back on redo whole, the tasks that were there before left alone. All into a
    /// list that was there before, so no list's cascade deletes what a slice missed.
    @Test func anImportOfMoreThanASliceIsUndoneAndRedoneWhole() throws {
        let (database, repository) = try Self.open()
        let home = try repository.write { try repository.createList(named: "Home") }
        try repository.write { _ = try repository.addTask(TaskDraft(title: "before"), to: home.id) }
        let count = 120_001
        _ = try repository.write(dryRun: false, recording: "import") {
            try repository.importTasks(keepingIDs: false) { store in
                try RepositoryImportTests.records(count).forEach { var record = $0; record.listName = "Home"; try store(record) }
            }
        }
        let db = try database.connection()
        let imported = try db.strings("SELECT id || ' ' || title || ' ' || done || ' ' || list_id FROM tasks ORDER BY id")
        #expect(imported.count == count + 1)

        _ = try repository.undo()
        #expect(try db.strings("SELECT title FROM tasks") == ["before"])
        #expect(try repository.allLists().map(\.name) == ["Home"])
        #expect(try repository.allLists().map(\.openCount) == [1])
        _ = try repository.redo()
        #expect(try db.strings("SELECT id || ' ' || title || ' ' || done || ' ' || list_id FROM tasks ORDER BY id") == imported)

        // A change that edits more than a slice of tasks is put back a slice at a time too.
        let open = try db.strings("SELECT id FROM tasks WHERE done = 0 ORDER BY id").compactMap { Int64($0) }
        #expect(open.count > 100_000)
        try repository.write(dryRun: false, recording: "done") { for id in open { _ = try repository.setDone(true, task: id, in: home.id) } }
        #expect(try db.integer("SELECT count(*) FROM tasks WHERE done = 0") == 0)
        _ = try repository.undo()
        #expect(try db.strings("SELECT id || ' ' || title || ' ' || done || ' ' || list_id FROM tasks ORDER BY id") == imported)
        #expect(try db.strings("PRAGMA integrity_check") == ["ok"])
    }

    /// What a sync receives is kept by temporary triggers (`ReceivedChanges`) whatever statement
    /// wrote it, a foreign key's cascade too: a task the sync changed and then deleted with its
    /// list, and a task renumbered with its tags following its id, each come out as one pair of
    /// rows (the first before, the last after), and the change is marked received.
    @Test func aReceivedChangeKeepsRowsThatACascadeWrote() throws {
        let (database, repository) = try Self.open()
        let (errands, kept) = try repository.write {
            let errands = try repository.createList(named: "Errands"), home = try repository.createList(named: "Home")
            _ = try repository.addTask(TaskDraft(title: "stamps", tags: ["post"]), to: errands.id)
            _ = try repository.addTask(TaskDraft(title: "keys", tags: ["a", "b"]), to: errands.id)
            return (errands, try repository.addTask(TaskDraft(title: "bread", tags: ["shop"]), to: home.id))
        }
        let session = repository.session
        try session.run("BEGIN IMMEDIATE", [])
        try ReceivedChanges.watch(session)
        // Changed, then deleted by the list's cascade (a task already kept meets its trigger again).
        try session.run("UPDATE tasks SET title = 'stamps!' WHERE list_id = $1", [.integer(errands.id)])
        try session.run("DELETE FROM lists WHERE id = $1", [.integer(errands.id)])
        // Renumbered after a change: its tags follow its id by ON UPDATE CASCADE.
        try session.run("UPDATE tasks SET priority = 'high' WHERE id = $1", [.integer(kept.id)])
        try session.run("UPDATE tasks SET id = 500 WHERE id = $1", [.integer(kept.id)])
        #expect(try ReceivedChanges.record(session, from: "postgres://hub/todo", at: "2026-05-06T11:00:00Z", limit: 100) == 5)
        try session.run("COMMIT", [])

        let db = try database.connection()
        #expect(try db.strings("SELECT summary || ' ' || received FROM history ORDER BY id DESC LIMIT 1")
                == ["received from postgres://hub/todo: 4 tasks and 1 list 1"])
        let rows = """
            SELECT task_id || ' ' || quote(before_title) || '>' || quote(after_title) || ' ' || quote(before_tags) || '>' || quote(after_tags)
            FROM history_tasks WHERE change_id = (SELECT max(id) FROM history) ORDER BY task_id
            """
        #expect(try db.strings(rows) == [
            "1 'stamps'>NULL 'post'>NULL",
            "2 'keys'>NULL 'a b'>NULL",
            "3 'bread'>NULL 'shop'>NULL",
            "500 NULL>'bread' NULL>'shop'",
        ])
        #expect(try db.strings("SELECT list_id || ' ' || quote(before_name) || '>' || quote(after_name) FROM history_lists WHERE change_id = (SELECT max(id) FROM history)")
                == ["\(errands.id) 'Errands'>NULL"])
        #expect(try db.strings("SELECT task_id || ' ' || tag FROM task_tags") == ["500 shop"])
    }
}
