/// What an import did: of the records it read (`imported`), how many became new tasks, how many
/// replaced the fields of the task whose uuid they carry, and how many found that task as they
/// say it is already.
public struct ImportSummary: Equatable, Sendable {
    public var imported: Int
    public var listsCreated: Int
    public var updated: Int
    public var unchanged: Int

    public init(imported: Int, listsCreated: Int, updated: Int = 0, unchanged: Int = 0) {
        self.imported = imported
        self.listsCreated = listsCreated
        self.updated = updated
        self.unchanged = unchanged
    }

    /// The records that became tasks of their own.
    public var new: Int { imported - updated - unchanged }
}
