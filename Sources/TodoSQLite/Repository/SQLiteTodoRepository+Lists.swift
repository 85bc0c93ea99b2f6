import TodoCore
import TodoSQL
import TodoHistory

extension SQLiteTodoRepository {
    public func forEachList(offset: Int, limit: Int?, _ body: (TodoList) throws -> Void) throws {
        try translatingErrors { try forEachStoredList(offset: offset, limit: limit, body) }
    }

    public func listPosition(of id: TodoList.ID) throws -> Int? {
        try translatingErrors { try storedListPosition(of: id) }
    }

    public func list(named name: String) throws -> TodoList? {
        try translatingErrors { try storedList(named: name) }
    }

    public func createList(named name: String) throws -> TodoList {
        try translatingErrors { try db.transaction { try applyCreateList(named: name) } }
    }

    public func renameList(_ id: TodoList.ID, to name: String) throws -> TodoList {
        try translatingErrors { try db.transaction { try applyRename(id, to: name) } }
    }

    public func deleteList(_ id: TodoList.ID, force: Bool) throws -> TodoList {
        try translatingErrors { try db.transaction { try applyDeleteList(id, force: force) } }
    }
}

/// Writing a list: the rules and statements are `ListWriting`'s.
extension SQLiteTodoRepository: ListWriting {}
