/// One record of an import file, checked and ready to store. Only the list and the title are
/// required; what is missing gets the same defaults `todo add` gives.
public struct ImportedTask: Equatable, Sendable {
    /// Where the record starts in its file, for error messages (`line 12: ...`).
    public var line: Int
    /// Kept only with `--keep-ids`.
    public var id: TodoTask.ID?
    public var listName: String
    public var title: String
    public var notes: String?
    public var due: Due?
    public var priority: Priority
    public var isDone: Bool
    public var createdAt: String?
    public var updatedAt: String?
    public var completedAt: String?

    public init(
        line: Int, id: TodoTask.ID? = nil, listName: String, title: String, notes: String? = nil, due: Due? = nil,
        priority: Priority = .none, isDone: Bool = false, createdAt: String? = nil, updatedAt: String? = nil,
        completedAt: String? = nil
    ) {
        self.line = line
        self.id = id
        self.listName = listName
        self.title = title
        self.notes = notes
        self.due = due
        self.priority = priority
        self.isDone = isDone
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.completedAt = completedAt
    }
}

/// What an import did.
public struct ImportSummary: Equatable, Sendable {
    public var imported: Int
    public var listsCreated: Int

    public init(imported: Int, listsCreated: Int) {
        self.imported = imported
        self.listsCreated = listsCreated
    }
}

/// The stored timestamp form, `2026-11-21T09:30:00Z`.
public enum Timestamp {
    /// True for exactly `YYYY-MM-DDTHH:MM:SSZ` naming a real moment.
    public static func isValid(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
              bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z"),
              Due(text: String(decoding: bytes[0..<16], as: UTF8.self)) != nil,
              let tens = digit(bytes[17]), let ones = digit(bytes[18]), tens * 10 + ones < 60
        else { return false }
        return true
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }
}
