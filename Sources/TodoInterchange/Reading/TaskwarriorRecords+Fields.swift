import TodoCore

/// A Taskwarrior record's fields, each read by its own rule: a string, a UTC moment, tags, notes.
extension TaskwarriorRecords {
    func text(_ value: RecordValue?, _ key: String) throws -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw RecordProblem(reason: "\"\(key)\" must be a string")
        }
    }

    /// A UTC moment as todo stores it.
    func storedTime(_ value: RecordValue?, _ key: String) throws -> String? {
        guard let seconds = try moment(value, key) else { return nil }
        guard let text = LocalClock.timestamp(secondsSinceEpoch: seconds) else {
            throw RecordProblem(reason: "\"\(key)\" is outside the years 0000 to 9999")
        }
        return text
    }

    /// A UTC moment written `20261122T093000Z`.
    func moment(_ value: RecordValue?, _ key: String) throws -> Int? {
        guard let text = try text(value, key) else { return nil }
        guard let seconds = LocalTime.secondsSinceEpoch(basicUTC: text) else {
            throw RecordProblem(reason: "\"\(key)\" must be a time like 20261122T093000Z, not \"\(text.prefix(40))\"")
        }
        return seconds
    }

    func tags(_ value: RecordValue?) throws -> [String] {
        guard case .array(let items)? = value else {
            if value == nil || value == .null { return [] }
            throw RecordProblem(reason: "\"tags\" must be an array")
        }
        var tags: [String] = []
        var seen = TagSet()
        for item in items {
            guard case .string(let text) = item, let tag = Tags.valid(text) else { throw RecordProblem(reason: "\"tags\" must be words with no spaces") }
            if seen.insert(tag) { tags.append(tag) }
        }
        return Tags.sorted(tags)
    }

    /// Each annotation's description, one per line, in the file's order.
    func annotations(_ value: RecordValue?) throws -> String? {
        guard case .array(let items)? = value else {
            if value == nil || value == .null { return nil }
            throw RecordProblem(reason: "\"annotations\" must be an array")
        }
        let lines = try items.map { item -> String in
            guard case .object(let fields) = item, case .string(let text)? = fields.first(where: { $0.key == "description" })?.value else {
                throw RecordProblem(reason: "each of \"annotations\" must have a \"description\"")
            }
            return text
        }
        return lines.isEmpty ? nil : lines.joined(by: "\n")
    }
}

extension Notices {
    /// The fields of a Taskwarrior record that todo reads, or that are Taskwarrior's own
    /// bookkeeping (`id`, `urgency`, a recurrence's `parent`, `mask`, `imask`, `rtype`): every
    /// other one is said, so nothing is dropped silently.
    private static let taskwarriorFieldsRead: Set<String> = [
        "uuid", "description", "project", "tags", "priority", "due", "entry", "modified", "end", "status", "annotations", "recur",
        "parent", "id", "urgency", "mask", "imask", "rtype",
    ]

    /// Says what of a record todo does not keep: each field it has no place for (`wait`,
    /// `scheduled`, `until`, `depends`, a user-defined attribute), annotations' times, a
    /// project's hierarchy.
    func noteWhatIsLeftOut(of fields: [String: RecordValue], project: String, line: Int) {
        for key in fields.keys.sorted() where !Self.taskwarriorFieldsRead.contains(key) {
            add("left out \"\(key)\" (todo has no such field)", line: line)
        }
        if case .array(let items)? = fields["annotations"],
           items.contains(where: { if case .object(let parts) = $0 { parts.contains { $0.key == "entry" } } else { false } }) {
            add("kept annotations as notes without their times", line: line)
        }
        if project.contains(".") {
            add("kept a project with dots (a hierarchy) as one list of that name", line: line)
        }
    }
}
