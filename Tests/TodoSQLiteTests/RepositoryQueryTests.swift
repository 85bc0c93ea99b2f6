import Testing
import TodoCore
import TodoTestSupport
@testable import TodoSQLite

/// `forEachTask`: which tasks, in which order, how many.
@Suite struct RepositoryQueryTests {
    let database: TestDatabase
    let repository: SQLiteTodoRepository
    let list: TodoList

    init() throws {
        database = try TestDatabase()
        repository = try database.open()
        list = try repository.createList(named: "Work")
    }

    /// Adds tasks in order; returns their ids by title.
    private func add(_ drafts: [(String, String?, Priority, Bool)]) throws -> [String: TodoTask.ID] {
        var ids: [String: TodoTask.ID] = [:]
        for (title, dueText, priority, done) in drafts {
            let task = try repository.addTask(TaskDraft(title: title, due: dueText.flatMap(Due.init(text:)), priority: priority), to: list.id)
            if done { _ = try repository.setDone(true, task: task.id, in: list.id) }
            ids[title] = task.id
        }
        return ids
    }

    private func titles(_ query: TaskQuery) throws -> [String] {
        try repository.tasks(in: list.id, query).map(\.title)
    }

    /// A mix where every order differs; equal keys appear so ties must fall back to the id.
    private func addMix() throws {
        _ = try add([
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

    @Test func openTasksOnlyUnlessDoneAreIncluded() throws {
        try addMix()
        #expect(try titles(TaskQuery(sort: .created)) == ["e undated", "d march", "c march evening", "B feb", "a undated high", "D march again"])
        #expect(try titles(TaskQuery(includeDone: true, sort: .created)).suffix(2) == ["z done early", "y done undated"])
    }

    @Test func dueOrderIsSoonestFirstThenUndatedThenDone() throws {
        try addMix()
        let open = ["B feb", "d march", "D march again", "c march evening", "e undated", "a undated high"]
        #expect(try titles(TaskQuery(sort: .due)) == open)
        #expect(try titles(TaskQuery(includeDone: true, sort: .due)) == open + ["z done early", "y done undated"])
    }

    @Test func priorityOrderIsHighestFirstThenByDue() throws {
        try addMix()
        let open = ["c march evening", "a undated high", "d march", "D march again", "B feb", "e undated"]
        #expect(try titles(TaskQuery(sort: .priority)) == open)
        #expect(try titles(TaskQuery(includeDone: true, sort: .priority)) == open + ["z done early", "y done undated"])
    }

    @Test func titleOrderIgnoresCaseAndBreaksTiesByID() throws {
        _ = try add([("banana", nil, .none, false), ("Apple", nil, .none, false), ("apple", nil, .none, false), ("APPLE", nil, .none, true), ("cherry", nil, .none, false)])
        #expect(try titles(TaskQuery(sort: .title)) == ["Apple", "apple", "banana", "cherry"])
        #expect(try titles(TaskQuery(includeDone: true, sort: .title)) == ["Apple", "apple", "banana", "cherry", "APPLE"])
    }

    @Test func createdOrderIsTheID() throws {
        let ids = try add([("3", nil, .high, false), ("1", "2020-01-01", .none, false), ("2", nil, .low, false)])
        #expect(try repository.tasks(in: list.id, TaskQuery(sort: .created)).map(\.id) == [ids["3"], ids["1"], ids["2"]].compactMap { $0 })
    }

    @Test(arguments: TaskQuery.Sort.allCases)
    func limitTakesTheFirstOfTheOrder(_ sort: TaskQuery.Sort) throws {
        try addMix()
        let all = try titles(TaskQuery(includeDone: true, sort: sort))
        #expect(all.count == 8)
        #expect(try titles(TaskQuery(includeDone: true, sort: sort, limit: 3)) == Array(all.prefix(3)))
        #expect(try titles(TaskQuery(includeDone: true, sort: sort, limit: 100)) == all)
        #expect(try titles(TaskQuery(includeDone: true, sort: sort, limit: 0)).isEmpty)
    }

    @Test func onlyTheListsOwnTasksAreShown() throws {
        try addMix()
        let other = try repository.createList(named: "Other")
        _ = try repository.addTask(TaskDraft(title: "elsewhere"), to: other.id)
        #expect(try !titles(TaskQuery(includeDone: true)).contains("elsewhere"))
        #expect(try repository.tasks(in: other.id).map(\.title) == ["elsewhere"])
        #expect(try repository.tasks(in: 424242).isEmpty)
    }

    /// Many generated tasks against orders written from TaskQuery.Sort's documentation.
    @Test(arguments: TaskQuery.Sort.allCases)
    func everyOrderMatchesItsDefinition(_ sort: TaskQuery.Sort) throws {
        var random = SeededGenerator(seed: 20_261_121)
        let dues = ["2026-01-01", "2026-01-01T08:00", "2026-01-01T23:59", "2025-12-31", "2026-06-15", "0000-01-01", "9999-12-31"]
        let names = ["alpha", "Alpha", "beta", "BETA", "gamma", "a", "Z", "zeta"]
        try repository.write {
            for _ in 0..<80 {
                let dueText = Bool.random(using: &random) ? dues.randomElement(using: &random) : nil
                let draft = TaskDraft(
                    title: try #require(names.randomElement(using: &random)), due: dueText.flatMap(Due.init(text:)),
                    priority: try #require(Priority.allCases.randomElement(using: &random)))
                let task = try repository.addTask(draft, to: list.id)
                if Int.random(in: 0..<4, using: &random) == 0 { _ = try repository.setDone(true, task: task.id, in: list.id) }
            }
        }
        let stored = try repository.tasks(in: list.id, TaskQuery(includeDone: true, sort: sort))
        #expect(stored.count == 80)
        #expect(stored == stored.sorted { Self.precedes($0, $1, sort) })
        #expect(try repository.tasks(in: list.id, TaskQuery(sort: sort)) == stored.filter { !$0.isDone })
    }

    /// The documented orders: open before done; then the sort's keys; the id last.
    static func precedes(_ a: TodoTask, _ b: TodoTask, _ sort: TaskQuery.Sort) -> Bool {
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
        case .created:
            break
        case .title:
            let x = Array(a.title.utf8).map(asciiLowercased), y = Array(b.title.utf8).map(asciiLowercased)
            if x != y { return x.lexicographicallyPrecedes(y) }
        }
        return a.id < b.id
    }

    private static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}

/// A small deterministic generator (SplitMix64), so a failure reproduces.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
