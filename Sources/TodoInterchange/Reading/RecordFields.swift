import TodoCore

/// The fields of one import record as they arrive, read by the rules of `TaskField` and turned
/// into an `ImportedTask`. Unknown keys are ignored, so files from newer versions still import.
struct RecordFields {
    private var record: ImportedTask
    private var seen: Set<TaskField> = []

    init(line: Int) {
        record = ImportedTask(line: line, listName: "", title: "")
    }

    mutating func set(_ key: String, _ value: RecordValue) throws {
        guard let field = TaskField(rawValue: key) else { return }
        try field.read(value, into: &record)
        seen.insert(field)
    }

    /// The record, once every field is in; fails if a required one is missing or they disagree.
    func task() throws -> ImportedTask {
        for field in TaskField.allCases where field.isRequired && !seen.contains(field) {
            throw RecordProblem(reason: "\"\(field.key)\" is missing")
        }
        if !record.isDone && record.completedAt != nil {
            throw RecordProblem(reason: "\"completed_at\" is set but \"done\" is false")
        }
        return record
    }
}
