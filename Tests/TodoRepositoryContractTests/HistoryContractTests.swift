import Testing
import TodoCore
import TodoTestSupport

/// Undo and redo: every kind of change comes undone to exactly what was there and redone to
/// exactly what it made; nothing changed since by anything else is ever overwritten.
@Suite struct HistoryContractTests {
    /// Every kind of change a command makes, each starting from the same lists and tasks.
    enum Command: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case add, addToANewList, editEveryField, editMovingToANewList, doneSeveral, reopenSeveral
        case rm, newList, renameList, deleteListForce, importTasks

        var testDescription: String { rawValue }

        func run(on subject: Subject) throws {
            let repository = subject.repository
            var home: TodoList { get throws { try subject.requireList("Home") } }
            switch self {
            case .add:
                _ = try repository.addTask(TaskDraft(title: "new task", notes: "n", due: Due(text: "2027-03-04"), priority: .low), to: home.id)
            case .addToANewList:
                let (list, _) = try repository.listCreatingIfNeeded(named: "Garden")
                _ = try repository.addTask(TaskDraft(title: "plant"), to: list.id)
            case .editEveryField:
                let changes = TaskChanges(title: "renamed", notes: .set(nil), due: .set(Due(text: "2027-05-06T07:08")), priority: .high, listName: "Work", isDone: true)
                _ = try repository.updateTask(1, with: changes)
            case .editMovingToANewList:
                _ = try repository.updateTask(2, with: TaskChanges(notes: .set("new notes"), listName: "Someday"))
            case .doneSeveral:
                for id in [1, 2, 4] as [TodoTask.ID] { _ = try repository.setDone(true, task: id, in: home.id) }
            case .reopenSeveral:
                for id in [3, 5] as [TodoTask.ID] { _ = try repository.setDone(false, task: id, in: home.id) }
            case .rm:
                _ = try repository.deleteTask(2, in: home.id)
                _ = try repository.deleteTask(3, in: home.id)
            case .newList:
                _ = try repository.createList(named: "Errands")
            case .renameList:
                _ = try repository.renameList(home.id, to: "House")
            case .deleteListForce:
                _ = try repository.deleteList(home.id, force: true)
            case .importTasks:
                let records = SearchAndImportContractTests.records(["x", "y", "z"]) + SearchAndImportContractTests.records(["w"], list: "home")
                _ = try repository.importTasks(keepingIDs: false) { store in try records.forEach(store) }
            }
        }
    }

    /// Home: tasks 1-5 (3 and 5 done, every field used somewhere); Work: task 6.
    static func startingState(_ backend: Backend, historyLimit: Int = 100) throws -> Subject {
        let subject = try Subject(backend, historyLimit: historyLimit)
        let repository = subject.repository
        try repository.write {
            let home = try repository.createList(named: "Home")
            let work = try repository.createList(named: "Work")
            _ = try repository.addTask(TaskDraft(title: "buy oat milk", notes: "the barista one", due: Due(text: "2026-12-01"), priority: .high), to: home.id)
            _ = try repository.addTask(TaskDraft(title: "call mum", due: Due(text: "2026-12-02T18:30")), to: home.id)
            _ = try repository.addTask(TaskDraft(title: "fix the shelf", priority: .medium), to: home.id)
            _ = try repository.addTask(TaskDraft(title: "water plants"), to: home.id)
            _ = try repository.addTask(TaskDraft(title: "pay rent", notes: "by transfer"), to: home.id)
            _ = try repository.addTask(TaskDraft(title: "report"), to: work.id)
            for id in [3, 5] as [TodoTask.ID] { _ = try repository.setDone(true, task: id, in: home.id) }
        }
        subject.clock.now = "2026-02-02T12:00:00Z"
        return subject
    }

    @Test(arguments: Backend.allCases, Command.allCases)
    func eachChangeIsUndoneToWhatWasAndRedoneToWhatItMade(backend: Backend, command: Command) throws {
        let subject = try Self.startingState(backend)
        let before = try subject.snapshot()
        try subject.change(command.rawValue) { try command.run(on: subject) }
        let after = try subject.snapshot()
        #expect(after != before)

        subject.clock.now = "2026-03-03T12:00:00Z"
        let undone = try subject.repository.undo()
        #expect(undone.command == command.rawValue && undone.isUndone)
        #expect(try subject.snapshot() == before)
        #expect(throws: TodoError.nothingToUndo) { try subject.reopened().undo() }
        let redone = try subject.repository.redo()
        #expect(redone.id == undone.id && !redone.isUndone)
        #expect(try subject.snapshot() == after)
        // And back again: undo and redo repeat as often as asked.
        _ = try subject.repository.undo()
        #expect(try subject.snapshot() == before)
    }

    @Test(arguments: Backend.allCases)
    func eachChangeIsOneEntryWithItsCommandTimeAndSummary(backend: Backend) throws {
        let subject = try Self.startingState(backend)
        try subject.change("done 1 2 4") { try Command.doneSeveral.run(on: subject) }
        subject.clock.now = "2026-02-03T08:00:00Z"
        try subject.change("add Home 'new task'") { try Command.add.run(on: subject) }
        try subject.change("edit 1 ...") { try Command.editEveryField.run(on: subject) }
        try subject.change("new-list Errands") { try Command.newList.run(on: subject) }
        try subject.change("delete-list Home --force") { try Command.deleteListForce.run(on: subject) }
        try subject.change("import") { try Command.importTasks.run(on: subject) }
        try subject.change("add Garden plant") { try Command.addToANewList.run(on: subject) }

        let history = try subject.history()
        #expect(history.map(\.summary) == [
            "added task 12, created list 'Garden'", "imported 4 tasks (2 new lists)", "deleted list 'Home' and its 5 tasks",
            "created list 'Errands'", "edited task 1, moved task 1 to 'Work'", "added task 7",
            "marked 3 tasks done",
        ])
        #expect(history.map(\.command).last == "done 1 2 4")
        #expect(history.map(\.at).suffix(2) == ["2026-02-03T08:00:00Z", "2026-02-02T12:00:00Z"])
        #expect(history.map(\.id) == history.map(\.id).sorted(by: >), "newest first")
        #expect(!history.contains { $0.isUndone })
        #expect(try subject.history(limit: 2) == Array(history.prefix(2)))
        #expect(try subject.history(limit: 0).isEmpty)
    }

    @Test(arguments: Backend.allCases)
    func whatChangesNothingFailsOrIsADryRunIsNotRecorded(backend: Backend) throws {
        let subject = try Self.startingState(backend)
        let home = try subject.requireList("Home")
        // Task 3 is done already.
        try subject.change("done 3") { _ = try subject.repository.setDone(true, task: 3, in: home.id) }
        _ = try subject.repository.write(dryRun: true, recording: "rm 1") { try subject.repository.deleteTask(1, in: home.id) }
        #expect(throws: TestFailure.first) {
            try subject.change("rm 2") {
                _ = try subject.repository.deleteTask(2, in: home.id)
                throw TestFailure.first
            }
        }
        #expect(try subject.history().isEmpty)
        #expect(throws: TodoError.nothingToUndo) { try subject.repository.undo() }
        #expect(throws: TodoError.nothingToRedo) { try subject.repository.redo() }
    }

    @Test(arguments: Backend.allCases)
    func undoGoesBackOneChangeAtATimeAndRedoForward(backend: Backend) throws {
        let subject = try Self.startingState(backend)
        var states = [try subject.snapshot()]
        for command in [Command.doneSeveral, .rm, .renameList, .importTasks] {
            try subject.change(command.rawValue) { try command.run(on: subject) }
            states.append(try subject.snapshot())
        }
        for state in states.dropLast().reversed() {
            _ = try subject.repository.undo()
            #expect(try subject.snapshot() == state)
        }
        #expect(throws: TodoError.nothingToUndo) { try subject.repository.undo() }
        #expect(try subject.history().allSatisfy(\.isUndone))
        for state in states.dropFirst() {
            _ = try subject.repository.redo()
            #expect(try subject.snapshot() == state)
        }
        #expect(throws: TodoError.nothingToRedo) { try subject.repository.redo() }
    }

    @Test(arguments: Backend.allCases)
    func aNewChangeAfterUndoDropsWhatCouldHaveBeenRedone(backend: Backend) throws {
        let subject = try Self.startingState(backend)
        try subject.change("done 1 2 4") { try Command.doneSeveral.run(on: subject) }
        try subject.change("rename-list Home House") { try Command.renameList.run(on: subject) }
        _ = try subject.repository.undo()
        try subject.change("new-list Errands") { try Command.newList.run(on: subject) }
        #expect(throws: TodoError.nothingToRedo) { try subject.repository.redo() }
        #expect(try subject.history().map(\.command) == ["new-list Errands", "done 1 2 4"])
        // It takes the dropped change's id: the ids kept are one run.
        #expect(try subject.history().map(\.id) == [2, 1])
        _ = try subject.repository.undo()
        _ = try subject.repository.undo()
        #expect(try subject.requireList("Home").doneCount == 2)
    }

    @Test(arguments: Backend.allCases)
    func anUndoneAddLeavesItsIDNeverToBeUsedAgain(backend: Backend) throws {
        let subject = try Self.startingState(backend)
        let home = try subject.requireList("Home")
        let added = try subject.change("add") { try subject.repository.addTask(TaskDraft(title: "once"), to: home.id) }
        _ = try subject.repository.undo()
        #expect(try subject.repository.task(added.id) == nil)
        let again = try subject.change("add") { try subject.repository.addTask(TaskDraft(title: "twice"), to: home.id) }
        #expect(again.id > added.id)
    }

    /// A write outside the history, as another tool or `sqlite3` makes.
    static func handEdit(_ subject: Subject, _ body: () throws -> Void) throws {
        try subject.repository.write(body)
    }

    static func expectConflict(_ subject: Subject, undoing: Bool, naming words: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try subject.snapshot()
        let history = try subject.history()
        let error = #expect(throws: TodoError.self, sourceLocation: sourceLocation) {
            undoing ? try subject.repository.undo() : try subject.repository.redo()
        }
        guard case .historyConflict(_, _, undoing, let reason)? = error else {
            Issue.record("expected a conflict, got \(String(describing: error))", sourceLocation: sourceLocation)
            return
        }
        #expect(reason.contains(words), "\(reason)", sourceLocation: sourceLocation)
        #expect(try subject.snapshot() == before, "nothing changed", sourceLocation: sourceLocation)
        #expect(try subject.history() == history, sourceLocation: sourceLocation)
    }

    @Test(arguments: Backend.allCases)
    func undoAndRedoRefuseToOverwriteATaskChangedSince(backend: Backend) throws {
        let subject = try Self.startingState(backend)
        try subject.change("done 1 2 4") { try Command.doneSeveral.run(on: subject) }
        try Self.handEdit(subject) { _ = try subject.repository.updateTask(2, with: TaskChanges(title: "by hand")) }
        try Self.expectConflict(subject, undoing: true, naming: "task 2")

        // Put back as it was, undo goes through; then a hand edit stops the redo.
        try Self.handEdit(subject) { _ = try subject.repository.updateTask(2, with: TaskChanges(title: "call mum")) }
        try subject.change("rm 5") { _ = try subject.repository.deleteTask(5, in: subject.requireList("Home").id) }
        _ = try subject.repository.undo()
        try Self.handEdit(subject) { _ = try subject.repository.updateTask(5, with: TaskChanges(priority: .low)) }
        try Self.expectConflict(subject, undoing: false, naming: "task 5")
    }

    @Test(arguments: Backend.allCases)
    func undoRefusesToDeleteAListGivenTasksOrToTakeANameInUse(backend: Backend) throws {
        let subject = try Self.startingState(backend)
        try subject.change("new-list Errands") { try Command.newList.run(on: subject) }
        try Self.handEdit(subject) { _ = try subject.repository.addTask(TaskDraft(title: "post"), to: subject.requireList("Errands").id) }
        try Self.expectConflict(subject, undoing: true, naming: "Errands")

        let other = try Self.startingState(backend)
        try other.change("rename-list Home House") { try Command.renameList.run(on: other) }
        try Self.handEdit(other) { _ = try other.repository.createList(named: "home") }
        try Self.expectConflict(other, undoing: true, naming: "home")

        let third = try Self.startingState(backend)
        try third.change("delete-list Home --force") { try Command.deleteListForce.run(on: third) }
        try Self.handEdit(third) { _ = try third.repository.createList(named: "HOME") }
        try Self.expectConflict(third, undoing: true, naming: "HOME")
    }

    @Test(arguments: Backend.allCases)
    func undoOfAnImportRefusesOnceAnImportedTaskWasChangedOrDeleted(backend: Backend) throws {
        let subject = try Self.startingState(backend)
        try subject.change("import") { try Command.importTasks.run(on: subject) }
        try Self.handEdit(subject) { _ = try subject.repository.updateTask(8, with: TaskChanges(isDone: false)) }
        try Self.expectConflict(subject, undoing: true, naming: "changed")

        let other = try Self.startingState(backend)
        try other.change("import") { try Command.importTasks.run(on: other) }
        try Self.handEdit(other) { _ = try other.repository.deleteTask(7, in: other.requireList("Imported").id) }
        try Self.expectConflict(other, undoing: true, naming: "task 7")
    }

    @Test(arguments: Backend.allCases)
    func theHistoryKeepsOnlyTheLastChangesItIsAllowed(backend: Backend) throws {
        let subject = try Self.startingState(backend, historyLimit: 3)
        var states = [try subject.snapshot()]
        for name in ["a", "b", "c", "d", "e"] {
            try subject.change("new-list \(name)") { _ = try subject.repository.createList(named: name) }
            states.append(try subject.snapshot())
        }
        #expect(try subject.history().map(\.command) == ["new-list e", "new-list d", "new-list c"])
        for _ in 0..<3 { _ = try subject.repository.undo() }
        #expect(try subject.snapshot() == states[2])
        #expect(throws: TodoError.nothingToUndo) { try subject.repository.undo() }
        // Undone changes dropped by a new one leave no hole: three are kept again.
        try subject.change("new-list f") { _ = try subject.repository.createList(named: "f") }
        try subject.change("new-list g") { _ = try subject.repository.createList(named: "g") }
        _ = try subject.repository.undo()
        try subject.change("new-list h") { _ = try subject.repository.createList(named: "h") }
        #expect(try subject.history().map(\.command) == ["new-list h", "new-list f"])
        try subject.change("new-list i") { _ = try subject.repository.createList(named: "i") }
        try subject.change("new-list j") { _ = try subject.repository.createList(named: "j") }
        #expect(try subject.history().map(\.command) == ["new-list j", "new-list i", "new-list h"])

        let none = try Self.startingState(backend, historyLimit: 0)
        try none.change("new-list a") { _ = try none.repository.createList(named: "a") }
        #expect(try none.history().isEmpty)
        #expect(throws: TodoError.nothingToUndo) { try none.repository.undo() }
    }

    @Test(arguments: Backend.allCases)
    func theHistoryOutlivesTheProcess(backend: Backend) throws {
        let subject = try Self.startingState(backend)
        let before = try subject.snapshot()
        try subject.change("rm 2 3") { try Command.rm.run(on: subject) }
        let after = try subject.snapshot()
        let later = try subject.reopened()
        _ = try later.undo()
        #expect(try subject.snapshot() == before)
        _ = try subject.reopened().redo()
        #expect(try subject.snapshot() == after)
    }
}
