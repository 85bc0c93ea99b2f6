import TodoHistory

extension TaskRow {
    /// What selects `fields` of the task `t`, in the file's SQL.
    static let selected = selected(SQLiteDialect())
}
