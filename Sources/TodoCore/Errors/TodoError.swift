/// What can stop a command in the domain's own terms, whichever storage holds the data. Each
/// case reads as one line a user can act on. Storage has its own errors (`StorageError` for
/// SQLite), and the command line its own; the edge maps each to an exit status.
public enum TodoError: Error, Equatable, Sendable, CustomStringConvertible {
    case listNotFound(String)
    case listExists(String)
    case listNotEmpty(String, taskCount: Int)
    case taskNotFound(TodoTask.ID)
    /// The same, of a task named by its uuid.
    case noTaskWithUUID(TodoUUID)
    /// A record of an import file is not valid; nothing was imported.
    case invalidRecord(line: Int, reason: String)
    /// `--keep-ids` met an id this database has handed out before.
    case idAlreadyAssigned(TodoTask.ID, line: Int)
    /// The storage has handed out the largest id there is for lists or tasks (possible only
    /// after ids were set by hand), so nothing more can be added.
    case idsExhausted(table: String)
    /// A file linked to a hub has handed out every id of the block it reserved there, and may
    /// not number tasks itself (another file may hold the next ones); `left` were too few.
    case syncIDsLeft(left: Int)
    /// `import --keep-ids` into a file linked to a hub, whose ids are the ones reserved there.
    case keptIDsOnLinkedFile
    /// `undo` with nothing left to undo, `redo` with nothing undone.
    case nothingToUndo
    case nothingToRedo
    /// Undoing (or redoing) a change would overwrite what something else changed since: a list
    /// or task it would touch is not as the change (or its undo) left it.
    case historyConflict(change: HistoryEntry.ID, command: String, undoing: Bool, reason: String)
    /// An edit would leave a repeating task without a due date (the schedule counts from it).
    /// A usage error: the command asked for something that cannot be.
    case repeatNeedsDue(TodoTask.ID)
    /// A task holds a value the domain forbids (stored with the storage's checks switched off).
    case unreadableTask(TodoTask.ID, field: String, value: String, expected: String)
    /// A task's text in a file is not UTF-8 (written by hand): a write of the task would store,
    /// and record for undo, U+FFFD in place of its bytes, so the write is refused.
    case textNotUTF8(TodoTask.ID, field: String)
    /// The same of a list.
    case unreadableList(TodoList.ID, field: String, value: String, expected: String)
    /// A task's text or a list's name is longer than todo keeps (`TextLimits`). A usage error
    /// where a command gave it.
    case tooLong(String)
    /// The list a task was to be added to was deleted since it was read (by another process,
    /// while `todo ui` showed it).
    case listGone(TodoList.ID)
    /// The database's file was deleted or moved (`replaced`: another file is at its path now)
    /// while todo had it open: what it writes there would be kept nowhere, so it writes nothing.
    case databaseGone(path: String, replaced: Bool)
    /// The task changed (another command, process or machine) while it was open in an editor:
    /// what was written there is not saved over it.
    case changedWhileEditing(TodoTask.ID)

    public var description: String {
        switch self {
        case .listNotFound(let name):
            "no list named '\(name)' (see 'todo list')"
        case .listExists(let name):
            "a list named '\(name)' already exists"
        case .listNotEmpty(let name, let count):
            "list '\(name)' still has \(count) task\(count == 1 ? "" : "s"); use --force to delete them with it"
        case .taskNotFound(let id):
            "no task with id \(id)"
        case .noTaskWithUUID(let uuid):
            "no task with uuid \(uuid)"
        case .invalidRecord(let line, let reason):
            "line \(line): \(reason); nothing was imported"
        case .idAlreadyAssigned(let id, let line):
            "line \(line): task id \(id) is not above the highest id this database has used, and ids are never reused; import without --keep-ids to get new ids. Nothing was imported"
        case .idsExhausted(let table):
            "\(table == "lists" ? "list" : "task") ids are exhausted: this database has handed out the largest id there is, and ids are never reused. Export it and import that (without --keep-ids) into a new database"
        case .syncIDsLeft(let left):
            "this file has \(left) of the task ids reserved for it on its hub left, too few for this: run todo sync once the hub can be reached, which reserves a new block of TODO_SYNC_ID_BLOCK ids (10,000 unless set) when fewer than half are left; for more tasks than that at once, give that sync a larger block (TODO_SYNC_ID_BLOCK=50000 todo sync). Nothing was changed"
        case .keptIDsOnLinkedFile:
            "--keep-ids cannot be used on a file linked to a hub: its new tasks take the ids reserved for it there (todo sync status). Nothing was imported"
        case .nothingToUndo:
            "there is nothing to undo (see todo history)"
        case .nothingToRedo:
            "there is nothing to redo: no change was undone since the last one was made"
        case .historyConflict(let change, let command, let undoing, let reason):
            "cannot \(undoing ? "undo" : "redo") change \(change) (\(command)): \(reason); nothing was changed"
        case .repeatNeedsDue(let id):
            "task \(id) repeats, so it needs a due date: give --due, or --no-repeat as well"
        case .tooLong(let reason):
            reason
        case .listGone:
            "that list was deleted meanwhile (by another command or process); nothing was added"
        case .databaseGone(let path, let replaced):
            "the database file \(path) was \(replaced ? "replaced by another file" : "deleted or moved away") while todo had it open; nothing was written to it"
        case .changedWhileEditing(let id):
            "task \(id) was changed by another command while it was being edited; nothing was saved"
        case .unreadableTask(let id, let field, let value, let expected):
            "task \(id) holds \(field) '\(value)' in the database, which is not \(expected); todo will not show it as something else (see todo db check)"
        case .textNotUTF8(let id, let field):
            "task \(id)'s \(field) in the database is not UTF-8 text (written by hand?); todo would write it back changed, so it changes nothing (see todo db check)"
        case .unreadableList(let id, let field, let value, let expected):
            "list \(id) holds \(field) '\(value)' in the database, which is not \(expected); todo will not show it as something else (see todo db check)"
        }
    }
}
