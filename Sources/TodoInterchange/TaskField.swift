import TodoCore

/// Every field of a task, in the order the data formats carry them: the one description the JSON
/// and CSV writers, the import readers and `todo show` all use. A new field is added here.
public enum TaskField: String, CaseIterable, Sendable {
    case id, uuid, list, title, notes, due, priority, done
    case createdAt = "created_at", updatedAt = "updated_at", completedAt = "completed_at"
    case tags
    case `repeat`, repeatFrom = "repeat_from"

    /// The field a record's key names, nil for a key todo does not know. What
    /// `init(rawValue:)` does, found by the key's length and first byte and then one comparison,
    /// where the synthesised one compares the key with every name in turn (13 keys in each of a
    /// million records add up).
    public init?(key: String) {
        let utf8 = key.utf8
        let candidate: TaskField? = switch (utf8.count, utf8.first ?? 0) {
        case (2, _): .id
        case (3, _): .due
        case (4, UInt8(ascii: "u")): .uuid
        case (4, UInt8(ascii: "l")): .list
        case (4, UInt8(ascii: "d")): .done
        case (4, UInt8(ascii: "t")): .tags
        case (5, UInt8(ascii: "t")): .title
        case (5, UInt8(ascii: "n")): .notes
        case (6, _): .repeat
        case (8, _): .priority
        case (10, UInt8(ascii: "c")): .createdAt
        case (10, UInt8(ascii: "u")): .updatedAt
        case (11, _): .repeatFrom
        case (12, _): .completedAt
        default: nil
        }
        guard let candidate, candidate.rawValue == key else { return nil }
        self = candidate
    }

    /// Its bit in a set of fields kept as one integer (14 fields).
    var bit: UInt32 { 1 << UInt32(Self.ordered.firstIndex(of: self) ?? 0) }
    /// `allCases` made once (the synthesised one builds a new array at each call).
    private static let ordered = allCases

    /// The key in JSON and the column in CSV.
    public var key: String { rawValue }

    /// How `todo show` names it.
    public var label: String {
        switch self {
        case .createdAt: "created"
        case .updatedAt: "updated"
        case .completedAt: "completed"
        case .repeatFrom: "repeat from"
        default: rawValue
        }
    }

    /// A field's value, as the formats write it.
    public enum Value: Equatable, Sendable {
        case integer(Int64)
        /// Text, or nothing (`null`).
        case text(String?)
        case bool(Bool)
        /// A list of words (`tags`): an array in JSON, space-separated in CSV.
        case words([String])
    }

    public func value(of task: TodoTask) -> Value {
        switch self {
        case .id: .integer(task.id)
        case .uuid: .text(task.uuid.text)
        case .list: .text(task.listName)
        case .title: .text(task.title)
        case .notes: .text(task.notes)
        case .due: .text(task.due?.description)
        case .priority: .text(task.priority.rawValue)
        case .done: .bool(task.isDone)
        case .createdAt: .text(task.createdAt)
        case .updatedAt: .text(task.updatedAt)
        case .completedAt: .text(task.completedAt)
        case .tags: .words(task.tags)
        case .repeat: .text(task.repeatRule?.description)
        case .repeatFrom: .text(task.repeatFrom.rawValue)
        }
    }

    /// Whether an import record must have it.
    var isRequired: Bool { self == .list || self == .title }

    /// Reads an import record's value for this field into `record`; a value the field does not
    /// take is a `RecordProblem`. Missing fields keep what `todo add` would give.
    func read(_ value: RecordValue, into record: inout ImportedTask) throws {
        switch self {
        case .id:
            guard case .integer(let id) = value, (1...TodoTask.largestImportedID).contains(id) else {
                if value == .null { return record.id = nil }
                throw problem("must be a whole number from 1 to \(TodoTask.largestImportedID)", value)
            }
            record.id = id
        case .uuid:
            record.uuid = try optionalString(value).map { text in
                guard let uuid = TodoUUID(text) else { throw problem("must be a uuid (8-4-4-4-12 hex digits)", value) }
                return uuid
            }
        case .list:
            guard case .string(let text) = value, let name = Names.trimmed(text) else { throw problem("must be a non-empty string", value) }
            record.listName = name
        case .title:
            // Kept exactly, so an export imports back field for field; it must say something.
            guard case .string(let text) = value, Names.trimmed(text) != nil else { throw problem("must be a non-empty string", value) }
            record.title = text
        case .notes:
            record.notes = try optionalString(value)
        case .due:
            record.due = try optionalString(value).map { text in
                guard let due = Due(text: text) else { throw problem("must be YYYY-MM-DD or YYYY-MM-DDTHH:MM", value) }
                return due
            }
        case .priority:
            guard let text = try optionalString(value) else { return record.priority = .none }
            guard let priority = Priority(typed: text) else { throw problem("must be none, low, medium or high (or h, m, l, n)", value) }
            record.priority = priority
        case .done:
            switch value {
            case .bool(let done): record.isDone = done
            case .null: record.isDone = false
            default: throw problem("must be true or false", value)
            }
        case .createdAt: record.createdAt = try timestamp(value)
        case .updatedAt: record.updatedAt = try timestamp(value)
        case .completedAt: record.completedAt = try timestamp(value)
        case .tags: record.tags = try tags(value)
        case .repeat:
            record.repeatRule = try optionalString(value).map { text in
                guard let rule = RepeatRule(text: text) else { throw problem("must be daily, weekly, monthly, yearly or Nd, Nw, Nm, Ny", value) }
                return rule
            }
        case .repeatFrom:
            guard let text = try optionalString(value) else { return record.repeatFrom = .due }
            guard let from = RepeatFrom(rawValue: text) else { throw problem("must be due or done", value) }
            record.repeatFrom = from
        }
    }

    /// An array of tags, each one word; a record's tags count once whatever their case.
    private func tags(_ value: RecordValue) throws -> [String] {
        switch value {
        case .null: return []
        case .array(let items):
            var tags: [String] = []
            var seen = TagSet()
            for item in items {
                guard case .string(let text) = item, let tag = Tags.valid(text) else {
                    throw problem("must be an array of tags, each one word with no spaces", item)
                }
                if seen.insert(tag) { tags.append(tag) }
            }
            return Tags.sorted(tags)
        default: throw problem("must be an array of tags", value)
        }
    }

    /// A CSV field's text as the value a JSON record would have had for this field.
    func value(fromCSV text: String) -> RecordValue {
        switch self {
        case .id: return Int64(text).map { .integer($0) } ?? .string(text)
        case .done:
            switch text.lowercased() {
            case "true", "1": return .bool(true)
            case "false", "0": return .bool(false)
            default: return .string(text)
            }
        case .tags:
            // Tags separated by whitespace, Unicode's, as every tag rule reads it.
            return .array(Names.words(text).map { RecordValue.string(String($0)) })
        default: return .string(text)
        }
    }

    private func optionalString(_ value: RecordValue) throws -> String? {
        switch value {
        case .string(let text): text
        case .null: nil
        default: throw problem("must be a string or null", value)
        }
    }

    private func timestamp(_ value: RecordValue) throws -> String? {
        guard let text = try optionalString(value) else { return nil }
        guard Timestamp.isValid(text) else { throw problem("must be a UTC time like 2026-11-21T09:30:00Z", value) }
        return text
    }

    private func problem(_ rule: String, _ value: RecordValue) -> RecordProblem {
        RecordProblem(reason: "\"\(key)\" \(rule), not \(Self.describe(value))")
    }

    /// A value as it can safely appear in a one-line error: quoted, escaped, and cut short.
    private static func describe(_ value: RecordValue) -> String {
        switch value {
        case .string(let text): JSONWriter.string(text.count > 40 ? String(text.prefix(40)) + "…" : text)
        case .integer(let number): String(number)
        case .number: "a fraction or a number out of range"
        case .bool(let flag): String(flag)
        case .null: "null"
        case .array: "an array"
        case .object: "an object"
        }
    }
}
