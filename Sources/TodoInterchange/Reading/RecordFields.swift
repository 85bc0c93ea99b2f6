import TodoCore

/// The fields of one import record as they arrive, read by the rules of `TaskField` and turned
/// into an `ImportedTask`. Unknown keys are ignored, so files from newer versions still import.
struct RecordFields {
    private var record: ImportedTask
    /// Which fields have arrived, a bit each: a set would hash and allocate for every record.
    private var seen: UInt32 = 0

    init(line: Int) {
        record = ImportedTask(line: line, listName: "", title: "")
    }

    mutating func set(_ key: String, _ value: RecordValue) throws {
        guard let field = TaskField(key: key) else { return }
        try field.read(value, into: &record)
        seen |= field.bit
    }

    /// The record, once every field is in; fails if a required one is missing or they disagree.
    func task() throws -> ImportedTask {
        for field in TaskField.allCases where field.isRequired && seen & field.bit == 0 {
            throw RecordProblem(reason: "\"\(field.key)\" is missing")
        }
        if !record.isDone && record.completedAt != nil {
            throw RecordProblem(reason: "\"completed_at\" is set but \"done\" is false")
        }
        return record
    }
}
