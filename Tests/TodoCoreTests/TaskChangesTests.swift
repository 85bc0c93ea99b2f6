import Testing
import TodoCore

/// `todo edit` with nothing to change is caught by `TaskChanges.isEmpty`.
@Suite struct TaskChangesTests {
    @Test func noChangesIsEmpty() {
        #expect(TaskChanges().isEmpty)
        #expect(TaskChanges(notes: .keep, due: .keep).isEmpty)
    }

    @Test(arguments: [
        TaskChanges(title: "milk"), TaskChanges(notes: .set("2l")), TaskChanges(notes: .set(nil)),
        TaskChanges(due: .set(nil)), TaskChanges(due: .set(Due(date: .epoch))), TaskChanges(priority: Priority.none),
        TaskChanges(listName: "Work"), TaskChanges(isDone: false), TaskChanges(isDone: true),
    ])
    func anyOneFieldIsAChange(changes: TaskChanges) {
        #expect(!changes.isEmpty)
    }

    @Test func aDraftDefaultsToNoNotesNoDueAndNoPriority() {
        let draft = TaskDraft(title: "milk")
        #expect(draft.title == "milk" && draft.notes == nil && draft.due == nil && draft.priority == .none)
    }

    @Test func aQueryDefaultsToOpenTasksByDueWithoutLimit() {
        let query = TaskQuery()
        #expect(!query.includeDone && query.sort == .due && query.limit == nil)
    }
}
