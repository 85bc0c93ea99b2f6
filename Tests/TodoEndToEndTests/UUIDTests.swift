import Foundation
import Testing
import TodoTestSupport

/// Every task and list has a uuid: made with the row, never changed, carried by JSON and the
/// exports, and a way to name a task to show, edit, mark done or delete (issue 29, item 1).
@Suite struct UUIDTests {
    private static var version7: Regex<Substring> { /[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/ }

    /// What sqlite3 or psql says refusing `sql`; empty when it was not refused.
    private func handEditIsRefused(_ todo: TodoRunner, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = todo.store == .file ? ["sqlite3", todo.databasePath, sql] : ["psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", todo.databasePath, "-c", sql]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return process.terminationStatus == 0 ? "" : said
    }

    private func uuid(of id: Int, _ todo: TodoRunner) throws -> String {
        try #require(try todo.jsonArray(["show", String(id), "--json"]).first?["uuid"] as? String)
    }

    @Test(arguments: Store.all) func aTaskKeepsTheUUIDItWasMadeWith(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let first = try todo.add("Home", "water the ferns")
        let second = try todo.add("Home", "call mum")
        let uuid = try uuid(of: first, todo)
        #expect(uuid.wholeMatch(of: Self.version7) != nil, "version 7, lowercase: \(uuid)")
        #expect(try self.uuid(of: second, todo) != uuid)

        try todo.succeed(["edit", String(first), "--title", "water the palms", "-l", "Garden", "-t", "plants"])
        try todo.succeed(["done", String(first)])
        #expect(try self.uuid(of: first, todo) == uuid, "edited, moved and done: the same task")
        try todo.succeed(["undo"])
        try todo.succeed(["undo"])
        try todo.succeed(["redo"])
        #expect(try self.uuid(of: first, todo) == uuid, "undo and redo put the same row back")
        try todo.succeed(["rm", String(first)])
        try todo.succeed(["undo"])
        #expect(try self.uuid(of: first, todo) == uuid, "a deleted task comes back as itself")

        let lists = try todo.jsonArray(["list", "--json"])
        let listUUIDs = lists.compactMap { $0["uuid"] as? String }
        #expect(listUUIDs.count == 2 && Set(listUUIDs).count == 2 && listUUIDs.allSatisfy { $0.wholeMatch(of: Self.version7) != nil })
        try todo.succeed(["rename-list", "Garden", "Yard"])
        #expect(try todo.jsonArray(["list", "--json"]).compactMap { $0["uuid"] as? String } == listUUIDs.reversed(),
                "renamed, a list keeps its uuid (Home, then Yard, by name)")
    }

    @Test(arguments: Store.all) func aTaskIsNamedByItsWholeUUIDInEitherCase(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let id = try todo.add("Home", "water the ferns")
        let other = try todo.add("Home", "call mum")
        let uuid = try uuid(of: id, todo)

        let shown = try todo.succeed(["show", uuid.uppercased()]).stdout
        #expect(shown.hasPrefix("Task \(id)  water the ferns") && shown.contains("  uuid        \(uuid)\n"), "\(shown)")
        try todo.succeed(["edit", uuid, "--priority", "high"])
        try todo.succeed(["done", uuid, String(other)])
        let task = try #require(try todo.jsonArray(["show", uuid, "--json"]).first)
        #expect((task["id"] as? Int, task["priority"] as? String, task["done"] as? Bool) == (id, "high", true))
        #expect(try todo.jsonArray(["history", "--json"]).first?["command"] as? String == "done \(uuid) \(other)", "as typed")

        let missing = try todo.run(["show", "01234567-89ab-7def-8123-456789abcdef"])
        #expect(missing.status == 1 && missing.stderr == "Error: no task with uuid 01234567-89ab-7def-8123-456789abcdef\n", "\(missing.summary)")
        let prefix = try todo.run(["show", String(uuid.prefix(8))])
        #expect(prefix.status == 64 && prefix.stderr.contains("a uuid names a task only whole (36 characters)"),
                "a prefix is not a task: those of tasks made together are alike: \(prefix.summary)")
        // Named by its id and by its uuid, a task counts once, as a repeated id does.
        let twice = try todo.jsonArray(["undone", String(id), uuid.uppercased()])
        #expect(twice.map { $0["id"] as? Int } == [id], "\(twice)")
        let rm = try todo.run(["rm", String(other), "01234567-89ab-7def-8123-456789abcdef"])
        #expect(rm.status == 1)
        #expect(try todo.jsonArray(["show", String(other), "--json"]).count == 1, "all or nothing")
    }

    @Test(arguments: Store.all) func aRowWrittenByHandGetsAUUIDAndNoOneChangesIt(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let id = try todo.add("Home", "water the ferns")
        let uuid = try uuid(of: id, todo)
        try editByHand(todo, "INSERT INTO tasks (list_id, title, created_at, updated_at) VALUES (1, 'by hand', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')")
        let byHand = try #require(try todo.jsonArray(["list", "Home", "--json"]).first { $0["title"] as? String == "by hand" })
        #expect((byHand["uuid"] as? String)?.wholeMatch(of: Self.version7) != nil, "\(byHand)")

        for table in ["tasks", "lists"] {
            let refused = try handEditIsRefused(todo, "UPDATE \(table) SET uuid = '01234567-89ab-7def-8123-456789abcdef' WHERE id = 1")
            #expect(refused.contains("uuid never changes"), "\(refused)")
        }
        #expect(try self.uuid(of: id, todo) == uuid)
        #expect(try todo.run(["db", "check"]).status == 0)

        // One uuid for a task and a list, by hand: each index allows it, db check says so.
        let listUUID = try #require(try todo.jsonArray(["list", "--json"]).first?["uuid"] as? String)
        try editByHand(todo, "INSERT INTO tasks (list_id, title, created_at, updated_at, uuid) VALUES (1, 'twin', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z', '\(listUUID)')")
        let check = try todo.run(["db", "check"])
        #expect(check.status == 1 && check.stderr.contains("its uuid is list 1's too"), "\(check.summary)")
    }

    /// A uuid no CHECK let in (written with the checks off) is never shown as another one: the
    /// task is refused naming it, and db check lists it.
    @Test func aUUIDWrittenWithTheChecksOffIsRefusedAndFound() throws {
        let todo = try TodoRunner()
        let id = try todo.add("Home", "water the ferns")
        try sqlite3(todo.databasePath, "PRAGMA ignore_check_constraints = ON; DROP TRIGGER tasks_uuid_kept; UPDATE tasks SET uuid = upper(uuid) WHERE id = \(id)")
        let show = try todo.run(["show", String(id)])
        #expect(show.status == 1 && show.stderr.contains("holds uuid"), "\(show.summary)")
        let check = try todo.run(["db", "check"])
        #expect(check.status == 1 && check.stderr.contains("is not a uuid todo keeps"), "\(check.summary)")
    }

    @Test(arguments: Store.all) func anExportImportedElsewhereKeepsItsUUIDs(_ store: Store) throws {
        let todo = try TodoRunner(store)
        _ = try todo.add("Home", "water the ferns", ["-t", "plants"])
        _ = try todo.add("Work", "slides", ["--due", "2027-01-05"])
        let exported = try todo.run(["export"]).stdout
        let uuids = try todo.jsonArray(["export", "--json"]).compactMap { $0["uuid"] as? String }
        #expect(uuids.count == 2)

        let elsewhere = try TodoRunner(store)
        let imported = try elsewhere.run(["import", "--format", "ndjson"], stdin: Data(exported.utf8))
        #expect(imported.status == 0, "\(imported.summary)")
        #expect(try elsewhere.jsonArray(["export", "--json"]).compactMap { $0["uuid"] as? String } == uuids)
        #expect(try elsewhere.jsonArray(["show", uuids[1], "--json"]).first?["title"] as? String == "slides")
        try elsewhere.succeed(["undo"])
        #expect(try elsewhere.jsonArray(["export", "--json"]).isEmpty, "undo of the import takes the uuids with the tasks")
        try elsewhere.succeed(["redo"])
        #expect(try elsewhere.jsonArray(["export", "--json"]).compactMap { $0["uuid"] as? String } == uuids)

        // The same file again: its uuids are tasks here already, so nothing is doubled.
        for dryRun in [["--dry-run"], []] {
            let again = try elsewhere.run(["import", "--format", "ndjson"] + dryRun, stdin: Data(exported.utf8))
            #expect(again.status == 0 && again.stdout.hasPrefix("Imported 2 tasks: 0 new, 0 updated, 2 unchanged (0 new lists).\n"), "\(again.summary)")
        }
        #expect(try elsewhere.jsonArray(["export", "--json"]).count == 2)
    }

    @Test(arguments: Store.all) func aFileThatRepeatsAUUIDOrHasABadOneIsRefusedNamingTheLine(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let uuid = "0193b5c4-8f1e-7a2b-9c3d-4e5f6a7b8c9d"
        let twice = """
            {"list":"Home","title":"one","uuid":"\(uuid)"}
            {"list":"Home","title":"two"}
            {"list":"Home","title":"three","uuid":"\(uuid.uppercased())"}

            """
        for dryRun in [["--dry-run"], []] {
            let result = try todo.run(["import", "--format", "ndjson"] + dryRun, stdin: Data(twice.utf8))
            #expect(result.status == 65 && result.stderr == "Error: line 3: uuid \(uuid) appears more than once; nothing was imported\n",
                    "\(dryRun) \(result.summary)")
        }
        let bad = try todo.run(["import", "--format", "ndjson"], stdin: Data(#"{"list":"Home","title":"one","uuid":"0193b5c4"}"#.utf8))
        #expect(bad.status == 65 && bad.stderr.hasPrefix("Error: line 1: \"uuid\" must be a uuid"), "\(bad.summary)")
        #expect(try todo.jsonArray(["export", "--json"]).isEmpty)
    }
}

/// Migrations 0010 and 0012 taken away from a file (the marks of what changed here, for sync),
/// as a todo before them left the file.
let changeMarksTakenAway = """
    DROP TRIGGER tasks_sync_inserted; DROP TRIGGER tasks_sync_updated; DROP TRIGGER tasks_sync_deleted;
    DROP TRIGGER task_tags_sync_inserted; DROP TRIGGER task_tags_sync_updated; DROP TRIGGER task_tags_sync_deleted;
    DROP TRIGGER lists_sync_inserted; DROP TRIGGER lists_sync_updated; DROP TRIGGER lists_sync_deleted; DROP TRIGGER lists_sync_took_id; DROP TRIGGER lists_sync_took_place;
    DROP INDEX sync_base_tasks_by_id;
    DROP TABLE sync_changed_tasks; DROP TABLE sync_changed_lists; DELETE FROM schema_migrations WHERE version IN (10, 12);
    """

/// A database made before tasks had uuids (a file of schema 6, a server's of 2) is given them
/// when it is opened: every row, and every row its history recorded, so that what was done
/// before can still be undone and redone.
@Suite struct UUIDUpgradeTests {
    /// What the uuids' migration added, taken away again: the database as a todo before it left it
    /// (with a file's later migration that reads the uuids).
    private static func downgrade(_ store: Store) -> String {
        switch store {
        case .file: changeMarksTakenAway + """
            DROP TRIGGER lists_uuid_made; DROP TRIGGER tasks_uuid_made; DROP TRIGGER lists_uuid_kept; DROP TRIGGER tasks_uuid_kept;
            DROP INDEX lists_by_uuid; DROP INDEX tasks_by_uuid;
            ALTER TABLE lists DROP COLUMN uuid; ALTER TABLE tasks DROP COLUMN uuid;
            ALTER TABLE history_lists DROP COLUMN before_uuid; ALTER TABLE history_lists DROP COLUMN after_uuid;
            ALTER TABLE history_tasks DROP COLUMN before_uuid; ALTER TABLE history_tasks DROP COLUMN after_uuid;
            DELETE FROM schema_migrations WHERE version = 7;
            """
        case .server: """
            ALTER TABLE lists DROP COLUMN uuid CASCADE; ALTER TABLE tasks DROP COLUMN uuid CASCADE;
            ALTER TABLE history_lists DROP COLUMN before_uuid, DROP COLUMN after_uuid;
            ALTER TABLE history_tasks DROP COLUMN before_uuid, DROP COLUMN after_uuid;
            DROP FUNCTION todo_uuid_kept(); DROP FUNCTION todo_made_at(text); DROP FUNCTION todo_uuid7(timestamptz);
            DELETE FROM schema_migrations WHERE version = 3;
            """
        }
    }

    @Test(arguments: Store.all) func anOlderDatabaseGetsUUIDsAndItsHistoryStillUndoesAndRedoes(_ store: Store) throws {
        let todo = try TodoRunner(store)
        _ = try todo.add("Home", "water the ferns")
        _ = try todo.add("Home", "call mum")
        try todo.succeed(["edit", "1", "--title", "water the palms", "-t", "plants"])
        try todo.succeed(["rm", "2"])
        try todo.succeed(["new-list", "Gone"])
        try todo.succeed(["delete-list", "Gone"])
        let records = (1...3).map { #"{"list":"Imported","title":"task \#($0)"}"# }.joined(separator: "\n")
        #expect(try todo.run(["import", "--format", "ndjson"], stdin: Data(records.utf8)).status == 0)
        #expect(try todo.run(["import", "--format", "ndjson"], stdin: Data(#"{"list":"Later","title":"undone import"}"#.utf8)).status == 0)
        try todo.succeed(["undo"])
        let before = try todo.succeed(["history", "--json"]).stdout
        try editByHand(todo, Self.downgrade(store))

        let upgraded = try todo.run(["list", "--json"])
        #expect(upgraded.status == 0, "\(upgraded.summary)")
        if store == .file { #expect(upgraded.stderr.contains("upgraded the database's schema"), "\(upgraded.summary)") }
        let made = try rows(todo, "SELECT uuid FROM tasks UNION ALL SELECT uuid FROM lists")
        #expect(made.count == 6 && Set(made).count == 6, "4 tasks and 2 lists (Home, Imported): \(made)")
        #expect(try rows(todo, "SELECT count(*) FROM tasks WHERE substr(uuid, 15, 1) <> '7'") == ["0"], "version 7, from created_at")
        // Each recorded row has its uuid on each side it has, the same in every change and as
        // the task's where it still is.
        #expect(try rows(todo, """
            SELECT count(*) FROM history_tasks WHERE (before_title IS NULL) <> (before_uuid IS NULL) OR (after_title IS NULL) <> (after_uuid IS NULL)
            """) == ["0"])
        #expect(try rows(todo, """
            SELECT count(*) FROM (SELECT task_id FROM history_tasks GROUP BY task_id HAVING count(DISTINCT coalesce(before_uuid, after_uuid)) > 1) AS twice
            """) == ["0"])
        #expect(try rows(todo, "SELECT count(*) FROM history_tasks AS h JOIN tasks AS t ON t.id = h.task_id WHERE coalesce(h.before_uuid, h.after_uuid) <> t.uuid") == ["0"])
        #expect(try rows(todo, "SELECT count(*) FROM history_lists WHERE (before_name IS NULL) <> (before_uuid IS NULL) OR (after_name IS NULL) <> (after_uuid IS NULL)") == ["0"])
        #expect(try todo.run(["db", "check"]).status == 0)
        #expect(try todo.succeed(["history", "--json"]).stdout == before, "the history reads as before")

        // Everything undone in turn, then redone: every uuid as it was.
        try todo.succeed(["redo"])  // the import undone before: its task, with the uuid made for it, comes back
        let uuids = try todo.jsonArray(["export", "--json"]).map { "\($0["id"] ?? "") \($0["uuid"] ?? "")" }
        #expect(uuids.count == 5, "task 1, three imported, and the one whose import was undone")
        for _ in 0..<8 { try todo.succeed(["undo"]) }
        #expect(try todo.jsonArray(["export", "--json"]).isEmpty && (try todo.jsonArray(["list", "--json"])).isEmpty)
        for _ in 0..<8 { try todo.succeed(["redo"]) }
        #expect(try todo.jsonArray(["export", "--json"]).map { "\($0["id"] ?? "") \($0["uuid"] ?? "")" } == uuids)
        #expect(try todo.run(["db", "check"]).status == 0)
    }
}
