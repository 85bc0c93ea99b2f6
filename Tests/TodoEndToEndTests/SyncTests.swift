#if PostgreSQL
import Foundation
import Testing
import TodoTestSupport

/// `todo sync` between files (each a machine) and a real PostgreSQL hub, on the built binary:
/// issue 30's rules, one test each, and the files and hub equal once everyone has synced.
@Suite(.enabled(if: PostgresTestServer.url != nil, Comment(rawValue: PostgresTestServer.skipped)))
struct SyncTests {
    /// A hub (a new database) and machines linked to it, each its own file.
    struct Team {
        let hub: String
        var machines: [TodoRunner] = []

        init(machines count: Int, block: Int = 10_000) throws {
            hub = try PostgresTestServer.newDatabase()
            for _ in 0..<count {
                // The password comes from TODO_SYNC_URL: the file keeps the URL without it.
                machines.append(try TodoRunner(environment: ["TODO_SYNC_URL": hub, "TODO_SYNC_ID_BLOCK": String(block)]))
            }
        }

        subscript(index: Int) -> TodoRunner { machines[index] }

        /// A task added on the first machine, then every machine linked in turn: its id.
        func sharing(_ list: String, _ title: String, _ options: [String] = []) throws -> Int {
            let id = try machines[0].add(list, title, options)
            for index in machines.indices { _ = try link(index) }
            return id
        }

        func link(_ index: Int) throws -> [String: Any] {
            try machines[index].jsonObject(["sync", "init", hub])
        }

        func sync(_ index: Int) throws -> [String: Any] {
            try machines[index].jsonObject(["sync"])
        }

        /// Every task as the hub has it, by id: list, title, notes, due, priority, done, tags.
        func hubTasks() throws -> String {
            try PostgresTestServer.psql(hub, """
                SELECT t.id || '|' || l.name || '|' || t.title || '|' || coalesce(t.notes, '') || '|' || coalesce(t.due, '') || '|' || t.priority
                    || '|' || CASE WHEN t.done THEN 't' ELSE 'f' END || '|' || coalesce((SELECT string_agg(tag, ' ' ORDER BY lower(tag)) FROM task_tags WHERE task_id = t.id), '')
                FROM tasks AS t JOIN lists AS l ON l.id = t.list_id ORDER BY t.id
                """)
        }

        /// The same of one machine's file, as todo exports it (in id order).
        func tasks(_ index: Int) throws -> String {
            try machines[index].succeed(["export"]).stdout.split(separator: "\n").map { line in
                let task = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let tags = (task["tags"] as? [String] ?? []).sorted { $0.lowercased() < $1.lowercased() }.joined(separator: " ")
                return ["\(task["id"]!)", task["list"] as! String, task["title"] as! String, task["notes"] as? String ?? "",
                        task["due"] as? String ?? "", task["priority"] as! String, (task["done"] as! Bool) ? "t" : "f", tags].joined(separator: "|")
            }.joined(separator: "\n")
        }

        /// A sync of machine `index` whose commit reaches the hub and not the file: the file is
        /// put back as it was before, as if the sync had been killed between the two commits,
        /// but for the token of the sync, which the file committed before the sync began.
        func syncCutOffBeforeTheFileCommits(_ index: Int) throws {
            let file = machines[index].databasePath
            try sqlite3(file, "PRAGMA wal_checkpoint(TRUNCATE)")
            let before = try Data(contentsOf: URL(fileURLWithPath: file))
            _ = try sync(index)
            let token = try rows(machines[index], "SELECT attempts FROM sync_link")
            try sqlite3(file, "PRAGMA wal_checkpoint(TRUNCATE)")
            try before.write(to: URL(fileURLWithPath: file))
            try sqlite3(file, "UPDATE sync_link SET attempts = ltrim(attempts || ' ' || '\(token.first ?? "")')")
        }

        /// Everyone synced twice over: every file as the hub.
        func converge() throws {
            for _ in 0..<2 { for index in machines.indices { _ = try sync(index) } }
            let hub = try hubTasks()
            // Byte for byte: Swift's `==` takes canonically equivalent spellings for one text.
            for index in machines.indices { #expect(Array(try tasks(index).utf8) == Array(hub.utf8), "machine \(index)") }
        }
    }

    @Test func linkingBringsTheHubsTasksInAndSendsTheFilesOutWithoutDoubles() throws {
        let team = try Team(machines: 3)
        try team[0].add("Work", "from the laptop")
        try team[0].add("Home", "milk", ["--tag", "shop"])
        let first = try team.link(0)
        // The hub was empty: the laptop keeps its ids.
        #expect(first["sent"] as? Int == 4 && (first["renumbered"] as? [Any])?.isEmpty == true)
        try team[1].add("Work", "from the desktop")
        let second = try team.link(1)
        #expect(second["received"] as? Int == 4)
        let moved = try #require((second["renumbered"] as? [[String: Int]])?.first)
        #expect(moved["from"] == 1 && moved["to"]! > 2, "\(second)")
        #expect(try team[1].jsonArray(["list", "Work"]).count == 2, "one Work list, holding both")
        // The hub's tasks came in with their tags, into a file that had tasks of its own.
        #expect(try team[1].jsonArray(["list", "Home", "--tag", "shop"]).map { $0["title"] as? String } == ["milk"])
        // The same tasks, carried over by an export, are the same tasks (same uuids): nothing doubles.
        let export = try team[0].succeed(["export"]).stdout
        #expect(try team[2].run(["import", "--keep-ids"], stdin: Data(export.utf8)).status == 0)
        #expect(try team.link(2)["sent"] as? Int == 0)
        try team.converge()
        #expect(try PostgresTestServer.psql(team.hub, "SELECT count(*) FROM tasks") == "3")
    }

    /// Without --json, as docs/manual.md shows them: the counts on one line, then each conflict,
    /// then each id changed; `todo sync conflicts`, a line each.
    @Test func theReportsReadAsText() throws {
        let team = try Team(machines: 2)
        try team[1].add("Home", "first")
        _ = try team.link(1)
        try team[0].add("Home", "mine")
        let linked = try team[0].succeed(["sync", "init", team.hub]).stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let id = try #require(Int(try PostgresTestServer.psql(team.hub, "SELECT id FROM tasks WHERE title = 'mine'")))
        #expect(linked.first?.hasPrefix("Linked this file to postgres://") == true && linked.dropFirst() == ["  1 → \(id)", ""], "\(linked)")
        _ = try team.sync(1)
        try team[1].succeed(["edit", "\(id)", "--title", "soy"])
        _ = try team.sync(1)
        try team[0].succeed(["edit", "\(id)", "--title", "oat"])
        let synced = try team[0].succeed(["sync"]).stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let conflict = "#1 task \(id) title: kept \"soy\", yours \"oat\""
        #expect(synced.first?.hasSuffix(", 1 conflict") == true && synced.dropFirst() == ["  " + conflict[...], ""], "\(synced)")
        #expect(try team[0].succeed(["sync", "conflicts"]).stdout == conflict + "\n")
    }

    @Test func differentFieldsChangedOnTwoMachinesAreBothKept() throws {
        let team = try Team(machines: 2)
        let id = try team.sharing("Work", "report")
        try team[0].succeed(["edit", "\(id)", "--priority", "high"])
        try team[1].succeed(["edit", "\(id)", "--due", "2026-12-24", "--notes", "the long one"])
        #expect((try team.sync(0)["conflicts"] as? [Any])?.isEmpty == true)
        #expect((try team.sync(1)["conflicts"] as? [Any])?.isEmpty == true)
        try team.converge()
        #expect(try team.hubTasks() == "\(id)|Work|report|the long one|2026-12-24|high|f|")
    }

    @Test func oneFieldChangedOnBothKeepsTheValueThatReachedTheHubFirst() throws {
        let team = try Team(machines: 2)
        let id = try team.sharing("Home", "milk")
        try team[0].succeed(["edit", "\(id)", "--title", "oat milk"])
        try team[1].succeed(["edit", "\(id)", "--title", "soy milk"])
        // The desktop syncs first: its value is kept, whatever the clocks say.
        _ = try team.sync(1)
        let laptop = try team.sync(0)
        let conflict = try #require((laptop["conflicts"] as? [[String: Any]])?.first)
        #expect(conflict["task"] as? Int == id && conflict["field"] as? String == "title")
        #expect(conflict["kept"] as? String == "soy milk" && conflict["yours"] as? String == "oat milk")
        try team.converge()
        #expect(try team.hubTasks().contains("|soy milk|"))
        // Kept until dismissed; dismissing is all or nothing.
        let waiting = try team[0].jsonArray(["sync", "conflicts"])
        #expect(waiting.count == 1)
        let conflictID = try #require(waiting.first?["id"] as? Int)
        #expect(try team[0].run(["sync", "conflicts", "--dismiss", "\(conflictID)", "999"]).failedCleanly(with: 1, oneLine: true))
        try team[0].succeed(["sync", "conflicts", "--dismiss", "\(conflictID)"])
        #expect(try team[0].jsonArray(["sync", "conflicts"]).isEmpty)
        #expect(try team[1].jsonArray(["sync", "conflicts"]).isEmpty, "the desktop's value was kept: no conflict there")
    }

    @Test func tagsMergeTagByTag() throws {
        let team = try Team(machines: 2)
        let id = try team.sharing("Home", "milk", ["--tag", "a", "--tag", "b"])
        try team[0].succeed(["edit", "\(id)", "--tag", "c"])
        try team[1].succeed(["edit", "\(id)", "--untag", "b"])
        try team.converge()
        #expect(try team.hubTasks() == "\(id)|Home|milk|||none|f|a c")
    }

    @Test func aChangeBeatsADeletionAndADeletionOnBothIsNoConflict() throws {
        let team = try Team(machines: 2)
        let kept = try team[0].add("Home", "kept")
        let gone = try team.sharing("Home", "gone")
        try team[0].succeed(["rm", "\(kept)"])
        try team[1].succeed(["edit", "\(kept)", "--title", "kept, changed"])
        try team[0].succeed(["rm", "\(gone)"])
        try team[1].succeed(["rm", "\(gone)"])
        _ = try team.sync(0)
        let desktop = try team.sync(1)
        #expect((desktop["conflicts"] as? [[String: Any]])?.map { $0["field"] as? String } == ["deleted"])
        try team.converge()
        #expect(try team.hubTasks() == "\(kept)|Home|kept, changed|||none|f|")
    }

    @Test func listsMatchByUUIDAndOneNameMadeTwiceIsOneList() throws {
        let team = try Team(machines: 2)
        try team[0].add("Work", "first")
        _ = try team.link(0)
        _ = try team.link(1)
        // Renamed on one machine while the other adds to it.
        try team[0].succeed(["rename-list", "Work", "Job"])
        try team[1].add("Work", "second")
        // Made on both offline.
        try team[0].add("Groceries", "bread")
        try team[1].add("Groceries", "eggs")
        // Deleted with --force on one while the other adds to it.
        try team[0].add("Trip", "tickets")
        try team.converge()
        try team[1].succeed(["delete-list", "Trip", "--force"])
        try team[0].add("Trip", "passport")
        try team.converge()
        let lists = try PostgresTestServer.psql(team.hub, "SELECT l.name || ' ' || count(t.id) FROM lists AS l LEFT JOIN tasks AS t ON t.list_id = l.id GROUP BY l.name ORDER BY l.name")
        #expect(lists == "Groceries 2\nJob 2\nTrip 1", "\(lists)")
    }

    /// One name made on both machines in two spellings is one list, spelled as the hub first
    /// had it; the other spelling is a conflict of `name`, as a name changed on both is.
    @Test func oneNameMadeTwiceInTwoSpellingsSaysWhichSpellingWasSetAside() throws {
        let team = try Team(machines: 2)
        _ = try team.link(0)
        _ = try team.link(1)
        try team[0].add("Groceries", "bread")
        try team[1].add("groceries", "eggs")
        _ = try team.sync(0)
        let desktop = try team.sync(1)
        let conflicts = desktop["conflicts"] as? [[String: Any]] ?? []
        #expect(conflicts.map { [$0["field"], $0["kept"], $0["yours"]] as? [String] } == [["name", "Groceries", "groceries"]], "\(desktop)")
        try team.converge()
        let lists = try PostgresTestServer.psql(team.hub, "SELECT l.name || ' ' || count(t.id) FROM lists AS l LEFT JOIN tasks AS t ON t.list_id = l.id GROUP BY l.name")
        #expect(lists == "Groceries 2", "\(lists)")
    }

    /// A name passed from one list to another on the hub reaches a file whose list had it.
    @Test func aNameMovedToAnotherListOnTheHubMovesHereToo() throws {
        let team = try Team(machines: 2)
        try team[0].add("Groceries", "bread")
        _ = try team.link(0)
        _ = try team.link(1)
        try team[1].succeed(["rename-list", "Groceries", "Food"])
        try team[1].add("Groceries", "a new list of the old name")
        _ = try team.sync(1)
        _ = try team.sync(0)
        try team.converge()
        let lists = try PostgresTestServer.psql(team.hub, "SELECT l.name || ': ' || t.title FROM lists AS l JOIN tasks AS t ON t.list_id = l.id ORDER BY l.name")
        #expect(lists == "Food: bread\nGroceries: a new list of the old name", "\(lists)")
        // Renamed here onto a name the hub gave another list meanwhile: one list of that name.
        try team[0].succeed(["rename-list", "Food", "Shop"])
        try team[1].succeed(["rename-list", "Groceries", "Shop"])
        _ = try team.sync(1)
        try team.converge()
        let merged = try PostgresTestServer.psql(team.hub, "SELECT l.name || ': ' || t.title FROM lists AS l JOIN tasks AS t ON t.list_id = l.id ORDER BY t.title")
        #expect(merged == "Shop: a new list of the old name\nShop: bread", "\(merged)")
    }

    @Test func aRepeatingTaskDoneOnTwoMachinesMakesOneNextTask() throws {
        let team = try Team(machines: 2)
        let id = try team.sharing("Home", "water the plants", ["--due", "2026-12-01", "--repeat", "weekly"])
        try team[0].succeed(["done", "\(id)"])
        try team[1].succeed(["done", "\(id)"])
        _ = try team.sync(0)
        let desktop = try team.sync(1)
        #expect((desktop["conflicts"] as? [Any])?.isEmpty == true, "\(desktop)")
        try team.converge()
        let rows = try team.hubTasks().split(separator: "\n")
        #expect(rows.count == 2 && rows.filter { $0.contains("|f|") }.count == 1, "one next task, open: \(rows)")
    }

    @Test func idsAreTheSameEverywhereAndAddingPastTheBlockIsRefused() throws {
        let team = try Team(machines: 2, block: 3)
        _ = try team.link(0)
        _ = try team.link(1)
        let ids = try (0..<3).map { try team[0].add("Home", "offline \($0)") }
        let other = try team[1].add("Home", "elsewhere")
        #expect(!ids.contains(other) && ids == [ids[0], ids[0] + 1, ids[0] + 2])
        let refused = try team[0].run(["add", "Home", "one too many"])
        #expect(refused.failedCleanly(with: 1, oneLine: true) && refused.stderr.contains("todo sync"), "\(refused.summary)")
        _ = try team.sync(0)
        #expect(try team[0].jsonObject(["sync", "status"])["ids_left"] as? Int == 3)
        let later = try team[0].add("Home", "one more")
        // A team member on the hub itself gets ids past every block.
        let direct = try TodoRunner(environment: ["TODO_DB": team.hub]).add("Home", "online")
        #expect(direct > later && direct > other)
        try team.converge()
        #expect(try team.tasks(1).split(separator: "\n").map { $0.split(separator: "|")[0] } == (ids + [other, later, direct]).sorted().map { Substring("\($0)") })
    }

    /// An import past the block is refused saying how many ids the file has: as many as before
    /// it (the refusal undoes what its first batches of 500 took). It said what was left when
    /// a later batch ran out (100 here).
    @Test func anImportPastTheBlockSaysHowManyIdsThereAre() throws {
        let team = try Team(machines: 1, block: 600)
        _ = try team.link(0)
        let records = (1...1_000).map { #"{"list":"Home","title":"t\#($0)"}"# + "\n" }.joined()
        let refused = try team[0].run(["import"], stdin: Data(records.utf8))
        #expect(refused.failedCleanly(with: 1, oneLine: true) && refused.stderr.contains("this file has 600 of the task ids"), "\(refused.summary)")
        #expect(try team[0].jsonObject(["sync", "status"])["ids_left"] as? Int == 600)
    }

    @Test func handEditsWithSqlite3AndPsqlAreSynced() throws {
        let team = try Team(machines: 2)
        let id = try team.sharing("Home", "milk")
        try sqlite3(team[0].databasePath, "UPDATE tasks SET title = 'edited with sqlite3' WHERE id = \(id)")
        #expect(try team[0].jsonObject(["sync", "status"])["waiting"] as? Int == 1)
        _ = try team.sync(0)
        try PostgresTestServer.psql(team.hub, "UPDATE tasks SET notes = 'edited with psql' WHERE id = \(id)")
        try team.converge()
        #expect(try team.tasks(1) == "\(id)|Home|edited with sqlite3|edited with psql||none|f|")
    }

    /// A sync cut off after the hub committed and before the file did: the next one finishes it,
    /// nothing twice, no conflict.
    @Test func aSyncWhoseFileNeverCommittedIsFinishedByTheNext() throws {
        let team = try Team(machines: 2)
        let id = try team.sharing("Home", "milk")
        try team[0].succeed(["edit", "\(id)", "--title", "oat milk"])
        try team[0].add("Home", "bread")
        try team[1].succeed(["edit", "\(id)", "--priority", "high"])
        _ = try team.sync(1)
        try team.syncCutOffBeforeTheFileCommits(0)
        #expect(try team[0].jsonObject(["sync", "status"])["waiting"] as? Int == 2, "the edit and the add wait again")
        let again = try team.sync(0)
        #expect((again["conflicts"] as? [Any])?.isEmpty == true, "\(again)")
        try team.converge()
        #expect(try PostgresTestServer.psql(team.hub, "SELECT count(*) FROM tasks") == "2")
        #expect(try team.hubTasks().contains("|oat milk|||high|f|"))
    }

    /// psql takes none of todo's locks: a row it changes while a sync runs is never written over.
    @Test func aRowChangedOnTheHubDuringASyncIsNotWrittenOver() throws {
        let team = try Team(machines: 1)
        let id = try team[0].add("Home", "milk")
        _ = try team.link(0)
        try team[0].succeed(["edit", "\(id)", "--title", "oat milk"])
        let psql = try PostgresTestServer.psqlInBackground(team.hub, "BEGIN; UPDATE tasks SET notes = 'from psql' WHERE id = \(id); SELECT pg_sleep(1.5); COMMIT;")
        let during = try team[0].run(["sync"])
        psql.waitUntilExit()
        #expect(during.failedCleanly(with: 1, oneLine: true) && during.stderr.contains("changed on the hub"), "\(during.summary)")
        _ = try team.sync(0)
        #expect(try team.tasks(0) == "\(id)|Home|oat milk|from psql||none|f|")
        #expect(try team.hubTasks() == "\(id)|Home|oat milk|from psql||none|f|")
    }

    /// The file keeps the hub's URL without its password; later syncs find it in ~/.pgpass, which
    /// is read only while it is its owner's alone, as libpq reads it.
    @Test func thePasswordComesFromThePasswordFile() throws {
        let hub = try PostgresTestServer.newDatabase()
        let machine = try TodoRunner()
        try machine.add("Home", "milk")
        _ = try machine.jsonObject(["sync", "init", hub])
        #expect(try sqliteValue(machine.databasePath, "SELECT hub FROM sync_link").contains("todo:todo@") == false, "no password in the file")
        #expect(try machine.run(["sync"]).failedCleanly(with: 1, oneLine: true), "no password anywhere")
        let address = try #require(hub.firstRange(of: "@")).upperBound
        let hostAndPort = hub[address...].prefix { $0 != "/" }
        let passwords = machine.directory.path("home/.pgpass")
        try FileManager.default.createDirectory(atPath: machine.directory.path("home"), withIntermediateDirectories: true)
        try "\(hostAndPort):*:todo:todo\n".write(toFile: passwords, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: passwords)
        #expect(try machine.run(["sync"]).failedCleanly(with: 1, oneLine: true), "readable by others: ignored")
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: passwords)
        #expect(try machine.jsonObject(["sync"])["sent"] as? Int == 0)
    }

    /// TODO_SYNC_AUTO=on: each writing command syncs after it commits; a hub out of reach is one
    /// line on stderr, never a failed command.
    @Test func eachWritingCommandSyncsAfterwardsWhenAsked() throws {
        let team = try Team(machines: 2)
        _ = try team.link(0)
        _ = try team.link(1)
        let auto: [String: String?] = ["TODO_SYNC_AUTO": "on"]
        let added = try team[0].run(["add", "Home", "milk"], environment: auto)
        #expect(added.status == 0 && added.stderr == "todo: created the list \"Home\"\n", "\(added.summary)")
        #expect(try PostgresTestServer.psql(team.hub, "SELECT title FROM tasks") == "milk", "sent by the add itself")
        try team[1].succeed(["new-list", "Work"], environment: auto)
        #expect(try team[1].jsonArray(["list", "Home"]).count == 1, "received by the desktop's own command")
        // A conflict that sync finds is a line on stderr, and the command still succeeds.
        let milk = try #require(try team[0].jsonArray(["list", "Home"]).first?["id"] as? Int)
        try team[1].succeed(["edit", "\(milk)", "--title", "soy milk"], environment: auto)
        let edited = try team[0].run(["edit", "\(milk)", "--title", "oat milk"], environment: auto)
        #expect(edited.status == 0 && edited.stderr == "todo: sync conflict: #1 task \(milk) title: kept \"soy milk\", yours \"oat milk\"\n",
                "\(edited.summary)")
        // Out of reach: the command succeeds, says so once, and the change waits here.
        let away = try team[0].run(["add", "Home", "bread"], environment: ["TODO_SYNC_AUTO": "on", "TODO_SYNC_URL": "postgres://todo@127.0.0.1:1/none", "TODO_SYNC_TIMEOUT": "1"])
        #expect(away.status == 0 && away.stdout.hasPrefix("Added") && away.stderrLines.count == 1 && away.stderr.hasPrefix("todo: not synced ("), "\(away.summary)")
        #expect(try team[0].jsonObject(["sync", "status"])["waiting"] as? Int == 1)
        // A value it cannot use stops the command before it changes anything.
        #expect(try team[0].run(["add", "Home", "eggs"], environment: ["TODO_SYNC_AUTO": "yes"]).failedCleanly(with: 64, oneLine: true))
        #expect(try team[0].jsonArray(["list", "Home"]).count == 2)
    }

    @Test func aHubThatCannotBeReachedChangesNothingHere() throws {
        let team = try Team(machines: 1)
        try team[0].add("Home", "milk")
        _ = try team.link(0)
        try team[0].add("Home", "bread")
        let result = try team[0].run(["sync"], environment: ["TODO_SYNC_URL": "postgres://todo@127.0.0.1:1/none?connect_timeout=2"])
        #expect(result.failedCleanly(with: 1, oneLine: true), "\(result.summary)")
        #expect(try team[0].jsonObject(["sync", "status"])["waiting"] as? Int == 1)
    }

    @Test func statusUnlinkAndTheFilesOnlyCommands() throws {
        let team = try Team(machines: 1)
        #expect(try team[0].run(["sync"]).failedCleanly(with: 1, oneLine: true))
        #expect(try team[0].run(["sync", "status"]).failedCleanly(with: 1, oneLine: true))
        try team[0].add("Home", "milk")
        _ = try team.link(0)
        #expect(try team[0].run(["sync", "init", team.hub]).failedCleanly(with: 1, oneLine: true), "linked once")
        let status = try team[0].jsonObject(["sync", "status"])
        #expect(status["waiting"] as? Int == 0 && status["ids_left"] as? Int == 10_000)
        #expect((status["hub"] as? String)?.contains("todo:todo@") == false, "never the password")
        #expect(try PostgresTestServer.psql(team.hub, "SELECT count(*) FROM tasks") == "1")
        try team[0].succeed(["sync", "unlink"])
        #expect(try team[0].run(["sync", "status"]).failedCleanly(with: 1, oneLine: true))
        #expect(try team[0].jsonArray(["tasks"]).count == 1, "its tasks stay")
        #expect(try team[0].run(["sync", "init", "not a url"]).failedCleanly(with: 64, oneLine: true))
        #expect(try team[0].run(["sync", "status"], environment: ["TODO_DB": team.hub]).failedCleanly(with: 1, oneLine: true))
    }
}

/// One value, read with the sqlite3 shell.
func sqliteValue(_ path: String, _ sql: String) throws -> String {
    let process = Process(), output = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [path, sql]
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}
#endif
