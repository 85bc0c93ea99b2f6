import TodoHistory

extension TaskRow {
    /// What selects `fingerprinted` of the task `t`, in the file's SQL.
    static let fingerprintSelection = selected(SQLiteDialect(), fingerprinted)
}
