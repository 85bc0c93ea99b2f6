import Testing
import TodoCore
import TodoTestSupport

/// Tags (one word, matched ignoring ASCII case, kept as first written, listed sorted) and the
/// repeat rule a task carries, on both repositories.
@Suite struct TagAndRepeatContractTests {
    static func tagged(_ subject: Subject) throws -> (home: TodoList, tasks: [TodoTask]) {
        let repository = subject.repository
        let home = try repository.createList(named: "Home")
        let work = try repository.createList(named: "Work")
        let tasks = [
            try repository.addTask(TaskDraft(title: "call mum", tags: ["phone", "Family"]), to: home.id),
            try repository.addTask(TaskDraft(title: "buy stamps", tags: ["errand"]), to: home.id),
            try repository.addTask(TaskDraft(title: "call bank", tags: ["PHONE", "errand"]), to: home.id),
            try repository.addTask(TaskDraft(title: "report", tags: ["phone"]), to: work.id),
            try repository.addTask(TaskDraft(title: "untagged"), to: home.id),
        ]
        return (home, tasks)
    }

    static func tags(_ subject: Subject) throws -> [TagCount] {
        var tags: [TagCount] = []
        try subject.repository.forEachTag { tags.append($0) }
        return tags
    }

    @Test(arguments: Backend.allCases)
    func tagsAreSortedAndKeptAsFirstWritten(backend: Backend) throws {
        let subject = try Subject(backend)
        let (_, tasks) = try Self.tagged(subject)
        #expect(tasks.map(\.tags) == [["Family", "phone"], ["errand"], ["errand", "phone"], ["phone"], []])
        #expect(try subject.repository.task(tasks[2].id)?.tags == ["errand", "phone"], "PHONE takes the spelling phone has")
        #expect(try Self.tags(subject) == [TagCount(name: "errand", openTasks: 2), TagCount(name: "Family", openTasks: 1),
                                         TagCount(name: "phone", openTasks: 3)])
    }

    @Test(arguments: Backend.allCases)
    func aListOrAllListsFilterByEveryTagGiven(backend: Backend) throws {
        let subject = try Subject(backend)
        let (home, tasks) = try Self.tagged(subject)
        func titles(_ query: TaskQuery) throws -> [String] {
            var found: [String] = []
            try subject.repository.forEachTask(matching: query) { found.append($0.title) }
            return found.sorted()
        }
        #expect(try titles(TaskQuery(lists: [home.id], sort: .created, tags: ["Phone"])) == ["call bank", "call mum"])
        #expect(try titles(TaskQuery(lists: [home.id], sort: .created, tags: ["phone", "ERRAND"])) == ["call bank"])
        #expect(try titles(TaskQuery(sort: .created, tags: ["phone"])) == ["call bank", "call mum", "report"])
        #expect(try titles(TaskQuery(sort: .created, tags: ["nothing"])).isEmpty)
        // Done tasks drop out of the open counts, not out of the tags.
        _ = try subject.repository.setDone(true, task: tasks[0].id, in: home.id)
        #expect(try Self.tags(subject).map(\.openTasks) == [2, 0, 2])
        #expect(try titles(TaskQuery(lists: [home.id], includeDone: true, sort: .created, tags: ["family"])) == ["call mum"])
    }

    @Test(arguments: Backend.allCases)
    func editsAddAndTakeOffTagsAndDeletingATaskTakesItsTags(backend: Backend) throws {
        let subject = try Subject(backend)
        let (home, tasks) = try Self.tagged(subject)
        let edited = try subject.repository.updateTask(tasks[0].id, with: TaskChanges(addTags: ["ERRAND", "new"], removeTags: ["FAMILY"]))
        #expect(edited.tags == ["errand", "new", "phone"], "ERRAND is spelled as errand already is")
        // Adding a tag it has (in any case) and taking off one it lacks change nothing.
        subject.clock.now = "2026-06-06T06:06:06Z"
        let same = try subject.repository.updateTask(tasks[0].id, with: TaskChanges(addTags: ["Phone"], removeTags: ["absent"]))
        #expect(same == edited, "not even updated_at")
        _ = try subject.repository.deleteTask(tasks[1].id, in: home.id)
        _ = try subject.repository.deleteTask(tasks[2].id, in: home.id)
        #expect(try Self.tags(subject).map(\.name) == ["errand", "new", "phone"])
        _ = try subject.repository.deleteTask(tasks[0].id, in: home.id)
        #expect(try Self.tags(subject) == [TagCount(name: "phone", openTasks: 1)])
    }

    @Test(arguments: Backend.allCases)
    func aRuleIsStoredAndAnEditThatLeavesARepeatingTaskUndatedIsRefused(backend: Backend) throws {
        let subject = try Subject(backend)
        let home = try subject.repository.createList(named: "Home")
        let rule = try #require(RepeatRule(text: "2w"))
        let task = try subject.repository.addTask(TaskDraft(title: "water", due: Due(text: "2026-11-23"), repeatRule: rule, repeatFrom: .done), to: home.id)
        #expect(task.repeatRule == rule && task.repeatFrom == .done)
        #expect(try subject.reopened().task(task.id)?.repeatRule == rule)
        #expect(throws: TodoError.repeatNeedsDue(task.id)) { try subject.repository.updateTask(task.id, with: TaskChanges(due: .set(nil))) }
        #expect(try subject.repository.task(task.id) == task, "nothing changed")
        let plain = try subject.repository.updateTask(task.id, with: TaskChanges(due: .set(nil), repeatRule: .set(nil)))
        #expect(plain.repeatRule == nil && plain.due == nil)
        #expect(throws: TodoError.repeatNeedsDue(task.id)) { try subject.repository.updateTask(task.id, with: TaskChanges(repeatRule: .set(rule))) }
    }

    @Test(arguments: Backend.allCases)
    func importCarriesTagsAndRules(backend: Backend) throws {
        let subject = try Subject(backend)
        _ = try subject.repository.addTask(TaskDraft(title: "first", tags: ["Errand"]), to: subject.repository.createList(named: "Home").id)
        let records = [
            ImportedTask(line: 1, listName: "Home", title: "a", due: Due(text: "2026-12-01"), tags: ["errand", "x"], repeatRule: RepeatRule(text: "1m")),
            ImportedTask(line: 2, listName: "Home", title: "b", tags: []),
        ]
        _ = try subject.repository.write { try subject.repository.importTasks(keepingIDs: false) { store in try records.forEach(store) } }
        let home = try subject.requireList("Home")
        let tasks = try subject.tasks(in: home.id)
        #expect(tasks.map(\.tags) == [["Errand"], ["Errand", "x"], []])
        #expect(tasks[1].repeatRule == RepeatRule(text: "1m"))
        let undated = [ImportedTask(line: 4, listName: "Home", title: "c", repeatRule: RepeatRule(text: "1d"))]
        #expect(throws: TodoError.invalidRecord(line: 4, reason: "a repeating task needs a due date")) {
            try subject.repository.write { try subject.repository.importTasks(keepingIDs: false) { store in try undated.forEach(store) } }
        }
    }

    @Test(arguments: Backend.allCases)
    func undoPutsTagsAndRulesBackAsTheyWere(backend: Backend) throws {
        let subject = try Subject(backend)
        let (home, tasks) = try Self.tagged(subject)
        let before = try subject.snapshot()
        try subject.change("edit 1 ...") {
            _ = try subject.repository.updateTask(tasks[0].id, with: TaskChanges(due: .set(Due(text: "2026-12-24")), addTags: ["new"], removeTags: ["phone"],
                                                                                 repeatRule: .set(RepeatRule(text: "1y"))))
        }
        try subject.change("rm 3") { _ = try subject.repository.deleteTask(tasks[2].id, in: home.id) }
        let after = try subject.snapshot()
        _ = try subject.repository.undo()
        _ = try subject.repository.undo()
        #expect(try subject.snapshot() == before)
        #expect(try Self.tags(subject).map(\.openTasks) == [2, 1, 3])
        _ = try subject.repository.redo()
        _ = try subject.repository.redo()
        #expect(try subject.snapshot() == after)
    }
}
