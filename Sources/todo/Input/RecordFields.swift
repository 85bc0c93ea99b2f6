import TodoCore

/// The fields of one import record as they arrive, checked against the export shape and turned
/// into an `ImportedTask`. Unknown keys are ignored, so files from newer versions still import.
struct RecordFields {
    private var record: ImportedTask
    private var sawList = false
    private var sawTitle = false

    init(line: Int) {
        record = ImportedTask(line: line, listName: "", title: "")
    }

    mutating func set(_ key: String, _ value: RecordValue) throws {
        switch key {
        case "id":
            guard case .integer(let id) = value, (1...TodoTask.largestImportedID).contains(id) else {
                if value == .null { return record.id = nil }
                throw problem(key, "must be a whole number from 1 to \(TodoTask.largestImportedID)", value)
            }
            record.id = id
        case "list":
            guard case .string(let text) = value, let name = Names.trimmed(text) else {
                throw problem(key, "must be a non-empty string", value)
            }
            record.listName = name
            sawList = true
        case "title":
            // Kept exactly, so an export imports back field for field; it must say something.
            guard case .string(let text) = value, Names.trimmed(text) != nil else {
                throw problem(key, "must be a non-empty string", value)
            }
            record.title = text
            sawTitle = true
        case "notes":
            record.notes = try optionalString(key, value)
        case "due":
            record.due = try optionalString(key, value).map { text in
                guard let due = Due(text: text) else { throw problem(key, "must be YYYY-MM-DD or YYYY-MM-DDTHH:MM", value) }
                return due
            }
        case "priority":
            guard let text = try optionalString(key, value) else { return record.priority = .none }
            guard let priority = Priority(rawValue: text) else { throw problem(key, "must be none, low, medium or high", value) }
            record.priority = priority
        case "done":
            switch value {
            case .bool(let done): record.isDone = done
            case .null: record.isDone = false
            default: throw problem(key, "must be true or false", value)
            }
        case "created_at": record.createdAt = try timestamp(key, value)
        case "updated_at": record.updatedAt = try timestamp(key, value)
        case "completed_at": record.completedAt = try timestamp(key, value)
        default: break
        }
    }

    /// The record, once every field is in; fails if a required one is missing or they disagree.
    func task() throws -> ImportedTask {
        guard sawList else { throw RecordProblem(reason: "\"list\" is missing") }
        guard sawTitle else { throw RecordProblem(reason: "\"title\" is missing") }
        if !record.isDone && record.completedAt != nil {
            throw RecordProblem(reason: "\"completed_at\" is set but \"done\" is false")
        }
        return record
    }

    private func optionalString(_ key: String, _ value: RecordValue) throws -> String? {
        switch value {
        case .string(let text): text
        case .null: nil
        default: throw problem(key, "must be a string or null", value)
        }
    }

    private func timestamp(_ key: String, _ value: RecordValue) throws -> String? {
        guard let text = try optionalString(key, value) else { return nil }
        guard Timestamp.isValid(text) else { throw problem(key, "must be a UTC time like 2026-11-21T09:30:00Z", value) }
        return text
    }

    private func problem(_ key: String, _ rule: String, _ value: RecordValue) -> RecordProblem {
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
