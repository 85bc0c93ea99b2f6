import Foundation
import Testing
import TodoTestSupport

/// History rows damaged by hand (sqlite3 on a file, psql on a server): undo and redo refuse the
/// change, naming it, and change nothing; `todo db check` finds the same damage. Before, one
/// crashed (an imported range at the smallest integer), one deleted a task (a before_title set
/// to NULL read as "the change added it") and one wrote `garbage` into tasks.created_at.
@Suite struct DamagedHistoryTests {
    /// A task edited (change 2), and the SQL that damages that change's record.
    @Test(arguments: Store.all, [
        ("UPDATE history_tasks SET before_title = NULL WHERE change_id = 2", "before side has no title"),
        ("UPDATE history_tasks SET before_created_at = 'garbage' WHERE change_id = 2", "before_created_at 'garbage' is not a time"),
        ("UPDATE history_tasks SET before_priority = 'urgent' WHERE change_id = 2", "before_priority 'urgent'"),
        ("UPDATE history_tasks SET before_tags = 'two  spaces' WHERE change_id = 2", "before_tags"),
        ("UPDATE history_tasks SET before_repeat = '0d' WHERE change_id = 2", "before_repeat '0d'"),
        ("UPDATE history_tasks SET before_list_id = NULL, before_title = NULL, before_priority = NULL, before_done = NULL, before_created_at = NULL, before_updated_at = NULL, before_notes = NULL, before_due = NULL, before_completed_at = NULL, before_tags = NULL, before_repeat = NULL, before_repeat_from = NULL, before_uuid = NULL, after_list_id = NULL, after_title = NULL, after_priority = NULL, after_done = NULL, after_created_at = NULL, after_updated_at = NULL, after_notes = NULL, after_due = NULL, after_completed_at = NULL, after_tags = NULL, after_repeat = NULL, after_repeat_from = NULL, after_uuid = NULL WHERE change_id = 2", "neither side"),
        ("UPDATE history_tasks SET before_uuid = upper(before_uuid) WHERE change_id = 2", "before_uuid"),
        ("UPDATE history_tasks SET before_uuid = NULL WHERE change_id = 2", "before side has no uuid"),
    ])
    func aDamagedTaskRecordIsRefusedByUndoAndFoundByCheck(_ store: Store, _ damage: (sql: String, said: String)) throws {
        let todo = try TodoRunner(store)
        let id = try todo.add("Home", "water", ["--tag", "garden"])
        try todo.succeed(["edit", String(id), "--title", "water the ferns", "--priority", "high"])
        try editByHand(todo, damage.sql)
        let before = try databaseSnapshot(todo)
        let undo = try todo.run(["undo"])
        #expect(undo.failedCleanly(with: 1, oneLine: true), "\(undo.summary)")
        #expect(undo.stderr.contains("cannot undo change 2") && undo.stderr.contains("damaged"), "\(undo.summary)")
        #expect(undo.stderr.contains(damage.said), "\(undo.summary)")
        #expect(try databaseSnapshot(todo) == before)
        let check = try todo.run(["db", "check"])
        #expect(check.status == 1, "\(check.summary)")
        #expect(check.stderr.contains("change 2 is damaged") && check.stderr.contains(damage.said), "\(check.summary)")
    }

    /// The same for a change that deleted a list with its tasks: its tasks go back in bulk.
    @Test(arguments: Store.all)
    func aDamagedDeletedTaskIsRefusedBeforeAnyGoesBack(_ store: Store) throws {
        let todo = try TodoRunner(store)
        for title in ["a", "b", "c"] { try todo.add("Home", title) }
        try todo.succeed(["delete-list", "Home", "--force"])
        try editByHand(todo, "UPDATE history_tasks SET before_updated_at = 'garbage' WHERE task_id = 2")
        let before = try databaseSnapshot(todo)
        let undo = try todo.run(["undo"])
        #expect(undo.failedCleanly(with: 1, oneLine: true), "\(undo.summary)")
        #expect(undo.stderr.contains("task 2: before_updated_at 'garbage' is not a time"), "\(undo.summary)")
        #expect(try databaseSnapshot(todo) == before)
        // Redo writes the other side: a damaged after side is refused by redo, not by undo.
        try editByHand(todo, "UPDATE history_tasks SET before_updated_at = before_created_at WHERE task_id = 2")
        try todo.succeed(["undo"])
        #expect(try todo.jsonArray(["list", "Home"]).count == 3)
    }

    @Test(arguments: Store.all, [
        "UPDATE history SET imported_after = -9223372036854775808",
        "UPDATE history SET imported_after = 9223372036854775807, imported_through = 9223372036854775806, imported_count = -1",
        "UPDATE history SET imported_count = NULL",
    ])
    func aDamagedImportIsRefusedByUndoAndFoundByCheck(_ store: Store, _ sql: String) throws {
        let todo = try TodoRunner(store)
        let imported = try todo.run(["import"], stdin: Data(#"{"list":"L","title":"a"}\#n{"list":"L","title":"b"}\#n"#.utf8))
        #expect(imported.status == 0, "\(imported.summary)")
        try editByHand(todo, sql)
        let before = try databaseSnapshot(todo)
        let undo = try todo.run(["undo"])
        #expect(!undo.wasSignalled, "\(undo.summary)")
        #expect(undo.failedCleanly(with: 1, oneLine: true) || undo.status == 0, "\(undo.summary)")
        if undo.status != 0 { #expect(try databaseSnapshot(todo) == before) }
        // An incomplete or impossible range is damage that check reports (the smallest integer
        // is a range undo refuses without it being impossible).
        if !sql.hasSuffix("-9223372036854775808") {
            #expect(undo.status == 1 && undo.stderr.contains("cannot undo change 1"), "\(undo.summary)")
            let check = try todo.run(["db", "check"])
            #expect(check.status == 1 && check.stderr.contains("change 1 is damaged"), "\(check.summary)")
        }
    }

    @Test(arguments: Store.all)
    func aListRecordDamagedByHandIsRefused(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.succeed(["new-list", "Home"])
        try todo.succeed(["rename-list", "Home", "House"])
        try editByHand(todo, "UPDATE history_lists SET before_name = '  ' WHERE change_id = 2")
        let before = try databaseSnapshot(todo)
        let undo = try todo.run(["undo"])
        #expect(undo.failedCleanly(with: 1, oneLine: true), "\(undo.summary)")
        #expect(undo.stderr.contains("list 1: before_name '  ' is empty or has spaces around it"), "\(undo.summary)")
        #expect(try databaseSnapshot(todo) == before)
        #expect(try todo.run(["db", "check"]).stderr.contains("change 2 is damaged"))
    }
}
