import TodoCore

/// The fields of one import record as they arrive, read by the rules of `TaskField` and turned
/// into an `ImportedTask`. Unknown keys are ignored, so files from newer versions still import.
struct RecordFields {
    private var record: ImportedTask
    /// Which fields have arrived, a bit each: a set would hash and allocate for every record.
    private var seen: UInt32 = 0
    /// Whether a `description` came, as Taskwarrior names a title: told, when the title is
    /// missing, that the file is most likely `task export`'s.
    private var hasDescription = false

    init(line: Int) {
        record = ImportedTask(line: line, listName: "", title: "")
    }

    mutating func set(_ key: String, _ value: RecordValue) throws {
        guard let field = TaskField(key: key) else {
            if key == "description" { hasDescription = true }
            return
        }
        do {
            try field.read(value, into: &record)
        } catch is RecordProblem where looksLikeTaskwarrior {
            // Its `due` is a UTC moment, not todo's: the format is what is wrong, not the value.
            throw RecordProblem(reason: Self.taskwarriorHint)
        }
        seen |= field.bit
    }

    /// A `description` and no `title`: `task export`'s record, most likely.
    private var looksLikeTaskwarrior: Bool { hasDescription && seen & TaskField.title.bit == 0 }

    static let taskwarriorHint = "this looks like a Taskwarrior export: add --format taskwarrior"

    /// The record, once every field is in; fails if a required one is missing or they disagree.
    func task() throws -> ImportedTask {
        for field in TaskField.allCases where field.isRequired && seen & field.bit == 0 {
            if looksLikeTaskwarrior { throw RecordProblem(reason: Self.taskwarriorHint) }
            throw RecordProblem(reason: "\"\(field.key)\" is missing")
        }
        if !record.isDone && record.completedAt != nil {
            throw RecordProblem(reason: "\"completed_at\" is set but \"done\" is false")
        }
        return record
    }
}
