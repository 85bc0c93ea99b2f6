import Testing
import TodoCore
import TodoTestSupport

/// `forEachTask(matching: TaskQuery)`: which tasks, in which order, how many.
@Suite struct QueryContractTests {
    static func subject(_ backend: Backend) throws -> (Subject, TodoList) {
        let subject = try Subject(backend)
        return (subject, try subject.repository.createList(named: "Work"))
    }

    /// Adds tasks in order: (title, due, priority, done).
    static func add(_ subject: Subject, _ list: TodoList, _ drafts: [(String, String?, Priority, Bool)]) throws -> [String: TodoTask.ID] {
        var ids: [String: TodoTask.ID] = [:]
        for (title, dueText, priority, done) in drafts {
            let task = try subject.repository.addTask(TaskDraft(title: title, due: dueText.flatMap(Due.init(text:)), priority: priority), to: list.id)
            if done { _ = try subject.repository.setDone(true, task: task.id, in: list.id) }
            ids[title] = task.id
        }
        return ids
    }

    /// A mix where every order differs; equal keys appear so ties must fall back to the id.
    static func addMix(_ subject: Subject, _ list: TodoList) throws {
        _ = try add(subject, list, [
            ("e undated", nil, .none, false),
            ("d march", "2026-03-01", .low, false),
            ("c march evening", "2026-03-01T18:00", .high, false),
            ("B feb", "2026-02-01", .none, false),
            ("a undated high", nil, .high, false),
            ("D march again", "2026-03-01", .low, false),
            ("z done early", "2026-01-01", .high, true),
            ("y done undated", nil, .none, true),
        ])
    }

    static func titles(_ subject: Subject, _ list: TodoList, _ query: TaskQuery) throws -> [String] {
        try subject.tasks(in: list.id, query).map(\.title)
    }

    @Test(arguments: Backend.allCases)
    func eachOrderAsDocumented(backend: Backend) throws {
        let (subject, list) = try Self.subject(backend)
        try Self.addMix(subject, list)
        func titles(_ query: TaskQuery) throws -> [String] { try Self.titles(subject, list, query) }
        #expect(try titles(TaskQuery(sort: .created)) == ["e undated", "d march", "c march evening", "B feb", "a undated high", "D march again"])
        let byDue = ["B feb", "d march", "D march again", "c march evening", "e undated", "a undated high"]
        #expect(try titles(TaskQuery(sort: .due)) == byDue)
        #expect(try titles(TaskQuery(includeDone: true, sort: .due)) == byDue + ["z done early", "y done undated"])
        let byPriority = ["c march evening", "a undated high", "d march", "D march again", "B feb", "e undated"]
        #expect(try titles(TaskQuery(sort: .priority)) == byPriority)
        #expect(try titles(TaskQuery(includeDone: true, sort: .priority)) == byPriority + ["z done early", "y done undated"])
    }

    @Test(arguments: Backend.allCases)
    func titleOrderIgnoresASCIICaseAndBreaksTiesByID(backend: Backend) throws {
        let (subject, list) = try Self.subject(backend)
        _ = try Self.add(subject, list, [("banana", nil, .none, false), ("Apple", nil, .none, false), ("apple", nil, .none, false),
                                         ("APPLE", nil, .none, true), ("cherry", nil, .none, false), ("Éclair", nil, .none, false)])
        #expect(try Self.titles(subject, list, TaskQuery(sort: .title)) == ["Apple", "apple", "banana", "cherry", "Éclair"])
        #expect(try Self.titles(subject, list, TaskQuery(includeDone: true, sort: .title)) == ["Apple", "apple", "banana", "cherry", "Éclair", "APPLE"])
    }

    @Test(arguments: Backend.allCases, TaskQuery.Sort.allCases)
    func limitTakesTheFirstOfTheOrder(backend: Backend, sort: TaskQuery.Sort) throws {
        let (subject, list) = try Self.subject(backend)
        try Self.addMix(subject, list)
        let all = try Self.titles(subject, list, TaskQuery(includeDone: true, sort: sort))
        #expect(all.count == 8)
        #expect(try Self.titles(subject, list, TaskQuery(includeDone: true, sort: sort, limit: 3)) == Array(all.prefix(3)))
        #expect(try Self.titles(subject, list, TaskQuery(includeDone: true, sort: sort, limit: 100)) == all)
        #expect(try Self.titles(subject, list, TaskQuery(includeDone: true, sort: sort, limit: 0)).isEmpty)
    }

    @Test(arguments: Backend.allCases)
    func filtersKeepOnlyWhatTheyName(backend: Backend) throws {
        let (subject, list) = try Self.subject(backend)
        _ = try Self.add(subject, list, [
            ("yesterday", "2026-11-21", .low, false), ("today", "2026-11-22", .high, false),
            ("today early", "2026-11-22T08:00", .none, false), ("today late", "2026-11-22T20:00", .high, false),
            ("tomorrow", "2026-11-23", .none, false), ("undated", nil, .high, false), ("done early", "2020-01-01", .none, true),
        ])
        let now = try due("2026-11-22T12:00")
        func titles(_ query: TaskQuery) throws -> Set<String> { Set(try Self.titles(subject, list, query)) }
        // Overdue: a date before today's; a date and time before now.
        #expect(try titles(TaskQuery(overdueAsOf: now)) == ["yesterday", "today early"])
        #expect(try titles(TaskQuery(dueBefore: try due("2026-11-22"))) == ["yesterday"])
        #expect(try titles(TaskQuery(dueBefore: try due("2026-11-22T20:00"))) == ["yesterday", "today", "today early"])
        #expect(try titles(TaskQuery(priority: .high)) == ["today", "today late", "undated"])
        #expect(try titles(TaskQuery(includeDone: true, overdueAsOf: now)) == ["yesterday", "today early", "done early"])
    }

    @Test(arguments: Backend.allCases)
    func onlyTheListsOwnTasksAreShown(backend: Backend) throws {
        let (subject, list) = try Self.subject(backend)
        try Self.addMix(subject, list)
        let other = try subject.repository.createList(named: "Other")
        _ = try subject.repository.addTask(TaskDraft(title: "elsewhere"), to: other.id)
        #expect(try !Self.titles(subject, list, TaskQuery(includeDone: true)).contains("elsewhere"))
        #expect(try subject.tasks(in: other.id).map(\.title) == ["elsewhere"])
        #expect(try subject.tasks(in: 424242).isEmpty)
        // No list: every list's, and in plain id order when open ones need not come first.
        var everything = TaskQuery.everything
        everything.lists = []
        var all: [TodoTask] = []
        try subject.repository.forEachTask(matching: everything) { all.append($0) }
        #expect(all.count == 9)
        #expect(all.map(\.id) == all.map(\.id).sorted())
    }

    /// Many generated tasks against orders written from TaskQuery.Sort's documentation.
    @Test(arguments: Backend.allCases, TaskQuery.Sort.allCases)
    func everyOrderMatchesItsDefinition(backend: Backend, sort: TaskQuery.Sort) throws {
        let (subject, list) = try Self.subject(backend)
        var random = SeededGenerator(seed: 20_261_121)
        let dues = ["2026-01-01", "2026-01-01T08:00", "2026-01-01T23:59", "2025-12-31", "2026-06-15", "0000-01-01", "9999-12-31",
                    "2026-01-08", "2026-01-08T23:59", "2026-01-09"]
        let names = ["alpha", "Alpha", "beta", "BETA", "gamma", "a", "Z", "zeta", "étoile", "Étoile"]
        try subject.repository.write {
            for _ in 0..<80 {
                let dueText = Bool.random(using: &random) ? dues.randomElement(using: &random) : nil
                let draft = TaskDraft(
                    title: try #require(names.randomElement(using: &random)), due: dueText.flatMap(Due.init(text:)),
                    priority: try #require(Priority.allCases.randomElement(using: &random)))
                let task = try subject.repository.addTask(draft, to: list.id)
                if Int.random(in: 0..<4, using: &random) == 0 { _ = try subject.repository.setDone(true, task: task.id, in: list.id) }
            }
        }
        // Urgency ranks as of noon on 2026-01-01 (the others take no moment).
        let now = try #require(Due(text: "2026-01-01T12:00"))
        let stored = try subject.tasks(in: list.id, TaskQuery(includeDone: true, sort: sort, now: now))
        #expect(stored.count == 80)
        #expect(stored == stored.sorted { Self.precedes($0, $1, sort, now: now) })
        #expect(try subject.tasks(in: list.id, TaskQuery(sort: sort, now: now)) == stored.filter { !$0.isDone })
    }

    /// The documented orders: open before done; then the sort's keys; the id last.
    static func precedes(_ a: TodoTask, _ b: TodoTask, _ sort: TaskQuery.Sort, now: Due) -> Bool {
        func dueLess(_ a: TodoTask, _ b: TodoTask) -> Bool? {
            if (a.due == nil) != (b.due == nil) { return a.due != nil }
            if let x = a.due, let y = b.due, x != y { return x < y }
            return nil
        }
        if a.isDone != b.isDone { return !a.isDone }
        switch sort {
        case .due:
            if let less = dueLess(a, b) { return less }
        case .priority:
            if a.priority != b.priority { return a.priority > b.priority }
            if let less = dueLess(a, b) { return less }
        case .urgency:
            // Overdue (a date before today, a time before now), then due by the 8th, then the rest.
            func rank(_ task: TodoTask) -> Int {
                guard let due = task.due else { return 2 }
                let overdue = due.minuteOfDay == nil ? due.date < now.date : due < now
                return overdue ? 0 : due.date <= now.date.adding(days: 7)! ? 1 : 2
            }
            if rank(a) != rank(b) { return rank(a) < rank(b) }
            if a.priority != b.priority { return a.priority > b.priority }
            if let less = dueLess(a, b) { return less }
        case .created:
            break
        case .title:
            let fold: (UInt8) -> UInt8 = { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) ? $0 + 32 : $0 }
            let x = a.title.utf8.map(fold), y = b.title.utf8.map(fold)
            if x != y { return x.lexicographicallyPrecedes(y) }
        }
        return a.id < b.id
    }
}
