/// A task as a command line names it: by its id in this database, or by its uuid, the same on
/// every machine (a whole one, in either case: a version 7 uuid's first digits are its time, so
/// the prefixes of tasks made together are not unique).
public enum TaskReference: Equatable, Sendable, CustomStringConvertible {
    case id(TodoTask.ID)
    case uuid(TodoUUID)

    /// A whole number is an id, a uuid a uuid; nil for anything else.
    public init?(_ text: String) {
        if let id = Int64(text) {
            self = .id(id)
        } else if let uuid = TodoUUID(text) {
            self = .uuid(uuid)
        } else {
            return nil
        }
    }

    public var description: String {
        switch self {
        case .id(let id): String(id)
        case .uuid(let uuid): uuid.text
        }
    }
}

extension TodoRepository {
    /// The id of the task `reference` names; `TodoError.taskNotFound` or `.noTaskWithUUID` when
    /// there is none. An id is taken as it is: what reads the task next says whether it exists.
    public func taskID(_ reference: TaskReference) throws -> TodoTask.ID {
        switch reference {
        case .id(let id): return id
        case .uuid(let uuid):
            guard let task = try task(uuid: uuid) else { throw TodoError.noTaskWithUUID(uuid) }
            return task.id
        }
    }

    /// The task `reference` names; `TodoError.taskNotFound` or `.noTaskWithUUID` when there is none.
    public func existingTask(_ reference: TaskReference) throws -> TodoTask {
        let id = try taskID(reference)
        guard let task = try task(id) else { throw TodoError.taskNotFound(id) }
        return task
    }
}
