#if PostgreSQL
import TodoCore
import TodoHistory
import TodoSQL

/// What the rules written once for every backend (`SQLRepository`) need of the server.
extension PostgresTodoRepository {
    /// The server as the rules written once for every backend see it.
    package var session: any SQLSession { PostgresSession(repository: self) }

    /// An import recorded by a todo before 2026-11-23 has a fingerprint of another formula (each
    /// row as text, its tags included): one that does not match this one is tried against that.
    package func importedTasks(_ range: ImportedRange) throws -> (count: Int, unchanged: Bool) {
        let (count, fingerprint) = try tasksFingerprint(after: range.after, through: range.through)
        guard fingerprint != range.fingerprint else { return (count, true) }
        guard count == range.count else { return (count, false) }
        let earlier = try server.first("""
            SELECT coalesce(bit_xor(hashtextextended(ROW(t.id, \(TaskRow.fingerprintSelection))::text, 0)), 0)
            FROM tasks AS t WHERE t.id > $1 AND t.id <= $2
            """, [range.after, range.through]) { try $0.int64(0) } ?? 0
        return (count, earlier == range.fingerprint)
    }
}
#endif
