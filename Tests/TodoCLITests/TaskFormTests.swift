import Foundation
import Testing
import TodoCore
@testable import TodoCLI

/// The text `todo edit ID` opens in an editor, read back: the form of a task reads as no
/// change, each field edited is that field's change, and a value that cannot be read says why.
@Suite struct TaskFormTests {
    static let today = CivilDate(year: 2026, month: 11, day: 21)!

    static let tasks = [
        TodoTask(id: 7, uuid: .example, listID: 1, listName: "Home", title: "call mum", notes: nil, due: nil, priority: .none, isDone: false,
                 createdAt: "2026-11-21T09:30:00Z", updatedAt: "2026-11-21T09:30:00Z", completedAt: nil),
        TodoTask(id: 8, uuid: .example, listID: 2, listName: "Été", title: "  spaced  #and: colons", notes: "one\n\ntwo\n", due: Due(text: "2026-12-01T18:30"),
                 priority: .high, isDone: true, createdAt: "2026-11-21T09:30:00Z", updatedAt: "2026-11-21T09:30:00Z",
                 completedAt: "2026-11-21T09:30:00Z", tags: ["a", "B"], repeatRule: RepeatRule(text: "2w"), repeatFrom: .done),
    ]

    static func edited(_ task: TodoTask, _ edit: (String) -> String) throws -> TaskChanges {
        try TaskForm.changes(from: edit(TaskForm.text(of: task)), to: task, today: today)
    }

    static func replacing(_ key: String, with value: String) -> (String) -> String {
        { text in
            text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix(key + ":") ? key + ": " + value : String($0) }.joined(separator: "\n")
        }
    }

    @Test(arguments: tasks) func aTasksOwnFormChangesNothing(task: TodoTask) throws {
        #expect(try Self.edited(task) { $0 }.isEmpty)
        #expect(!TaskForm.isEmpty(TaskForm.text(of: task)))
    }

    /// Notes with carriage returns come back exactly when another field is edited: a line that
    /// ends in `\r` before the form's line feed is one Character with it (`\r\n`), but two scalars.
    @Test(arguments: ["x\r", "a\r\nb\r\n\r", "\r"])
    func notesWithCarriageReturnsComeBackExactly(notes: String) throws {
        let task = TodoTask(id: 9, uuid: .example, listID: 1, listName: "Home", title: "t", notes: notes, due: nil, priority: .none,
                            isDone: false, createdAt: "2026-11-21T09:30:00Z", updatedAt: "2026-11-21T09:30:00Z", completedAt: nil)
        #expect(try Self.edited(task) { $0 }.isEmpty)
        #expect(try Self.edited(task, Self.replacing("priority", with: "high")) == TaskChanges(priority: .high))
        // A `#` that a combining mark follows still starts a comment.
        #expect(try Self.edited(task) { "#\u{301} a note to self\n" + $0 }.isEmpty)
    }

    /// A title or list name with line feeds (written by a script or by hand) goes on over lines
    /// that begin with a space; on one line, its second line was read as a field ("list is there
    /// twice"), and every save of such a task was refused.
    @Test(arguments: ["first\nsecond", "a\n\n  b\n", "list: x\r\n#y"])
    func aTitleOrListOfSeveralLinesIsFolded(text: String) throws {
        let task = TodoTask(id: 9, uuid: .example, listID: 1, listName: "Home\n" + text, title: text, notes: "n", due: nil, priority: .none,
                            isDone: false, createdAt: "2026-11-21T09:30:00Z", updatedAt: "2026-11-21T09:30:00Z", completedAt: nil)
        let form = TaskForm.text(of: task)
        #expect(form.contains("# A line that begins with a space goes on the field above it"))
        #expect(form.contains("title: " + text.replacingEvery("\n", with: "\n ") + "\nlist: Home\n "))
        #expect(try Self.edited(task) { $0 }.isEmpty)
        #expect(try Self.edited(task, Self.replacing("priority", with: "high")) == TaskChanges(priority: .high))
        let retitled = try Self.edited(task) { $0.replacingOccurrences(of: "title: ", with: "title: new\n ") }
        #expect(retitled == TaskChanges(title: Names.trimmed("new\n" + text)))
    }

    @Test func eachFieldEditedIsThatFieldsChange() throws {
        let task = Self.tasks[0]
        #expect(try Self.edited(task, Self.replacing("title", with: "call mum back")) == TaskChanges(title: "call mum back"))
        #expect(try Self.edited(task, Self.replacing("list", with: "home")).isEmpty, "the same list, as names match")
        #expect(try Self.edited(task, Self.replacing("list", with: "Family")) == TaskChanges(listName: "Family"))
        #expect(try Self.edited(task, Self.replacing("due", with: "tomorrow")) == TaskChanges(due: .set(Due(text: "2026-11-22"))))
        #expect(try Self.edited(task, Self.replacing("priority", with: "M")) == TaskChanges(priority: .medium))
        #expect(try Self.edited(task, Self.replacing("tags", with: "x  y")) == TaskChanges(addTags: ["x", "y"]))
        #expect(try Self.edited(task, { Self.replacing("repeat", with: "weekly from done")(Self.replacing("due", with: "2026-12-01")($0)) })
                == TaskChanges(due: .set(Due(text: "2026-12-01")), repeatRule: .set(RepeatRule(text: "weekly")), repeatFrom: .done))
        #expect(try Self.edited(task) { $0 + "first\n  second\n" } == TaskChanges(notes: .set("first\n  second")))
    }

    @Test func clearingFieldsAndNotesKeptExactly() throws {
        let task = Self.tasks[1]
        #expect(try Self.edited(task, { Self.replacing("repeat", with: "none")(Self.replacing("due", with: "none")($0)) })
                == TaskChanges(due: .set(nil), repeatRule: .set(nil)))
        #expect(try Self.edited(task, Self.replacing("tags", with: "")) == TaskChanges(removeTags: ["a", "B"]))
        let noNotes = try Self.edited(task) { String($0[..<$0.range(of: "notes:\n")!.upperBound]) }
        #expect(noNotes == TaskChanges(notes: .set(nil)))
    }

    @Test(arguments: [
        ("due", "someday", "invalid due date 'someday'"), ("priority", "urgent", "priority must be"), ("title", "  ", "title must not be empty"),
        ("repeat", "sometimes", "repeat must be"), ("repeat", "1w from never", "repeat must be"), ("list", "", "list name must not be empty"),
    ])
    func aValueThatCannotBeReadSaysWhy(key: String, value: String, reason: String) {
        let error = #expect(throws: TaskForm.Problem.self) { try Self.edited(Self.tasks[0], Self.replacing(key, with: value)) }
        #expect(error?.reason.contains(reason) == true, "\(error?.reason ?? "")")
    }

    @Test func linesThatAreNoFieldsAreRefused() {
        let task = Self.tasks[0]
        for text in ["title: a\ncolour: red\nnotes:\n", "title: a\ntitle: b\nnotes:\n", "title: a\njust words\nnotes:\n",
                     "title: a\nlist: Home\nrepeat: 1w\nnotes:\n"] {
            #expect(throws: TaskForm.Problem.self, "\(text)") { try TaskForm.changes(from: text, to: task, today: Self.today) }
        }
        #expect(TaskForm.isEmpty("# a comment\n\n   \n# another\n"))
    }
}

extension TodoUUID {
    /// A uuid for tasks made here, which no database holds.
    fileprivate static let example = TodoUUID("0193b5c4-8f1e-7a2b-9c3d-4e5f6a7b8c9d")!
}
