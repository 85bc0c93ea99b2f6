import TodoCore

/// Which side of a recorded row: before the change, or after it. Undo finds rows as they are
/// after (`now`) and puts back the before side (`next`); redo the other way round. The raw value
/// is the prefix of the side's columns in history_lists and history_tasks.
public enum Side: String, Sendable {
    case before, after

    public var other: Side { self == .before ? .after : .before }
}

/// What undo and redo need of a repository's storage, whatever it is (a SQLite file, a
/// PostgreSQL server): the record of a change, and the checks and writes that put its rows
/// back. `ChangeReverter` decides, once for every backend, what may be reverted and in which
/// order; a store only reads and writes rows its own way.
///
/// Every check and write takes all the change's rows at once, one statement each, never a row
/// at a time nor all of them in memory: a change may be a hundred thousand ids on a command line,
/// an import that made 400,000 lists, a list of a million tasks deleted with `--force`. A
/// statement per row would cost a round trip each on a server.
public protocol HistoryStore {
    // MARK: The record of a change

    /// The change undo reverts next (the newest not undone) or redo does (the oldest undone),
    /// among those the history shows; nil when there is none.
    func nextChange(undoing: Bool) throws -> HistoryEntry?
    /// Marks the change undone, or done again.
    func markChange(_ id: Int64, undone: Bool) throws
    /// The range of ids the change imported, when it is an import.
    func importedRange(of change: Int64) throws -> ImportedRange?
    /// Every list and task the change recorded, as stored, one at a time (for `RecordDamage`).
    func forEachRecordedRow(of change: Int64, _ body: (RecordedRow) throws -> Void) throws

    // MARK: Checks: the first row in the way, or nil

    /// The first recorded task that is not as its `now` side says: there when it should not be
    /// (`existsAgain`), or gone or different.
    func firstTaskNotAsRecorded(of change: Int64, now: Side) throws -> (id: Int64, existsAgain: Bool)?
    /// The same for lists, with the name its `now` side gives it (nil: it should not be there).
    func firstListNotAsRecorded(of change: Int64, now: Side) throws -> (id: Int64, name: String?)?
    /// The first list the revert deletes (its `next` side absent) that holds a task that does
    /// not go with it: one not recorded as leaving it, nor in `leaving` (an import's).
    func firstListKeepingOtherTasks(of change: Int64, next: Side, leaving: ImportedRange?) throws -> String?
    /// The first name the revert gives a list that another list has now (ignoring ASCII case).
    func firstNameTaken(of change: Int64, next: Side) throws -> String?
    /// The first task the revert puts into a list that will not be there.
    func firstTaskWithoutItsList(of change: Int64, next: Side) throws -> (task: Int64, list: Int64)?

    // MARK: Putting rows back, in this order

    /// Deletes the recorded tasks whose `next` side is absent.
    func deleteTasks(of change: Int64, next: Side) throws
    /// Inserts and updates the recorded lists whose `next` side is there.
    func putListsBack(of change: Int64, next: Side) throws
    /// Inserts and updates the recorded tasks whose `next` side is there, tags included, each
    /// tag in the spelling the database already knows it by.
    func putTasksBack(of change: Int64, next: Side) throws
    /// Deletes the recorded lists whose `next` side is absent.
    func deleteLists(of change: Int64, next: Side) throws

    // MARK: An import's tasks, a range of ids

    /// How many tasks have ids in the range.
    func taskCount(within range: ImportedRange) throws -> Int
    /// How many of an import's tasks are left, and whether they are all exactly as it recorded
    /// them (their fingerprint is the recorded one).
    func importedTasks(_ range: ImportedRange) throws -> (count: Int, unchanged: Bool)
    /// The first id of the range with no task (only asked of a range with no gaps).
    func firstMissingTask(of range: ImportedRange) throws -> Int64?
    /// Undo of an import: its tasks move into the change's record (for redo), then go.
    func moveImportedTasks(_ range: ImportedRange, into change: Int64) throws
    /// Redo of an import: its tasks come back from the change's record, tags included.
    func restoreImportedTasks(_ range: ImportedRange, from change: Int64) throws
}
