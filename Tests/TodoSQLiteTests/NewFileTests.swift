import Foundation
import Testing
import TodoCore
import TodoTestSupport
@testable import TodoSQLite

/// A new database file (a backup of a server) appears whole at its name or not at all, and
/// never over a file that is there, not even one that appears while it is being written.
@Suite struct NewFileTests {
    let folder: TemporaryDirectory

    init() throws {
        folder = try TemporaryDirectory()
    }

    /// Everything in the folder, to show nothing was left behind.
    private func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    @Test func aFilledFileAppearsAtItsNameAndNothingElseIsLeft() throws {
        let path = folder.path("copy.db")
        try SQLiteTodoRepository.create(newFileAt: path) { copy in
            _ = try copy.createList(named: "Home")
            #expect(fileBytes(path) == nil, "the file is not at its name before it is whole")
        }
        #expect(try names() == ["copy.db"])
        let reopened = try SQLiteTodoRepository.open(path: path)
        #expect(try reopened.list(named: "Home") != nil)
    }

    /// Another process makes FILE between the first look and the end of the copy: that file
    /// is kept as it was, the copy is refused and removed.
    @Test func aFileThatAppearsMeanwhileIsNeitherReplacedNorTouched() throws {
        let path = folder.path("copy.db")
        let theirs = Data("someone else's file".utf8)
        #expect(throws: StorageError.self) {
            try SQLiteTodoRepository.create(newFileAt: path) { copy in
                _ = try copy.createList(named: "Home")
                FileManager.default.createFile(atPath: path, contents: theirs)
            }
        }
        #expect(fileBytes(path) == theirs)
        #expect(try names() == ["copy.db"])
    }

    /// A failure while filling leaves nothing: no file at the name, no partial one beside it.
    @Test func aFailedFillLeavesNothing() throws {
        struct Interrupted: Error {}
        let path = folder.path("copy.db")
        #expect(throws: Interrupted.self) {
            try SQLiteTodoRepository.create(newFileAt: path) { copy in
                _ = try copy.createList(named: "Home")
                throw Interrupted()
            }
        }
        #expect(try names().isEmpty)
    }

    @Test func whatIsRefusedIsRefusedBeforeTheFillRuns() throws {
        let existing = folder.path("there.db")
        FileManager.default.createFile(atPath: existing, contents: Data("mine".utf8))
        for path in [existing, folder.path("missing/copy.db"), folder.path + "/copy.db/"] {
            var filled = false
            #expect(throws: StorageError.self) {
                try SQLiteTodoRepository.create(newFileAt: path) { _ in filled = true }
            }
            #expect(!filled, "\(path)")
        }
        #expect(fileBytes(existing) == Data("mine".utf8))
        #expect(try names() == ["there.db"])
    }
}
