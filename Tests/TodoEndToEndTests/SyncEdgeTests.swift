#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

/// What a reviewer attacking `todo sync` found, each now a test: ids that could be given twice,
/// lists that came back, an undo that did nothing, merges the schema refuses.
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct SyncEdgeTests {
    typealias Team = SyncTests.Team

    /// A sync whose report cannot be written (stdout a full disk) did its work, and its one
    /// `Error:` line says so, as every command's does; so does an unlink.
    @Test func aSyncWhoseReportCannotBeWrittenSaysItsWorkWasDone() throws {
        let team = try Team(machines: 1)
        _ = try team.sharing("Home", "milk")
        try team[0].add("Home", "bread")
        let full = try team[0].shell("todo sync > /dev/full", environment: ["TODO_SYNC_URL": team.hub])
        #expect(full.failedCleanly(with: 1, oneLine: true) && full.stderr.contains("; the change itself was made"), "\(full.summary)")
        #expect(try team[0].jsonObject(["sync", "status"])["waiting"] as? Int == 0)
        let unlink = try team[0].shell("todo sync unlink > /dev/full")
        #expect(unlink.failedCleanly(with: 1, oneLine: true) && unlink.stderr.contains("; the change itself was made"), "\(unlink.summary)")
        #expect(try team[0].run(["sync", "status"]).status == 1, "not linked any more")
    }

    /// A network that falls silent during a sync (a socket that neither answers nor closes, the
    /// session holding the hub's transaction): the sync gives up once the answer is long overdue
    /// (the statement limit and a little more) with one `Error:` line, the file as it was; an
    /// automatic sync is one `todo: not synced` line and the command succeeds. Both used to wait
    /// for ever. The next sync sends what waited.
    @Test func aNetworkThatFallsSilentEndsTheSyncInsteadOfHangingIt() throws {
        let team = try Team(machines: 1)
        _ = try team.sharing("Home", "milk")
        try team[0].add("Home", "bread")
        let proxy = try SilentProxy(to: team.hub, fallingSilentAt: "pg_advisory_xact_lock")
        defer { proxy.stop() }
        let before = try team[0].succeed(["export"]).stdout
        // Killed if still waiting after 30 s, as the old code waited for ever.
        func bounded(_ arguments: [String], _ environment: [String: String?]) throws -> RunResult {
            let (started, running) = (Date(), try team[0].start(arguments, environment: environment))
            while running.process.isRunning && Date().timeIntervalSince(started) < 30 { Thread.sleep(forTimeInterval: 0.1) }
            #expect(!running.process.isRunning, "given up after 2 s, not waited for ever")
            running.kill()
            return running.wait()
        }
        let sync = try bounded(["sync"], ["TODO_SYNC_URL": proxy.url, "TODO_PG_STATEMENT_TIMEOUT": "1"])
        #expect(sync.failedCleanly(with: 1, oneLine: true), "\(sync.summary)")
        #expect(sync.stderr.contains("gave no answer within 2 s"), "\(sync.stderr)")
        #expect(try team[0].succeed(["export"]).stdout == before)

        let add = try bounded(["add", "Home", "eggs"], ["TODO_SYNC_URL": proxy.url, "TODO_SYNC_AUTO": "on", "TODO_SYNC_TIMEOUT": "1"])
        #expect(add.status == 0 && add.stderr.contains("todo: not synced (") && add.stderr.contains("gave no answer"), "\(add.summary)")
        #expect(try team.sync(0)["sent"] as? Int == 2, "bread and eggs")
        #expect(try team.hubTasks().contains("|Home|eggs|"))
    }

    /// A value written on the hub by hand that todo cannot read (no CHECK states it there: a time
    /// that is no time, a tag holding a space that is not ASCII's) stops the sync naming the
    /// hub's task, the file as it was. It was taken into the file, where the file's CHECKs did
    /// not refuse it either, and undo's records then failed `todo db check` (found by a
    /// helper's sweep).
    @Test func aValueOnTheHubTodoCannotReadStopsTheSync() throws {
        let team = try Team(machines: 2)
        let milk = try team.sharing("Home", "milk")
        for (change, problem) in [("UPDATE tasks SET created_at = 'yesterday'", "created_at 'yesterday' is not a time"),
                                  ("INSERT INTO task_tags (task_id, tag) VALUES (\(milk), E'a\\u2003b'); UPDATE tasks SET title = title",
                                   "tag 'a\u{2003}b' is not one word")] {
            try PostgresTestServer.psql(team.hub, change + " WHERE id = \(milk)")
            let before = try team[1].succeed(["export"]).stdout
            let sync = try team[1].run(["sync"])
            #expect(sync.failedCleanly(with: 1, oneLine: true), "\(sync.summary)")
            #expect(sync.stderr.contains("the hub's task \(milk) holds what todo cannot read: \(problem)"), "\(sync.stderr)")
            #expect(try team[1].succeed(["export"]).stdout == before)
            try PostgresTestServer.psql(team.hub, "UPDATE tasks SET created_at = updated_at WHERE id = \(milk); DELETE FROM task_tags WHERE task_id = \(milk)")
        }
        // Put right on the hub, the next sync goes through and brings what changed there since.
        try PostgresTestServer.psql(team.hub, "UPDATE tasks SET title = 'oat milk' WHERE id = \(milk)")
        #expect(try team.sync(1)["received"] as? Int == 1)
        try team.converge()
        #expect(try team[1].run(["db", "check"]).status == 0)
    }

    /// A file linked first with no tasks holds a block from 1: a file linked after it with tasks
    /// of its own must not keep ids in that block.
    @Test func aFileLinkedAfterAnEmptyOneTakesNewIds() throws {
        let team = try Team(machines: 2)
        _ = try team.link(1)
        try team[0].add("Home", "a1")
        try team[0].add("Home", "a2")
        #expect((try team.link(0)["renumbered"] as? [Any])?.count == 2)
        try team[1].add("Home", "c1")
        try team.converge()
        let ids = try team.hubTasks().split(separator: "\n").map { $0.split(separator: "|")[0] }
        #expect(ids.count == 3 && Set(ids).count == 3, "\(ids)")
    }

    /// A file linked to a hub that has its tasks (carried over by an export) under other ids: each
    /// takes the hub's id, even one another task of the file has at that moment (here 1 → 2 while
    /// the task at 2 has yet to move to 3), and the map says each move.
    @Test func tasksTakeTheHubsIdsEvenOnesOtherTasksHereHave() throws {
        let team = try Team(machines: 2)
        try team[0].add("Home", "gone")
        try team[0].add("Home", "a")
        try team[0].add("Home", "b")
        try team[0].succeed(["rm", "1"])
        _ = try team.link(0)
        let export = try team[0].succeed(["export"]).stdout
        #expect(try team[1].run(["import"], stdin: Data(export.utf8)).status == 0)
        let tasks = "SELECT group_concat(id || ' ' || title, ', ') FROM (SELECT id, title FROM tasks ORDER BY id)"
        #expect(try sqliteValue(team[1].databasePath, tasks) == "1 a, 2 b")
        let moved = try #require(try team.link(1)["renumbered"] as? [[String: Int]])
        #expect(moved == [["from": 1, "to": 2], ["from": 2, "to": 3]], "\(moved)")
        #expect(try sqliteValue(team[1].databasePath, tasks) == "2 a, 3 b")
        #expect(try team[1].jsonArray(["search", "b"]).map { $0["id"] as? Int } == [3])
        #expect(try team[1].run(["db", "check"]).status == 0)
        try team.converge()
    }

    /// A file of more tasks than a bulk load starts at (20,000), linked to a hub that has tasks:
    /// its ids change in bulk (the search index and the indexes holding ids set aside, then built
    /// again), and each task is found under its new id: in search, in its list and on the hub.
    @Test func aLargeFileTakesTheHubsIdsInBulk() throws {
        let team = try Team(machines: 2)
        try team[1].add("Home", "on the hub first")
        _ = try team.link(1)
        let count = 20_500
        let records = (1...count).map { #"{"list":"Home","title":"task \#($0)"}"# + "\n" }.joined()
        #expect(try team[0].run(["import"], stdin: Data(records.utf8)).status == 0)
        let moved = try #require(try team.link(0)["renumbered"] as? [[String: Int]])
        #expect(moved.count == count && moved.last?["from"] == count, "\(moved.suffix(2))")
        let last = try #require(moved.last?["to"])
        #expect(try team[0].jsonArray(["search", "task \(count)"]).compactMap { $0["id"] as? Int } == [last])
        #expect(try team[0].jsonArray(["list", "Home"]).last?["id"] as? Int == last)
        #expect(try team[0].run(["db", "check"]).status == 0)
        #expect(try PostgresTestServer.psql(team.hub, "SELECT title FROM tasks WHERE id = \(last)") == "task \(count)")
    }

    /// A task inserted with sqlite3 takes the next id after the file's highest, which may be in
    /// another file's block: it is sent with this file's next id instead. Its tags follow the
    /// id, and the trigger that marks them changed, run under the foreign key's cascade, must not
    /// fail on the mark the insert left there (it once failed the sync).
    @Test func aTaskInsertedBySqlite3TakesAnIdOfThisFilesBlock() throws {
        let team = try Team(machines: 2)
        try team[0].add("Home", "a")
        _ = try team.link(0)
        try team[1].add("Home", "b")
        _ = try team.link(1)
        _ = try team.sync(0)
        try sqlite3(team[0].databasePath, """
            INSERT INTO tasks (list_id, title, created_at, updated_at) SELECT id, 'by hand', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z' FROM lists;
            INSERT INTO task_tags (task_id, tag) SELECT max(id), 'handmade' FROM tasks;
            """)
        let sent = try team.sync(0)
        #expect((sent["renumbered"] as? [Any])?.count == 1, "\(sent)")
        try team[1].add("Home", "b2")
        try team.converge()
        let ids = try team.hubTasks().split(separator: "\n").map { $0.split(separator: "|")[0] }
        #expect(ids.count == 4 && Set(ids).count == 4, "\(ids)")
        #expect(try team.hubTasks().contains("|by hand|||none|f|handmade"))
    }

    /// A task given by sqlite3 the id `todo add` would take next: the add takes the one after.
    @Test func anIdTakenByHandInTheBlockIsSkipped() throws {
        let team = try Team(machines: 1)
        _ = try team.link(0)
        let first = try team[0].add("Home", "first")
        try sqlite3(team[0].databasePath, "INSERT INTO tasks (id, list_id, title, created_at, updated_at) SELECT \(first + 1), id, 'by hand', 'x', 'x' FROM lists")
        #expect(try team[0].add("Home", "second") == first + 2)
        #expect(try team[0].add("Home", "third") == first + 3)
    }

    @Test func idsOfDeletedTasksAreNotGivenAgainAfterLinking() throws {
        let team = try Team(machines: 1)
        for title in ["a", "b", "c"] { try team[0].add("Home", title) }
        try team[0].succeed(["rm", "3"])
        _ = try team.link(0)
        #expect(try team[0].add("Home", "d") > 3)
    }

    /// A list deleted with its tasks on one machine, and a new list of its name made there: the
    /// old tasks stay deleted on a machine that had not touched them.
    @Test func aDeletedListsTasksDoNotComeBack() throws {
        let team = try Team(machines: 2)
        try team[0].add("Home", "milk")
        try team[0].add("Home", "eggs")
        _ = try team.link(0)
        _ = try team.link(1)
        try team[0].succeed(["delete-list", "Home", "--force"])
        _ = try team.sync(0)
        try team[0].add("Home", "new thing")
        _ = try team.sync(0)
        let desktop = try team.sync(1)
        #expect((desktop["conflicts"] as? [Any])?.isEmpty == true, "\(desktop)")
        try team.converge()
        #expect(try team.hubTasks().split(separator: "\n").map { $0.split(separator: "|")[2] } == ["new thing"])
    }

    @Test func swappedListNamesReachEveryMachine() throws {
        let team = try Team(machines: 2)
        try team[0].add("Home", "h")
        try team[0].add("Work", "w")
        _ = try team.link(0)
        _ = try team.link(1)
        for (from, to) in [("Home", "Tmp"), ("Work", "Home"), ("Tmp", "Work")] { try team[0].succeed(["rename-list", from, to]) }
        try team.converge()
        let hub = try team.hubTasks()
        #expect(hub.contains("|Work|h|") && hub.contains("|Home|w|"), "\(hub)")
    }

    /// One machine took the due date away while the other made the task repeat: the repeat is
    /// set aside as a conflict, and the sync goes through.
    @Test func aMergeTheSchemaWouldRefuseSetsTheRepeatAside() throws {
        let team = try Team(machines: 2)
        let id = try team.sharing("Home", "plain", ["--due", "2027-01-31"])
        try team[0].succeed(["edit", "\(id)", "--no-due"])
        try team[1].succeed(["edit", "\(id)", "--repeat", "monthly"])
        _ = try team.sync(0)
        let desktop = try team.sync(1)
        #expect((desktop["conflicts"] as? [[String: Any]])?.map { $0["field"] as? String } == ["repeat"], "\(desktop)")
        try team.converge()
    }

    @Test func undoingAnImportOnALinkedFileRemovesWhatItAdded() throws {
        let team = try Team(machines: 2)
        try team[0].add("Inbox", "x")
        _ = try team.link(0)
        _ = try team.link(1)
        try team[1].add("Inbox", "from the desktop")
        _ = try team.sync(1)
        _ = try team.sync(0)
        #expect(try team[0].run(["import"], stdin: Data("{\"list\":\"Inbox\",\"title\":\"imported\"}\n".utf8)).status == 0)
        try team[0].succeed(["undo"])
        #expect(try team[0].jsonArray(["list", "Inbox"]).compactMap { $0["title"] as? String }.sorted() == ["from the desktop", "x"])
    }

    @Test func aTagRespelledHereKeepsItsNewSpelling() throws {
        let team = try Team(machines: 1)
        let id = try team[0].add("Home", "soup", ["--tag", "Food"])
        _ = try team.link(0)
        try team[0].succeed(["edit", "\(id)", "--untag", "Food"])
        try team[0].succeed(["edit", "\(id)", "--tag", "food"])
        _ = try team.sync(0)
        let (here, hub) = (try team.tasks(0), try team.hubTasks())
        #expect(here.hasSuffix("|food") && hub.hasSuffix("|food"), "\(here) / \(hub)")
    }

    /// Respelled differently on two machines: the first to reach the hub keeps its spelling, and
    /// the other machine's is a conflict (it ended with one spelling and said nothing before).
    @Test func aTagRespelledDifferentlyOnTwoMachinesIsAConflict() throws {
        let team = try Team(machines: 2)
        let id = try team.sharing("Home", "soup", ["--tag", "food"])
        for (machine, spelling) in [(0, "Food"), (1, "FOOD")] {
            try team[machine].succeed(["edit", "\(id)", "--untag", "food"])
            try team[machine].succeed(["edit", "\(id)", "--tag", spelling])
        }
        #expect((try team.sync(0)["conflicts"] as? [Any])?.isEmpty == true)
        let conflict = try #require((try team.sync(1)["conflicts"] as? [[String: Any]])?.first)
        #expect(conflict["field"] as? String == "tags" && conflict["kept"] as? String == "Food" && conflict["yours"] as? String == "FOOD", "\(conflict)")
        try team.converge()
        #expect(try team.hubTasks().hasSuffix("|Food"))
    }

    @Test func whatTheHubCannotStoreIsNamedAndNothingIsSynced() throws {
        let team = try Team(machines: 1)
        _ = try team.link(0)
        #expect(try team[0].run(["import"], stdin: Data("{\"list\":\"Home\",\"title\":\"nul\\u0000here\"}\n".utf8)).status == 0)
        let result = try team[0].run(["sync"])
        #expect(result.failedCleanly(with: 1, oneLine: true) && result.stderr.contains("NUL"), "\(result.summary)")
        #expect(try PostgresTestServer.psql(team.hub, "SELECT count(*) FROM tasks") == "0")
        // `db check` says so first, on a linked file (it said ok).
        let check = try team[0].run(["db", "check"])
        #expect(check.status == 1 && check.stderr.contains(#/sync: task \d+ holds a NUL character/#), "\(check.summary)")
        // In a list's name (sqlite3 can write one), the same.
        try sqlite3(team[0].databasePath, "DELETE FROM tasks; UPDATE lists SET name = 'Ho' || char(0) || 'me'")
        let list = try team[0].run(["sync"])
        #expect(list.failedCleanly(with: 1, oneLine: true) && list.stderr.contains("NUL"), "\(list.summary)")
        #expect(try team[0].run(["db", "check"]).stderr.contains(#/sync: list \d+ holds a NUL character/#))
    }

    @Test func dismissingSaysWhatWasDismissed() throws {
        let team = try Team(machines: 2)
        let id = try team.sharing("Home", "milk")
        try team[0].succeed(["edit", "\(id)", "--title", "oat milk"])
        try team[1].succeed(["edit", "\(id)", "--title", "soy milk"])
        _ = try team.sync(0)
        let conflict = try #require((try team.sync(1)["conflicts"] as? [[String: Any]])?.first?["id"] as? Int)
        #expect(try team[1].jsonObject(["sync", "conflicts", "--dismiss", "\(conflict)"])["dismissed"] as? [Int] == [conflict])
    }

    /// A linked file restored from a backup hands out ids it had used since: its tasks that took
    /// them, never sent, take new ones; those sent keep theirs.
    @Test func aFileRestoredFromABackupGivesNoIdTwice() throws {
        let team = try Team(machines: 1)
        _ = try team.link(0)
        let backup = team[0].directory.path("backup.db")
        try team[0].succeed(["db", "backup", backup])
        let sent = try team[0].add("Home", "sent before the restore")
        _ = try team.sync(0)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: team[0].databasePath + suffix) }
        try FileManager.default.copyItem(atPath: backup, toPath: team[0].databasePath)
        #expect(try team[0].add("Home", "added after the restore") == sent, "the block's next id, as the backup had it")
        let report = try team.sync(0)
        #expect((report["renumbered"] as? [[String: Int]])?.first?["from"] == sent, "\(report)")
        try team.converge()
        let rows = try team.hubTasks().split(separator: "\n")
        #expect(rows.count == 2 && rows.contains { $0.hasPrefix("\(sent)|Home|sent before the restore|") }, "\(rows)")
    }

    /// A list deleted with its tasks on one machine and made again under its name, while the
    /// other changed one of the old tasks: one list of that name, holding both.
    @Test func aListKeptForATaskAndANewListOfItsNameBecomeOne() throws {
        let team = try Team(machines: 2)
        let id = try team.sharing("X", "x1")
        try team[1].succeed(["delete-list", "X", "--force"])
        _ = try team.sync(1)
        try team[1].add("X", "from b")
        _ = try team.sync(1)
        try team[0].succeed(["edit", "\(id)", "--title", "x1, changed"])
        _ = try team.sync(0)
        try team.converge()
        let lists = try PostgresTestServer.psql(team.hub, "SELECT l.name || ': ' || t.title FROM lists AS l JOIN tasks AS t ON t.list_id = l.id ORDER BY t.title")
        #expect(lists == "X: from b\nX: x1, changed", "\(lists)")
    }

    /// A task deleted, synced, and brought back by undo is the same task: it keeps its id.
    @Test func anUndoneDeleteKeepsItsId() throws {
        let team = try Team(machines: 2)
        try team[1].add("Home", "from b")
        _ = try team.link(1)
        _ = try team.link(0)
        let id = try #require(try team[0].jsonArray(["list", "Home"]).first?["id"] as? Int)
        try team[0].succeed(["rm", "\(id)"])
        _ = try team.sync(0)
        try team[0].succeed(["undo"])
        let report = try team.sync(0)
        #expect(report["renumbered"] == nil, "\(report)")
        try team.converge()
        #expect(try team.hubTasks().hasPrefix("\(id)|Home|from b|"))
    }

    /// A block of one id: each sync that finds it used reserves another.
    @Test func aBlockOfOneIsToppedUpByEverySync() throws {
        let team = try Team(machines: 1, block: 1)
        _ = try team.link(0)
        try team[0].add("Home", "one")
        #expect(try team[0].run(["add", "Home", "two"]).failedCleanly(with: 1, oneLine: true))
        _ = try team.sync(0)
        #expect(try team[0].jsonObject(["sync", "status"])["ids_left"] as? Int == 1)
        try team[0].add("Home", "two")
    }
}
#endif
