import Foundation
import Testing
import TodoTestSupport

/// `todo list LIST` with --sort, --overdue, --due-before, --priority and --limit.
@Suite struct ListFilterTests {
    /// Tasks whose order differs under every sort; returns their ids by title.
    static func seeded(_ store: Store) throws -> (TodoRunner, [String: Int]) {
        let todo = try TodoRunner(store)
        var ids: [String: Int] = [:]
        for (title, options) in [
            ("cherry", ["--due", "2030-01-02", "--priority", "low"]),
            ("apple", ["--priority", "high"]),
            ("Banana", ["--due", "2020-01-01"]),
            ("date", ["--due", "2030-01-02", "--priority", "high"]),
            ("elder", ["--due", "2030-01-01T08:00", "--priority", "medium"]),
        ] { ids[title] = try todo.add("Fruit", title, options) }
        return (todo, ids)
    }

    func titles(_ todo: TodoRunner, _ options: [String]) throws -> [String] {
        try todo.jsonArray(["list", "Fruit"] + options).compactMap { $0["title"] as? String }
    }

    @Test(arguments: Store.all) func everySortOrderIsDeterministicWithTiesById(_ store: Store) throws {
        let (todo, _) = try Self.seeded(store)
        #expect(try titles(todo, []) == ["Banana", "elder", "cherry", "date", "apple"])
        #expect(try titles(todo, ["--sort", "due"]) == ["Banana", "elder", "cherry", "date", "apple"])
        // High first; equal priorities by due (undated last), then id.
        #expect(try titles(todo, ["--sort", "priority"]) == ["date", "apple", "elder", "cherry", "Banana"])
        #expect(try titles(todo, ["--sort", "created"]) == ["cherry", "apple", "Banana", "date", "elder"])
        #expect(try titles(todo, ["--sort", "title"]) == ["apple", "Banana", "cherry", "date", "elder"])
    }

    /// `created` is when a task was made, which an import keeps from its record: imported after
    /// a task added here, one made earlier comes before it (it went by id).
    @Test(arguments: Store.all) func createdSortsByWhenATaskWasMadeNotItsId(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Fruit", "added now")
        let records = [("september", "2026-09-01T00:00:00Z"), ("january", "2026-01-01T00:00:00Z")]
            .map { #"{"list":"Fruit","title":"\#($0.0)","created_at":"\#($0.1)"}"# }.joined(separator: "\n") + "\n"
        let imported = try todo.run(["import"], stdin: Data(records.utf8))
        #expect(imported.status == 0, "\(imported.summary)")
        #expect(try titles(todo, ["--sort", "created"]) == ["january", "september", "added now"])
        #expect(try todo.jsonArray(["tasks", "--sort", "created"]).compactMap { $0["title"] as? String } == ["january", "september", "added now"])
    }

    @Test(arguments: Store.all) func doneTasksComeAfterOpenOnesInEverySort(_ store: Store) throws {
        let (todo, ids) = try Self.seeded(store)
        try todo.run(["done", String(ids["apple"]!)])
        for sort in ["due", "priority", "created", "title"] {
            #expect(try titles(todo, ["--all", "--sort", sort]).last == "apple", "\(sort)")
        }
    }

    @Test(arguments: Store.all) func filters(_ store: Store) throws {
        let (todo, _) = try Self.seeded(store)
        try todo.add("Fruit", "late today", ["--due", "today"])
        #expect(try titles(todo, ["--overdue"]) == ["Banana"])
        #expect(try titles(todo, ["--due-before", "2030-01-02"]) == ["Banana", "late today", "elder"])
        #expect(try titles(todo, ["--due-before", "2030-01-01T08:00"]) == ["Banana", "late today"])
        #expect(try titles(todo, ["--priority", "high"]) == ["date", "apple"])
        #expect(try titles(todo, ["--priority", "none"]) == ["Banana", "late today"])
        #expect(try titles(todo, ["--limit", "2"]) == ["Banana", "late today"])
        #expect(try titles(todo, ["--limit", "0"]).isEmpty)
        #expect(try titles(todo, ["--sort", "title", "--priority", "high", "--limit", "1"]) == ["apple"])
    }

    @Test(arguments: Store.all) func aTimedTaskIsOverdueOnceItsMinuteHasPassed(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let now = Date()
        let earlier = now.addingTimeInterval(-3600), later = now.addingTimeInterval(3600)
        let format = DateFormatter()
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd'T'HH:mm"
        // Only meaningful when both stay on today's date.
        guard Calendar.current.isDate(earlier, inSameDayAs: later) else { return }
        try todo.add("Day", "passed", ["--due", format.string(from: earlier)])
        try todo.add("Day", "coming", ["--due", format.string(from: later)])
        try todo.add("Day", "today", ["--due", "today"])
        #expect(try todo.jsonArray(["list", "Day", "--overdue"]).map { $0["title"] as? String } == ["passed"])
    }

    @Test(arguments: Store.all) func filtersNeedAListAndValidValues(_ store: Store) throws {
        let todo = try TodoRunner(store)
        for arguments in [["list", "--sort", "title"], ["list", "--overdue"], ["list", "X", "--limit", "-1"],
                          ["list", "X", "--sort", "size"], ["list", "X", "--due-before", "soon"]] {
            let result = try todo.run(arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.stdout.isEmpty)
        }
    }
}
