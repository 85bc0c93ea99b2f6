import Foundation
import Testing
import TodoTestSupport

/// Tags and repeating tasks through the binary: the options, their refusals, the filters,
/// `todo tags`, and `done` adding the next task (and `undo` taking it away).
@Suite struct TagAndRepeatCommandTests {
    @Test(arguments: Store.all) func tagsAreAddedTakenOffAndShownSorted(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let id = try todo.add("Home", "buy stamps", ["--tag", "errand", "--tag", "Post"])
        #expect(try todo.jsonArray(["show", String(id)]).first?["tags"] as? [String] == ["errand", "Post"])
        try todo.succeed(["edit", String(id), "--untag", "ERRAND", "--tag", "post", "--tag", "Phone"])
        #expect(try todo.jsonArray(["show", String(id)]).first?["tags"] as? [String] == ["Phone", "Post"], "matched without case, kept as first written")
        #expect(try todo.run(["list", "Home"]).stdout.contains("buy stamps #Phone #Post"))
        #expect(try todo.jsonArray(["show", String(try todo.add("Home", "plain"))]).first?["tags"] as? [String] == [])
    }

    @Test(arguments: Store.all, [
        ["add", "Home", "t", "--tag", "two words"],
        ["add", "Home", "t", "--tag", ""],
        ["add", "Home", "t", "--tag", "tab\there"],
        ["add", "Home", "t", "--repeat", "weekly"],
        ["add", "Home", "t", "--due", "tomorrow", "--repeat", "0d"],
        ["add", "Home", "t", "--due", "tomorrow", "--repeat", "fortnightly"],
        ["add", "Home", "t", "--due", "tomorrow", "--repeat", "1201m"],
        ["add", "Home", "t", "--due", "tomorrow", "--repeat-from", "done"],
        ["edit", "1", "--no-due"],
        ["edit", "1", "--repeat", "1d", "--no-repeat"],
        ["edit", "1", "--tag", "x", "--untag", "X"],
        ["edit", "1", "--repeat-from", "sometimes"],
        ["list", "Home", "--tag", "a b"],
    ])
    func badTagsAndRulesAreUsageErrorsThatChangeNothing(_ store: Store, arguments: [String]) throws {
        let todo = try TodoRunner(store)
        try todo.add("Home", "water", ["--due", "2099-01-05", "--repeat", "weekly", "--tag", "garden"])
        let before = try databaseSnapshot(todo)
        let result = try todo.run(arguments)
        #expect(result.failedCleanly(with: 64), "\(result.summary)")
        #expect(try databaseSnapshot(todo) == before)
    }

    @Test(arguments: Store.all) func listAndAgendaFilterByEveryTagGiven(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let both = try todo.add("Home", "both", ["--tag", "a", "--tag", "b", "--due", DueDateTests.day(1)])
        try todo.add("Home", "only a", ["--tag", "A", "--due", DueDateTests.day(2)])
        try todo.add("Work", "only b", ["--tag", "b", "--due", DueDateTests.day(1)])
        try todo.add("Home", "none", ["--due", DueDateTests.day(1)])
        #expect(try todo.jsonArray(["list", "Home", "--tag", "a"]).map { $0["title"] as? String } == ["both", "only a"])
        #expect(try todo.jsonArray(["list", "Home", "--tag", "a", "--tag", "B"]).map { $0["id"] as? Int } == [both])
        #expect(try todo.jsonArray(["list", "Home", "--tag", "nowhere"]).isEmpty)
        let agenda = try todo.jsonArray(["agenda", "--tag", "b"]).map { $0["title"] as? String }
        #expect(Set(agenda) == ["both", "only b"])
    }

    @Test(arguments: Store.all) func tagsListsEveryTagWithItsOpenTasks(_ store: Store) throws {
        let todo = try TodoRunner(store)
        #expect(try todo.run(["tags", "--json"]).stdout == "[]\n", "no database yet: nothing, not an error")
        try todo.add("Home", "one", ["--tag", "errand"])
        let done = try todo.add("Home", "two", ["--tag", "Errand", "--tag", "phone"])
        try todo.succeed(["done", String(done)])
        let tags = try todo.jsonArray(["tags"])
        #expect(tags.map { $0["name"] as? String } == ["errand", "phone"])
        #expect(tags.map { $0["open"] as? Int } == [1, 0], "a tag on done tasks only is listed with 0")
        #expect(try todo.run(["tags"]).stdout == "#errand  1 open\n#phone   0 open\n")
    }

    /// Tags come out of the database as one text with a space between them; a tag that starts
    /// with a combining mark makes one Character of that space, so it is split at the scalar.
    @Test(arguments: Store.all) func aTagThatStartsWithACombiningMarkStaysATagOfItsOwn(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let id = try todo.add("Home", "accent", ["--tag", "a", "--tag", "\u{301}x"])
        let tags = try todo.jsonArray(["show", String(id)]).first?["tags"] as? [String] ?? []
        #expect(tags.map { Array($0.unicodeScalars) } == [["a"], ["\u{301}", "x"]], "\(tags)")
        try todo.succeed(["edit", String(id), "--untag", "a"])
        try todo.succeed(["undo"])
        #expect(try todo.jsonArray(["list", "Home", "--tag", "\u{301}x"]).count == 1, "undo puts both back, each whole")
        #expect(try todo.jsonArray(["tags"]).count == 2)
    }

    @Test(arguments: Store.all) func doneAddsOneNextTaskAfterTodayAndUndoTakesItAway(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let id = try todo.add("Home", "water", ["--due", "2020-01-06T08:00", "--repeat", "daily", "--tag", "garden", "--priority", "high"])
        let result = try todo.jsonArray(["done", String(id)])
        #expect(result.count == 2, "the done task, then its next one")
        let next = result[1]
        #expect(next["due"] as? String == DueDateTests.day(1) + "T08:00", "years overdue: one task, tomorrow, at the same time")
        #expect((next["title"] as? String, next["priority"] as? String, next["tags"] as? [String]) == ("water", "high", ["garden"]))
        #expect((next["repeat"] as? String, next["repeat_from"] as? String, next["done"] as? Bool) == ("1d", "due", false))
        #expect(try todo.jsonArray(["list", "Home"]).count == 1, "never a pile")

        try todo.succeed(["undo"])
        let tasks = try todo.jsonArray(["list", "Home", "--all"])
        #expect(tasks.map { $0["id"] as? Int } == [id])
        #expect(tasks.first?["done"] as? Bool == false)
    }

    @Test(arguments: Store.all) func editDoneAddsTheNextOneAndAMonthSeriesKeepsItsDay(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let id = try todo.add("Bills", "rent", ["--due", "2099-01-31", "--repeat", "monthly"])
        let edited = try todo.run(["edit", String(id), "--done"])
        #expect(edited.stdout.hasSuffix("Added 2: rent (in Bills, due 2099-02-28, repeats 1m)\n"), "\(edited.summary)")
        #expect(try todo.jsonObject(["edit", String(id), "--title", "rent"])["id"] as? Int == id, "edit --json stays one task")
        let feb = try #require(try todo.jsonArray(["list", "Bills"]).only)
        #expect(feb["due"] as? String == "2099-02-28")
        let febID = try #require(feb["id"] as? Int)
        let mar = try #require(try todo.jsonArray(["done", String(febID)]).last)
        #expect(mar["due"] as? String == "2099-03-31", "Jan 31, Feb 28, then Mar 31")
        #expect(mar["repeat"] as? String == "1m")
    }

    @Test(arguments: Store.all) func countedFromTheDayItWasDone(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let id = try todo.add("Home", "haircut", ["--due", "2099-06-01", "--repeat", "4w", "--repeat-from", "done"])
        let next = try #require(try todo.jsonArray(["done", String(id)]).last)
        #expect(next["due"] as? String == DueDateTests.day(28))
        #expect(next["repeat_from"] as? String == "done")
    }

    @Test(arguments: Store.all) func aRepeatingTaskLosesItsDueOnlyWithItsRule(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let id = try todo.add("Home", "water", ["--due", "2099-01-05", "--repeat", "weekly"])
        let plain = try todo.jsonObject(["edit", String(id), "--no-due", "--no-repeat"])
        #expect(plain["due"] is NSNull && plain["repeat"] is NSNull)
        #expect(try todo.jsonArray(["done", String(id)]).count == 1, "no rule, no next task")
    }

    @Test(arguments: Store.all, ["ndjson", "json", "csv"])
    func tagsAndRulesSurviveExportAndImport(_ store: Store, format: String) throws {
        let source = try TodoRunner(store)
        try source.add("Home", "water", ["--due", "2099-01-05T08:00", "--repeat", "2w", "--repeat-from", "done", "--tag", "garden", "--tag", "Outside"])
        try source.add("Home", "plain")
        let exported = try source.run(["export", "--format", format])
        let target = try TodoRunner(store)
        let imported = try target.run(["import", "--format", format], stdin: exported.stdoutBytes)
        #expect(imported.status == 0, "\(imported.stderr)")
        let tasks = try target.jsonArray(["list", "Home"])
        #expect(tasks.map { $0["tags"] as? [String] } == [["garden", "Outside"], []])
        #expect(tasks.map { $0["repeat"] as? String } == ["2w", nil])
        #expect(tasks.map { $0["repeat_from"] as? String } == ["done", "due"])
        #expect(try target.run(["export", "--format", format]).stdout == exported.stdout)
    }
}
