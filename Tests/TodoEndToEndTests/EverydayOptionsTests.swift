import Foundation
import Testing
import TodoTestSupport

/// What people type on day one: short options (`-d`, `-p`, `-t`, `-l`), priorities in any case
/// or by their first letter, the dates people say, `todo search --tag`, `todo help dates`.
@Suite struct EverydayOptionsTests {
    @Test(arguments: Store.all) func shortOptionsAreTheLongOnes(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let added = try todo.jsonObject(["add", "Home", "water plants", "-d", "2030-01-02", "-p", "H", "-t", "garden", "-t", "Weekly"])
        #expect(added["due"] as? String == "2030-01-02" && added["priority"] as? String == "high")
        #expect(added["tags"] as? [String] == ["garden", "Weekly"])
        let edited = try todo.jsonObject(["edit", "1", "-d", "2030-01-03", "-p", "low", "-l", "Garden", "-t", "sunny"])
        #expect(edited["due"] as? String == "2030-01-03" && edited["priority"] as? String == "low" && edited["list"] as? String == "Garden")
        #expect(try todo.jsonArray(["list", "Garden", "-p", "l", "-t", "SUNNY"]).count == 1)
        #expect(try todo.jsonArray(["list", "Garden", "-p", "m"]).isEmpty)
        #expect(try todo.jsonArray(["agenda", "-t", "garden", "--days", "36500"]).count == 1)
        #expect(try todo.jsonArray(["search", "water", "-l", "garden", "-t", "garden"]).count == 1)
        #expect(try todo.jsonArray(["search", "water", "--tag", "nothing"]).isEmpty)
        #expect(try todo.jsonArray(["search", "water", "-l", "Home"]).isEmpty)
    }

    /// The same line on the quick path and through ArgumentParser: `-d` is never dropped.
    @Test func aShortOptionIsKeptOnEveryPath() throws {
        let todo = try TodoRunner()
        for (arguments, due) in [(["add", "A", "x", "-d", "2030-05-01"], "2030-05-01"), (["add", "-q", "A", "y", "-d", "2030-05-02", "--notes", "n"], "2030-05-02")] {
            try todo.succeed(arguments)
            #expect(try todo.jsonArray(["list", "A"]).contains { $0["due"] as? String == due }, "\(arguments)")
        }
        try todo.succeed(["edit", "1", "-p", "HIGH", "-q"])
        #expect(try todo.jsonArray(["show", "1"]).first?["priority"] as? String == "high")
    }

    @Test func prioritiesAreReadWithoutCaseInEveryWayIn() throws {
        let todo = try TodoRunner()
        for (typed, stored) in [("High", "high"), ("MEDIUM", "medium"), ("l", "low"), ("N", "none"), ("h", "high")] {
            #expect(try todo.jsonObject(["add", "A", typed, "--priority", typed])["priority"] as? String == stored, "\(typed)")
        }
        for refused in ["hi", "urgent", "", "x"] {
            #expect(try todo.run(["add", "A", "t", "--priority", refused]).status == 64, "\(refused)")
        }
        let csv = "list,title,priority\nB,from csv,M\nB,another,l\n"
        #expect(try todo.run(["import", "--format", "csv"], stdin: Data(csv.utf8)).status == 0)
        #expect(try todo.jsonArray(["list", "B"]).map { $0["priority"] as? String } == ["medium", "low"])
    }

    /// Each form is read by the commands (which day each one makes is `DueParsingTests`'s), and
    /// the refusal names them all.
    @Test func theDatesPeopleSayAreRead() throws {
        let todo = try TodoRunner()
        for typed in ["yesterday", "-2d", "-1w", "+1m", "+1y", "eow", "eom", "eoy", "next monday", "Next Fri", "2030-01-02 09:30"] {
            let task = try todo.run(["add", "A", typed, "--due", typed, "--json"])
            #expect(task.status == 0, "\(typed): \(task.summary)")
        }
        #expect(try todo.jsonArray(["list", "A"]).contains { $0["due"] as? String == "2030-01-02T09:30" })
        let refused = try todo.run(["add", "A", "t", "--due", "someday"])
        #expect(refused.status == 64)
        for form in ["yesterday", "next monday", "eom", "+Nm", "-Nd", "'YYYY-MM-DD HH:MM'"] {
            #expect(refused.stderr.contains(form), "\(form): \(refused.stderr)")
        }
    }

    /// Export's help lists the formats it writes: every one todo reads, the other tools' too.
    @Test func exportsHelpListsWhatItWrites() throws {
        let help = try TodoRunner().succeed(["export", "--help"]).stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("(values: ndjson, json, csv, taskwarrior, todotxt, ics)"), "\(help)")
    }

    @Test func helpDatesListsEveryForm() throws {
        let todo = try TodoRunner()
        for arguments in [["help", "dates"], ["dates"]] {
            let help = try todo.run(arguments)
            #expect(help.status == 0, "\(help.summary)")
            for form in ["2026-12-01T09:30", "yesterday", "eow, eom, eoy", "+1m, +1y", "-3d, -2w", "next monday"] {
                #expect(help.stdout.contains(form), "\(arguments) \(form)")
            }
        }
        #expect(!(try todo.succeed(["--help"]).stdout.contains("dates")), "a topic, not a command in the list")
    }
}
