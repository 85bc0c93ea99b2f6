#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

/// What a sync finds changed in the file (the rows marked by migration 0010's triggers, however
/// they were written), and a first sync into an empty file, which takes the hub's tasks in bulk.
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct SyncChangesHereTests {
    typealias Team = SyncTests.Team

    /// Every way sqlite3 can change a task or a list is a change the next sync sends; once
    /// sent, nothing waits and no row stays marked.
    @Test func everyKindOfHandEditIsSent() throws {
        let team = try Team(machines: 2)
        let tagged = try team.sharing("Home", "milk", ["--tag", "shop"])
        let other = try team[0].add("Home", "bread")
        let gone = try team[0].add("Work", "report")
        _ = try team.sync(0)
        _ = try team.sync(1)
        try sqlite3(team[0].databasePath, """
            INSERT INTO task_tags (task_id, tag) VALUES (\(other), 'bakery');
            UPDATE task_tags SET tag = 'groceries' WHERE task_id = \(tagged);
            DELETE FROM tasks WHERE id = \(gone);
            UPDATE lists SET name = 'House' WHERE name = 'Home';
            """)
        #expect(try team[0].jsonObject(["sync", "status"])["waiting"] as? Int == 4, "two tasks' tags, a task deleted, a list renamed")
        _ = try team.sync(0)
        #expect(try team[0].jsonObject(["sync", "status"])["waiting"] as? Int == 0)
        #expect(try sqliteValue(team[0].databasePath, "SELECT (SELECT count(*) FROM sync_changed_tasks) + (SELECT count(*) FROM sync_changed_lists)") == "0")
        try team.converge()
        #expect(try team.hubTasks() == "\(tagged)|House|milk|||none|f|groceries\n\(other)|House|bread|||none|f|bakery")
    }

    /// sqlite3's REPLACE deletes the row whose id it takes without a delete trigger (sqlite3
    /// leaves `recursive_triggers` off): a task replaced by another with its id, a task whose id
    /// another took, and a list replaced by another with its id (which then holds its tasks,
    /// foreign keys being off in sqlite3). Each deletion reaches the hub; it never did.
    @Test func aRowThatReplaceTookAwayIsDeletedOnTheHub() throws {
        let team = try Team(machines: 2)
        let a = try team.sharing("Home", "a")
        _ = try team[0].add("Home", "b")
        let (c, d) = (try team[0].add("Home", "c"), try team[0].add("Home", "d"))
        _ = try team[0].add("Work", "e")
        _ = try team.sync(0)
        _ = try team.sync(1)
        try sqlite3(team[0].databasePath, """
            INSERT OR REPLACE INTO tasks (id, list_id, title, created_at, updated_at)
                SELECT id, list_id, 'a again', created_at, updated_at FROM tasks WHERE id = \(a);
            UPDATE OR REPLACE tasks SET id = \(c) WHERE id = \(d);
            INSERT OR REPLACE INTO lists (id, name, created_at) SELECT id, 'Office', created_at FROM lists WHERE name = 'Work';
            """)
        let sync = try team.sync(0)
        #expect(sync["sent"] as? Int ?? 0 >= 4, "\(sync)")
        try team.converge()
        #expect(try hubTasksByList(team) == "Home/a again Home/b Home/d Office/e")
        #expect(try PostgresTestServer.psql(team.hub, "SELECT string_agg(name, ' ' ORDER BY name) FROM lists") == "Home Office")
        #expect(try team[0].jsonObject(["sync", "status"])["waiting"] as? Int == 0)
    }

    /// Lists taken away by sqlite3 while it keeps foreign keys off: one deleted, one that REPLACE
    /// removed when another list was renamed onto its name. Their tasks stay in the file in no
    /// list, where todo no longer shows them; the hub deletes them too, as foreign keys would
    /// have. The sync said "Synced" and the file and the hub stayed apart for good.
    @Test func listsTakenAwayWithForeignKeysOffTakeTheirTasksOnTheHub() throws {
        let team = try Team(machines: 2)
        _ = try team.sharing("Home", "h1")
        _ = try team[0].add("Work", "w1")
        _ = try team[0].add("Errands", "e1")
        _ = try team.sync(0)
        _ = try team.sync(1)
        try sqlite3(team[0].databasePath, """
            UPDATE OR REPLACE lists SET name = 'Home' WHERE name = 'Work';
            DELETE FROM lists WHERE name = 'Errands';
            """)
        _ = try team.sync(0)
        try team.converge()
        #expect(try hubTasksByList(team) == "Home/w1")
        #expect(try PostgresTestServer.psql(team.hub, "SELECT string_agg(name, ' ' ORDER BY name) FROM lists") == "Home")
        #expect(try team[0].jsonObject(["sync", "status"])["waiting"] as? Int == 0)
    }

    /// A file where REPLACE took a task away under a todo before migration 0012, which marked
    /// nothing for it: the upgrade marks every row of the base that is gone, and the next sync
    /// sends the deletion.
    @Test func aDeletionByReplaceBeforeTheUpgradeIsSentAfterIt() throws {
        let team = try Team(machines: 1)
        _ = try team.sharing("Home", "a")
        let b = try team[0].add("Home", "b")
        _ = try team.sync(0)
        // Migration 0012 taken away: 0010's triggers, which mark the row written only.
        let marksWritten = { (kind: String) in
            """
            DROP TRIGGER tasks_sync_\(kind); CREATE TRIGGER tasks_sync_\(kind) AFTER \(kind == "inserted" ? "INSERT" : "UPDATE") ON tasks
            WHEN NEW.uuid IS NOT NULL AND EXISTS (SELECT 1 FROM sync_link)
            BEGIN
                INSERT INTO sync_changed_tasks (uuid) SELECT NEW.uuid WHERE NOT EXISTS (SELECT 1 FROM sync_changed_tasks WHERE uuid = NEW.uuid);
            END;
            """
        }
        try sqlite3(team[0].databasePath, """
            DROP TRIGGER lists_sync_took_id; DROP TRIGGER lists_sync_took_place; DROP INDEX sync_base_tasks_by_id;
            DELETE FROM schema_migrations WHERE version = 12;
            \(marksWritten("inserted")) \(marksWritten("updated"))
            INSERT OR REPLACE INTO tasks (id, list_id, title, created_at, updated_at)
                SELECT id, list_id, 'b again', created_at, updated_at FROM tasks WHERE id = \(b);
            """)
        let sync = try team[0].run(["sync", "--json"])
        #expect(sync.status == 0 && sync.stderr.contains("upgraded"), "\(sync.summary)")
        try team.converge()
        #expect(try PostgresTestServer.psql(team.hub, "SELECT string_agg(title, ' ' ORDER BY title) FROM tasks") == "a b again")
    }

    /// The hub's tasks as `LIST/TITLE`, by title.
    private func hubTasksByList(_ team: Team) throws -> String {
        try PostgresTestServer.psql(team.hub, """
            SELECT string_agg(l.name || '/' || t.title, ' ' ORDER BY t.title) FROM tasks AS t JOIN lists AS l ON l.id = t.list_id
            """)
    }

    /// A title, a tag and a list's name respelled to a canonically equivalent text (`é` as `e`
    /// and U+0301, as another keyboard or a paste writes it) is a change like any other. Swift's
    /// `==` took the two for one: the sync said `sent 0 changes` and the files stayed apart.
    @Test func aRespellingToAnEquivalentTextIsSent() throws {
        let team = try Team(machines: 2)
        let id = try team.sharing("Caf\u{E9}", "caf\u{E9}", ["--tag", "caf\u{E9}"])
        _ = try team.sync(1)
        try team[1].succeed(["edit", String(id), "--title", "cafe\u{301}", "--untag", "caf\u{E9}", "--tag", "cafe\u{301}"])
        try team[1].succeed(["rename-list", "Caf\u{E9}", "Cafe\u{301}"])
        #expect(try team.sync(1)["sent"] as? Int == 2, "the task and the list")
        try team.converge()
        let hub = try PostgresTestServer.psql(team.hub, """
            SELECT encode(convert_to(t.title || '|' || l.name || '|' || g.tag, 'UTF8'), 'hex')
            FROM tasks AS t JOIN lists AS l ON l.id = t.list_id JOIN task_tags AS g ON g.task_id = t.id
            """)
        #expect(hub == "63616665cc817c43616665cc817c63616665cc81", "cafe\u{301}|Cafe\u{301}|cafe\u{301}")
        #expect(try team[1].jsonObject(["sync", "status"])["waiting"] as? Int == 0)
    }

    /// A tag that begins with a combining mark is one Character with the space before it in the
    /// stored text of a task's tags: split as Characters, `a` and `\u{301}x` were read as one
    /// tag, `a \u{301}x`.
    @Test func aTagThatBeginsWithACombiningMarkStaysOne() throws {
        let team = try Team(machines: 2)
        let id = try team.sharing("Home", "milk", ["--tag", "a", "--tag", "\u{301}x"])
        _ = try team.sync(1)
        try team[1].succeed(["edit", String(id), "--priority", "high", "--tag", "b"])
        try team.converge()
        let tags = try PostgresTestServer.psql(team.hub, "SELECT string_agg(encode(convert_to(tag, 'UTF8'), 'hex'), ',' ORDER BY tag) FROM task_tags")
        #expect(tags == "61,62,cc8178", "a, b and \u{301}x")
    }

    /// A title written by hand that is not UTF-8 would reach the hub as U+FFFD: the sync stops
    /// naming the task (by the rules `todo db check` reads values by), and the hub keeps what it
    /// had.
    @Test func textThatIsNotUTF8IsNotSent() throws {
        let team = try Team(machines: 1)
        let id = try team.sharing("Home", "milk")
        try sqlite3(team[0].databasePath, "UPDATE tasks SET title = CAST(x'ff41' AS TEXT) WHERE id = \(id);")
        let sync = try team[0].run(["sync"])
        #expect(sync.failedCleanly(with: 1, oneLine: true), "\(sync.summary)")
        #expect(sync.stderr.contains("this file's task \(id) holds what todo cannot read: its title is not UTF-8 text"), "\(sync.stderr)")
        #expect(try team.hubTasks() == "\(id)|Home|milk|||none|f|")
        // Nor a list's name.
        try sqlite3(team[0].databasePath, "UPDATE tasks SET title = 'milk' WHERE id = \(id); UPDATE lists SET name = CAST(x'ff42' AS TEXT);")
        let list = try team[0].run(["sync"])
        #expect(list.failedCleanly(with: 1, oneLine: true) && list.stderr.contains("name in the database is not UTF-8 text"), "\(list.summary)")
        #expect(try team.hubTasks() == "\(id)|Home|milk|||none|f|")

        // Nor does a first sync, which sends the file's tasks in bulk: into an empty hub, and
        // into one that has tasks (where this file's tasks take new ids).
        for hubHasTasks in [false, true] {
            let other = try Team(machines: 2)
            if hubHasTasks {
                try other[0].add("Work", "report")
                _ = try other.link(0)
            }
            try other[1].add("Home", "bread")
            let bad = try other[1].add("Home", "milk")
            try sqlite3(other[1].databasePath, "UPDATE tasks SET notes = CAST(x'ff41' AS TEXT) WHERE id = \(bad);")
            let link = try other[1].run(["sync", "init", other.hub])
            #expect(link.failedCleanly(with: 1, oneLine: true), "\(link.summary)")
            #expect(link.stderr.contains("this file's task \(bad) holds what todo cannot read: its notes are not UTF-8 text"), "\(link.stderr)")
            #expect(try other.hubTasks() == (hubHasTasks ? "1|Work|report|||none|f|" : ""))
        }
    }

    /// A file linked before changes were marked (the todo before migration 0010) sends what
    /// changed in it since its last sync, found by comparing every row once.
    @Test func aFileLinkedBeforeChangesWereMarkedSendsWhatWaited() throws {
        let team = try Team(machines: 1)
        let id = try team.sharing("Home", "milk")
        try sqlite3(team[0].databasePath, changeMarksTakenAway + "UPDATE tasks SET title = 'oat milk' WHERE id = \(id);")
        let sync = try team[0].run(["sync", "--json"])
        #expect(sync.status == 0 && sync.stderr.contains("upgraded"), "\(sync.stderr)")
        #expect(try team.hubTasks() == "\(id)|Home|oat milk|||none|f|")
        #expect(try team[0].succeed(["db", "check"]).stdout.contains("ok"))
    }

    /// More tasks than an import stores row by row (20,000): the empty file gets every one as the
    /// hub has it, findable, counted, checked clean, and nothing waits to be sent back.
    @Test func aFirstSyncOfManyTasksIntoAnEmptyFileIsTheHubRowForRow() throws {
        let team = try Team(machines: 1)
        let records = (1...20_500).map { n in
            let tags = n % 3 == 0 ? #"["errand","phone"]"# : n % 7 == 0 ? #"["rare"]"# : "[]"
            let notes = n % 5 == 0 ? #""notes of \#(n)""# : "null"
            let due = n % 4 == 0 ? #""2026-12-\#(10 + n % 18)""# : "null"
            return #"{"list":"L\#(n % 3)","title":"task \#(n) about plumbing","notes":\#(notes),"due":\#(due),"priority":"\#(["none", "low", "high"][n % 3])","done":\#(n % 10 == 0),"tags":\#(tags)}"#
        }
        let hub = try TodoRunner(environment: ["TODO_DB": team.hub])
        #expect(try hub.run(["import"], stdin: Data(records.joined(separator: "\n").utf8)).status == 0)
        // The file has a list of the hub's name, made here: its tasks come in there, one list.
        try team[0].succeed(["new-list", "L1"])
        let linked = try team.link(0)
        #expect(linked["received"] as? Int ?? 0 >= 20_500, "\(linked)")
        #expect(try team.tasks(0) == team.hubTasks())
        #expect(try team[0].succeed(["db", "check"]).stdout.contains("ok"))
        let open = (1...20_500).filter { $0 % 3 == 2 && $0 % 10 != 0 }.count
        #expect(try team[0].jsonArray(["search", "plumbing", "--list", "L2"]).count == open)
        #expect(try team[0].jsonObject(["sync", "status"])["waiting"] as? Int == 0)
        #expect(try team.sync(0)["sent"] as? Int == 0)
    }
}
#endif
