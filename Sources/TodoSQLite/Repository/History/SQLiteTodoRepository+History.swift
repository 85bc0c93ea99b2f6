import TodoCore
import TodoHistory
import TodoSQL

/// What the rules written once for every backend (`SQLRepository`) need of the file.
extension SQLiteTodoRepository {
    /// The file as the rules written once for every backend see it.
    package var session: any SQLSession { SQLiteSession(db: db) }

    package func importedTasks(_ range: ImportedRange) throws -> (count: Int, unchanged: Bool) {
        let (count, fingerprint) = try tasksFingerprint(after: range.after, through: range.through)
        return (count, fingerprint == range.fingerprint)
    }
}
