import Foundation
import Testing
import TodoTestSupport

/// Numbers from outside the process (an import's recurrence, ids and counts written by hand in
/// sqlite3, times at the ends of the calendar) never trap on overflow: each is an error with its
/// exit status, or is handled as the largest value it can be. Each case crashed with SIGILL
/// before.
@Suite struct OverflowTests {
    @Test(arguments: ["4000000000000000000q", "3074457345618258603q", "9223372036854775807 quarters"])
    func aTaskwarriorRecurrencePastEveryRuleIsKeptWithoutItAndSaid(_ recur: String) throws {
        let todo = try TodoRunner()
        let record = #"{"description":"q","due":"20270101T000000Z","recur":"\#(recur)"}"#
        let result = try todo.run(["import", "--format", "taskwarrior"], stdin: Data(record.utf8))
        #expect(result.status == 0 && !result.wasSignalled, "\(result.summary)")
        #expect(result.stderr.contains("kept without its recurrence"), "\(result.summary)")
        #expect(try todo.jsonArray(["list", "Inbox"]).first?["repeat"] is NSNull)
    }

    @Test func historyIdsNearTheSmallestIntegerDoNotStopWriting() throws {
        let todo = try TodoRunner()
        try todo.add("L", "x")
        let db = Database(path: todo.databasePath)
        try db.execute("""
            PRAGMA foreign_keys = OFF;
            UPDATE history_tasks SET change_id = -9223372036854775801; UPDATE history SET id = -9223372036854775801
            """)
        for limit in ["100", "10"] {
            let result = try todo.run(["add", "L", "y"], environment: ["TODO_HISTORY_LIMIT": limit])
            #expect(result.status == 0 && !result.wasSignalled, "\(result.summary)")
        }
    }

    @Test func countsAtTheLargestIntegerStillListAndPlan() throws {
        let todo = try TodoRunner()
        try todo.add("L", "x", ["--tag", "t"])
        let db = Database(path: todo.databasePath)
        try db.execute("UPDATE lists SET open_count = 9223372036854775807 WHERE name = 'L'")
        let result = try todo.run(["list", "L", "--tag", "t", "--json"])
        #expect(result.status == 0 && !result.wasSignalled, "\(result.summary)")
        #expect(try result.jsonArray().count == 1)
    }

    @Test func negativeCountsWrittenPastTheChecksDoNotTrapADeleteOrItsRedo() throws {
        let todo = try TodoRunner()
        try todo.add("L", "x")
        try todo.add("L", "y")
        try todo.succeed(["new-list", "M"])
        let db = Database(path: todo.databasePath)
        try db.execute("""
            PRAGMA ignore_check_constraints = ON;
            UPDATE lists SET open_count = -9223372036854775808, done_count = -2 WHERE name = 'M'
            """)
        let delete = try todo.run(["delete-list", "L", "--force"])
        #expect(!delete.wasSignalled && [0, 1].contains(delete.status), "\(delete.summary)")
        if delete.status == 0 {
            try todo.succeed(["undo"])
            let redo = try todo.run(["redo"])
            #expect(!redo.wasSignalled && [0, 1].contains(redo.status), "\(redo.summary)")
        }
    }

    @Test(arguments: [
        ("-9223372036854775808", "9223372036854775807", "5"),
        ("9223372036854775807", "9223372036854775806", "-1"),
        ("5", "3", "1"),
    ])
    func anImportedRangeDamagedByHandIsRefusedByUndoAndFoundByCheck(after: String, through: String, count: String) throws {
        let todo = try TodoRunner()
        let imported = try todo.run(["import"], stdin: Data(#"{"list":"L","title":"a"}\#n{"list":"L","title":"b"}\#n"#.utf8))
        #expect(imported.status == 0, "\(imported.summary)")
        let db = Database(path: todo.databasePath)
        try db.execute("UPDATE history SET imported_after = \(after), imported_through = \(through), imported_count = \(count)")
        let before = try db.snapshot()
        let undo = try todo.run(["undo"])
        #expect(undo.failedCleanly(with: 1, oneLine: true), "\(undo.summary)")
        #expect(undo.stderr.contains("cannot undo change 1"), "\(undo.summary)")
        // A range that cannot be an import's is said to be damaged (the first could be one).
        #expect(after.hasPrefix("-") || undo.stderr.contains("damaged"), "\(undo.summary)")
        #expect(try db.snapshot() == before)
    }

    @Test func aTodoTxtDayThatBeginsBeforeTheFirstKeptTimeIsRefusedNamingItsLine() throws {
        let todo = try TodoRunner()
        let result = try todo.run(["import", "--format", "todotxt"], stdin: Data("0000-01-01 old task\n".utf8),
                                  environment: ["TZ": "Etc/GMT-14"])
        #expect(result.failedCleanly(with: 65, oneLine: true), "\(result.summary)")
        #expect(result.stderr.contains("line 1"), "\(result.summary)")
    }

    @Test func aTimeOutsideTheYearsTodoKeepsIsNotATimeForCheck() throws {
        let todo = try TodoRunner()
        try todo.add("L", "x")
        let db = Database(path: todo.databasePath)
        try db.execute("UPDATE tasks SET created_at = '0000-01-01T00:00:00+23:59'")
        let check = try todo.run(["db", "check"])
        #expect(check.status == 1 && check.stderr.contains("created_at"), "\(check.summary)")
    }
}
