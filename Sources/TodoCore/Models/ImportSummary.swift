/// What an import did.
public struct ImportSummary: Equatable, Sendable {
    public var imported: Int
    public var listsCreated: Int

    public init(imported: Int, listsCreated: Int) {
        self.imported = imported
        self.listsCreated = listsCreated
    }
}
