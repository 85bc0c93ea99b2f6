import Foundation
import Testing
import TodoCore
import TodoTestSupport
@testable import TodoSQLite

/// A file deleted or replaced under an open repository is never written into: SQLite would go
/// on writing into the open file, which no path names any more, and the command would report
/// success for a change nobody sees (`todo ui` said `Added 1005`; a long import would too).
@Suite struct FileIdentityTests {
    let database: TestDatabase
    let repository: SQLiteTodoRepository
    let list: TodoList

    init() throws {
        database = try TestDatabase()
        repository = try database.open()
        list = try repository.createList(named: "Home")
    }

    func removeFiles() {
        for suffix in ["", "-wal", "-shm"] { unlink(database.path + suffix) }
    }

    @Test func aWriteIntoADeletedFileIsRefusedBeforeItCommits() throws {
        removeFiles()
        #expect(throws: TodoError.databaseGone(path: database.path, replaced: false)) {
            try repository.write(dryRun: false, recording: "add Home x") { _ = try repository.addTask(TaskDraft(title: "x"), to: list.id) }
        }
        #expect(throws: TodoError.databaseGone(path: database.path, replaced: false)) { try repository.dataVersion() }
        // Nothing was committed into the open file either.
        #expect(try repository.tasks(in: list.id, TaskQuery(includeDone: true)).isEmpty)
    }

    /// Undo and redo are writes like any other: into a deleted file, refused.
    @Test func anUndoIntoADeletedFileIsRefused() throws {
        try repository.write(dryRun: false, recording: "add Home x") { _ = try repository.addTask(TaskDraft(title: "x"), to: list.id) }
        removeFiles()
        #expect(throws: TodoError.databaseGone(path: database.path, replaced: false)) { try repository.undo() }
        #expect(try repository.tasks(in: list.id, TaskQuery(includeDone: true)).map(\.title) == ["x"], "the undo was not kept in the open file")
    }

    @Test func anotherFileAtThePathIsNoticedAndTheSameFileBackIsWrittenAgain() throws {
        // The file and its log and index, set aside together (`mv todo.db* elsewhere/`).
        let aside = database.directory.path("aside")
        try FileManager.default.createDirectory(atPath: aside, withIntermediateDirectories: false)
        func move(from: String, to: String) {
            for suffix in ["", "-wal", "-shm"] { rename(from + suffix, to + suffix) }
        }
        move(from: database.path, to: aside + "/todo.db")
        let other = try SQLiteTodoRepository.open(path: database.path)
        _ = try other.createList(named: "Other")
        #expect(throws: TodoError.databaseGone(path: database.path, replaced: true)) {
            try repository.write(dryRun: false, recording: nil) { _ = try repository.addTask(TaskDraft(title: "x"), to: list.id) }
        }
        #expect(try other.list(named: "Home") == nil, "nothing reached the new file")

        // The same file put back (same inode) is the database again.
        move(from: database.path, to: database.directory.path("other.db"))
        move(from: aside + "/todo.db", to: database.path)
        _ = try repository.dataVersion()
        try repository.write(dryRun: false, recording: nil) { _ = try repository.addTask(TaskDraft(title: "back"), to: list.id) }
        #expect(try repository.tasks(in: list.id, TaskQuery(includeDone: true)).map(\.title) == ["back"])
    }
}
