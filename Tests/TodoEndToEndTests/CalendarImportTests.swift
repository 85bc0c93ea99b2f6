import Foundation
import Testing
import TodoTestSupport

/// `todo import --format ics` of calendars todo did not write: their zones, what todo cannot
/// keep (said, with lines), the list they go to, and files that are not good iCalendar (refused,
/// naming the line, with nothing imported).
@Suite struct CalendarImportTests {
    static let berlin = ["TZ": "Europe/Berlin"]

    /// A calendar of `body`'s lines, CRLF after each.
    private func calendar(_ body: [String]) -> Data {
        Data((["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + body + ["END:VCALENDAR"]).map { $0 + "\r\n" }.joined().utf8)
    }

    private func vtodo(_ lines: [String]) -> [String] {
        ["BEGIN:VTODO"] + lines + ["END:VTODO"]
    }

    @Test func dueTimesInEveryZoneBecomeLocalOnes() throws {
        let todo = try TodoRunner(.file, environment: Self.berlin)
        let file = calendar(
            vtodo(["UID:a1", "SUMMARY:New York", "DUE;TZID=America/New_York:20261224T100000"])
                + vtodo(["UID:a2", "SUMMARY:UTC", "DUE:20260701T220000Z"])
                + vtodo(["UID:a3", "SUMMARY:Floating", "DUE:20261224T093000"])
                + vtodo(["UID:a4", "SUMMARY:Here", "DUE;TZID=Europe/Berlin:20261224T000000"])
                + vtodo(["UID:a5", "SUMMARY:A date", "DUE;VALUE=DATE:20261224"])
                + vtodo(["UID:a6", "SUMMARY:Seconds", "DUE:20261224T093015"]))
        let imported = try todo.run(["import", "--format", "ics"], stdin: file)
        #expect(imported.status == 0, "\(imported.summary)")
        #expect(imported.stderr.contains("kept its DUE to the minute (todo keeps no seconds): 1 record (line 29)"), "\(imported.stderr)")
        let due = Dictionary(uniqueKeysWithValues: try todo.jsonArray(["export", "--json"]).map { ($0["title"] as? String ?? "", $0["due"] as? String ?? "") })
        #expect(due == ["New York": "2026-12-24T16:00", "UTC": "2026-07-02T00:00", "Floating": "2026-12-24T09:30",
                        "Here": "2026-12-24T00:00", "A date": "2026-12-24", "Seconds": "2026-12-24T09:30"])
    }

    /// The hour clocks go back is passed twice: its times are the first of the two (RFC 5545),
    /// whatever came before them in the file (glibc's own guess followed the task before).
    @Test func aTimeTheClocksPassTwiceIsTheFirstWhateverCameBefore() throws {
        let november = vtodo(["UID:n", "SUMMARY:November", "DUE;TZID=America/New_York:20261101T013000"])
        let january = vtodo(["UID:j", "SUMMARY:January", "DUE;TZID=America/New_York:20260115T093000"])
        for body in [november + january, january + november] {
            let todo = try TodoRunner(.file)
            #expect(try todo.run(["import", "--format", "ics"], stdin: calendar(body)).status == 0)
            let due = try todo.jsonArray(["export", "--json"]).first { $0["title"] as? String == "November" }?["due"] as? String
            #expect(due == "2026-11-01T05:30", "01:30 EDT, the first 01:30 of that night, is 05:30 UTC")
        }
    }

    @Test func aZoneWithNoNameWritesDueTimesInUTCAndReadsThemBack() throws {
        let zone = ["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"]
        let todo = try TodoRunner(.file, environment: zone)
        _ = try todo.add("Work", "Winter", ["-d", "2026-12-02 09:30"])
        _ = try todo.add("Work", "Summer", ["-d", "2027-07-01 00:00"])
        let export = try todo.run(["export", "--format", "ics"])
        #expect(export.stdout.contains("DUE:20261202T083000Z\r\n") && export.stdout.contains("DUE:20270630T220000Z\r\n"), "\(export.stdout)")
        #expect(!export.stdout.contains("VTIMEZONE"))
        let back = try TodoRunner(.file, environment: zone)
        #expect(try back.run(["import", "--format", "ics"], stdin: export.stdoutBytes).status == 0)
        #expect(try back.jsonArray(["export", "--json"]).map { $0["due"] as? String ?? "" } == ["2026-12-02T09:30", "2027-07-01T00:00"])
    }

    @Test func whatTodoCannotKeepIsSaidWithItsLines() throws {
        let todo = try TodoRunner(.file, environment: Self.berlin)
        let file = calendar(
            ["BEGIN:VEVENT", "UID:e1", "SUMMARY:Meeting", "END:VEVENT"]
                + vtodo(["UID:t1", "SUMMARY:Weekdays", "DUE;VALUE=DATE:20261201", "RRULE:FREQ=WEEKLY;BYDAY=MO,WE", "LOCATION:Home",
                         "CATEGORIES:Follow up,home", "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT15M", "END:VALARM"])
                + vtodo(["UID:t2", "SUMMARY:Cancelled", "STATUS:CANCELLED"])
                + vtodo(["UID:t1", "RECURRENCE-ID;VALUE=DATE:20261203", "SUMMARY:Weekdays, moved"])
                + vtodo(["UID:t3", "SUMMARY:Every day", "RRULE:FREQ=DAILY"]))
        let imported = try todo.run(["import", "--format", "ics"], stdin: file)
        #expect(imported.status == 0 && imported.stdout.hasPrefix("Imported 2 tasks: 2 new"), "\(imported.summary)")
        for notice in ["left out what is not a task (VEVENT): 1 record (line 4)",
                       "kept without its RRULE 'FREQ=WEEKLY;BYDAY=MO,WE' (todo has no such rule): 1 record (line 12)",
                       "left out \"LOCATION\" (todo has no such field): 1 record (line 8)",
                       "kept categories of several words as tags with _ for spaces: 1 record (line 8)",
                       "left out its VALARM (todo has no such part): 1 record (line 8)",
                       "left out cancelled tasks: 1 record (line 20)",
                       "left out a changed instance of a repeating task (RECURRENCE-ID); the series is read: 1 record (line 25)",
                       "kept without its RRULE (it has no DUE): 1 record (line 33)"] {
            #expect(imported.stderr.contains("todo: " + notice), "\(notice) in \(imported.stderr)")
        }
        let tasks = try todo.jsonArray(["export", "--json"])
        #expect(tasks.map { $0["tags"] as? [String] ?? [] } == [["Follow_up", "home"], []])
        #expect(tasks.allSatisfy { $0["repeat"] is NSNull })
    }

    @Test func prioritiesStatusesAndListsReadAsACalendarMeansThem() throws {
        let todo = try TodoRunner(.file, environment: Self.berlin)
        let file = calendar(
            vtodo(["UID:p1", "SUMMARY:Two", "PRIORITY:2", "X-TODO-LIST:Named"])
                + vtodo(["UID:p2", "SUMMARY:Seven", "PRIORITY:7", "STATUS:IN-PROCESS"])
                + vtodo(["UID:p3", "SUMMARY:Zero", "PRIORITY:0", "COMPLETED:20261120T080000Z"])
                + vtodo(["UID:p4", "SUMMARY:Five", "PRIORITY:5", "STATUS:COMPLETED"]))
        let imported = try todo.run(["import", "--format", "ics", "-l", "Calendar"], stdin: file)
        #expect(imported.status == 0, "\(imported.summary)")
        let tasks = try todo.jsonArray(["export", "--json"])
        #expect(tasks.map { "\($0["title"] ?? "") \($0["list"] ?? "") \($0["priority"] ?? "") \($0["done"] as? Bool ?? false)" }
            == ["Two Named high false", "Seven Calendar low false", "Zero Calendar none true", "Five Calendar medium true"])
        #expect(tasks[2]["completed_at"] as? String == "2026-11-20T08:00:00Z", "a COMPLETED and no STATUS: done then")
        // Without --list, the default list.
        let other = try TodoRunner(.file, environment: Self.berlin.merging(["TODO_DEFAULT_LIST": "Today"]) { $1 })
        #expect(try other.run(["import", "--format", "ics"], stdin: calendar(vtodo(["UID:x", "SUMMARY:Here"]))).status == 0)
        #expect(try other.jsonArray(["export", "--json"]).first?["list"] as? String == "Today")
        // todo's own formats name the list in every record.
        let refused = try other.run(["import", "--list", "X"], stdin: Data())
        #expect(refused.failedCleanly(with: 64) && refused.stderr.contains("always names its list"), "\(refused.summary)")
    }

    @Test func aUIDThatIsNoUUIDFindsTheSameTaskEveryTime() throws {
        let todo = try TodoRunner(.file, environment: Self.berlin)
        let file = calendar(vtodo(["UID:20261126T101010Z-4711@example.com", "SUMMARY:From a server", "DUE;VALUE=DATE:20261201"]))
        let first = try todo.run(["import", "--format", "ics"], stdin: file)
        #expect(first.status == 0 && first.stderr.contains("took a uuid made from its UID"), "\(first.summary)")
        let second = try todo.run(["import", "--format", "ics"], stdin: file)
        #expect(second.stdout.contains("0 new, 0 updated, 1 unchanged"), "\(second.summary)")
        let uuid = try #require(try todo.jsonArray(["export", "--json"]).first?["uuid"] as? String)
        #expect(uuid.count == 36 && Array(uuid)[14] == "8", "a version 8 uuid: \(uuid)")
    }

    /// Each with the line it is refused at and what the message says.
    static let broken: [(name: String, file: String, line: Int, says: String)] = [
        ("no calendar", "hello\r\nworld\r\n", 1, "this is not iCalendar: it must begin with BEGIN:VCALENDAR"),
        ("nothing", "", 1, "this is not iCalendar"),
        ("broken folding", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:a long\r\ntitle\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", 4, "a folded line lost its leading space"),
        ("unknown zone", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nDUE;TZID=Mars/Olympus:20261224T100000\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", 4,
         "TZID 'Mars/Olympus' is not a time zone todo knows"),
        ("a zone outside the database", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nDUE;TZID=../../etc/passwd:20261224T100000\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", 4,
         "is not a time zone todo knows"),
        ("due no date", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nDUE:2026-12-24\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", 4, "DUE must be a date like 20261224"),
        ("due no day", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nDUE;VALUE=DATE:20260230\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", 4, "DUE must be a date"),
        ("open at the end", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\n", 3, "the file ends inside BEGIN:VTODO of line 2"),
        ("wrong end", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", 4, "END:VEVENT where END:VTODO (for BEGIN:VTODO of line 2)"),
        ("no summary", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", 2, "the VTODO has no SUMMARY"),
        ("priority", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nPRIORITY:high\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", 4, "PRIORITY must be a number from 0 to 9"),
        ("version 1", "BEGIN:VCALENDAR\r\nVERSION:1.0\r\nEND:VCALENDAR\r\n", 2, "todo reads version 2.0"),
        ("bad bytes", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:~\r\n", 3, "not valid UTF-8"),
        ("a second summary", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:a\r\nDESCRIPTION:x\r\nSUMMARY:b\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", 5,
         "the VTODO has a second SUMMARY (the first is on line 3)"),
        ("a line of more than a megabyte", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:" + String(repeating: "x", count: 1_100_000) + "\r\nEND:VTODO\r\n", 3,
         "the record is longer than 1 MiB"),
        ("a made uid twice", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:dup@example\r\nSUMMARY:a\r\nEND:VTODO\r\nBEGIN:VTODO\r\nUID:dup@example\r\nSUMMARY:b\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", 6,
         "todo made it of a calendar UID that is no uuid"),
        ("two of one uid", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:a\r\nEND:VTODO\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:b\r\nEND:VTODO\r\nEND:VCALENDAR\r\n", 6,
         "appears more than once"),
    ]

    @Test(arguments: Store.all) func aFileThatIsNoGoodICalendarIsRefusedNamingItsLine(_ store: Store) throws {
        let todo = try TodoRunner(store, environment: Self.berlin)
        _ = try todo.add("Home", "already here")
        let before = try databaseSnapshot(todo)
        for (name, file, line, says) in Self.broken {
            var bytes = Data(file.utf8)
            if name == "bad bytes" { bytes = Data(file.utf8.map { $0 == UInt8(ascii: "~") ? 0xFF : $0 }) }
            let refused = try todo.run(["import", "--format", "ics"], stdin: bytes)
            #expect(refused.failedCleanly(with: 65, oneLine: true) && refused.stderr.hasPrefix("Error: line \(line): ")
                && refused.stderr.contains(says), "\(name): \(refused.summary)")
        }
        #expect(try databaseSnapshot(todo) == before, "nothing imported")
    }

    @Test func aCalendarReadAsNDJSONSaysWhichFormatItIs() throws {
        let todo = try TodoRunner(.file)
        let refused = try todo.run(["import"], stdin: calendar(vtodo(["SUMMARY:x"])))
        #expect(refused.failedCleanly(with: 65, oneLine: true) && refused.stderr.contains("add --format ics"), "\(refused.summary)")
    }

    @Test func aCalendarOfEndlessMadeUpFieldsSaysAHundredKindsOfNoticeAndCountsTheRest() throws {
        let todo = try TodoRunner(.file, environment: Self.berlin)
        let body = (1...500).flatMap { vtodo(["UID:u\($0)", "SUMMARY:t\($0)", "X-MADE-UP-\($0):x"]) }
        let imported = try todo.run(["import", "--format", "ics"], stdin: calendar(body))
        #expect(imported.status == 0, "\(imported.summary)")
        #expect(imported.stderrLines.count <= 102 && imported.stderr.contains("and 401 more notices of other kinds"), "\(imported.stderrLines.count)")
    }
}
