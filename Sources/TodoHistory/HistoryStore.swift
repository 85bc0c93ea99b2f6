import TodoCore

/// What undo and redo need of a repository's storage, whatever it is (a SQLite file, a
/// PostgreSQL server): the record of a change, the rows as they are now, and the writes that
/// put rows back. `ChangeReverter` decides, once for every backend, what may be reverted and
/// in which order; a store only reads and writes rows its own way.
public protocol HistoryStore {
    // MARK: The record of a change

    /// The change undo reverts next (the newest not undone) or redo does (the oldest undone),
    /// among those the history shows; nil when there is none.
    func nextChange(undoing: Bool) throws -> HistoryEntry?
    /// Marks the change undone, or done again.
    func markChange(_ id: Int64, undone: Bool) throws

    /// The lists the change touched, in id order.
    func recordedLists(of change: Int64) throws -> [Recorded<ListRow>]
    /// The tasks the change touched and did not delete, in id order (a command's own: few; an
    /// import's are a range). Those it deleted are handled in bulk, below.
    func recordedTasks(of change: Int64) throws -> [Recorded<TaskRow>]
    /// The range of ids the change imported, when it is an import.
    func importedRange(of change: Int64) throws -> ImportedRange?

    // MARK: The tasks a change deleted

    // A list deleted with its tasks may take a million: they are checked, put back and deleted
    // again a statement at a time, never held in memory.

    /// The first task the change deleted that stands in the way: undoing, one that exists
    /// again; redoing, one not exactly as it was before the change (changed, or gone).
    func firstDeletedTaskInTheWay(of change: Int64, undoing: Bool) throws -> Int64?
    /// How many of the tasks the change deleted were in the list.
    func deletedTaskCount(of change: Int64, inList list: Int64) throws -> Int
    /// Undo: puts every task the change deleted back as it was, tags included.
    func restoreDeletedTasks(of change: Int64) throws
    /// Redo: deletes them again.
    func deleteDeletedTasks(of change: Int64) throws

    // MARK: As it is now

    func taskRow(_ id: Int64) throws -> TaskRow?
    func listRow(_ id: Int64) throws -> ListRow?
    /// The list that has this name now (names match ignoring ASCII case), with its spelling.
    func list(named name: String) throws -> (id: Int64, name: String)?
    /// How many tasks the list holds, only those with ids in `range` when one is given.
    func taskCount(inList list: Int64, within range: ImportedRange?) throws -> Int
    /// How many tasks have ids in the range.
    func taskCount(within range: ImportedRange) throws -> Int
    /// How many of an import's tasks are left, and whether they are all exactly as it recorded
    /// them (their fingerprint is the recorded one).
    func importedTasks(_ range: ImportedRange) throws -> (count: Int, unchanged: Bool)
    /// The first id of the range with no task (only asked of a range with no gaps).
    func firstMissingTask(of range: ImportedRange) throws -> Int64?

    // MARK: Putting rows back

    func deleteTask(_ id: Int64) throws
    func insertTask(_ id: Int64, _ row: TaskRow) throws
    func updateTask(_ id: Int64, _ row: TaskRow) throws
    /// Gives the task exactly these tags (space-separated), as the database spells them.
    func setTags(_ tags: String, of id: Int64) throws
    func insertList(_ id: Int64, _ row: ListRow) throws
    func updateList(_ id: Int64, _ row: ListRow) throws
    func deleteList(_ id: Int64) throws
    /// Undo of an import: its tasks move into the change's record (for redo), then go.
    func moveImportedTasks(_ range: ImportedRange, into change: Int64) throws
    /// Redo of an import: its tasks come back from the change's record, tags included.
    func restoreImportedTasks(_ range: ImportedRange, from change: Int64) throws
}
