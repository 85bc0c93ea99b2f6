import TodoCore

/// What `task export` prints (Taskwarrior 2.x and 3.x: one JSON array, or one object per
/// line), read into todo's records:
///
/// | Taskwarrior | todo |
/// |---|---|
/// | `description` | title |
/// | `project` | list (none: `Inbox`) |
/// | `tags` | tags |
/// | `priority` `H`/`M`/`L` | high/medium/low |
/// | `due` (a UTC moment) | due, in local time; a date alone when it is local midnight |
/// | `status` `pending`, `waiting` / `completed` / `deleted` | open / done, `end` → completed_at / skipped |
/// | `entry`, `modified` | created_at, updated_at |
/// | `recur` | repeat where todo has the rule; otherwise the task is kept without it, and said |
/// | `annotations` | notes, one line each |
///
/// A recurring task is a template (`status: recurring`) and instances of it (with `parent`);
/// the template becomes one repeating task, due when its next pending instance is, and its
/// pending instances are left out so there are no duplicates. Templates and pending instances
/// are few, and held until the end of the file to be matched.
struct TaskwarriorRecords {
    let reader: ByteReader
    let notices: ImportNotices

    /// What is held back until the whole file is read.
    private final class Recurring {
        /// Templates by uuid, told apart scalar by scalar as every text from a file is
        /// (`ExactText`): two uuids that differ only in normalisation are two templates.
        var templates: [ExactText: ImportedTask] = [:]
        var templateOrder: [ExactText] = []
        /// Pending instances by their template's uuid.
        var instances: [ExactText: [ImportedTask]] = [:]
    }

    func forEach(_ body: (ImportedTask) throws -> Void) throws {
        let recurring = Recurring()
        let each: (UnsafeBufferPointer<UInt8>, Int) throws -> Void = { bytes, line in
            try read(bytes, line: line, recurring, body)
        }
        if try reader.peekSignificantByte() == UInt8(ascii: "[") {
            try JSONArrayRecords(reader: reader).forEach(each)
        } else {
            try LineRecords(reader: reader).forEach(each)
        }
        for uuid in recurring.templateOrder {
            guard var template = recurring.templates[uuid] else { continue }
            // Due when its next instance is: the template keeps the first due date of the series.
            if let next = recurring.instances[uuid]?.compactMap(\.due).min() { template.due = next }
            recurring.instances[uuid] = nil
            try body(template)
        }
        // Instances whose template is not in the file are all there is of them.
        for instances in recurring.instances.values.sorted(by: { $0[0].line < $1[0].line }) {
            for instance in instances { try body(instance) }
        }
    }

    private func read(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, _ recurring: Recurring, _ body: (ImportedTask) throws -> Void) throws {
        var fields: [String: RecordValue] = [:]
        do {
            try JSONRecordParser.parseObject(bytes) { key, value in fields[key] = value }
            let status = try text(fields["status"], "status") ?? "pending"
            switch status {
            case "deleted":
                notices.add("left out deleted tasks", line: line)
                return
            case "pending", "waiting", "completed", "recurring": break
            default: throw RecordProblem(reason: "\"status\" must be pending, waiting, completed, deleted or recurring, not \"\(status)\"")
            }
            var record = try task(fields, status: status, line: line)
            if status == "recurring" {
                guard let uuid = try text(fields["uuid"], "uuid").map(ExactText.init) else { throw RecordProblem(reason: "a recurring task has no \"uuid\"") }
                if recurring.templates[uuid] == nil { recurring.templateOrder.append(uuid) }
                recurring.templates[uuid] = record
            } else if let parent = try text(fields["parent"], "parent").map(ExactText.init), status != "completed" {
                // An instance of a recurring task still to do: the template stands for it.
                record.repeatRule = nil
                recurring.instances[parent, default: []].append(record)
            } else {
                if status == "completed" { record.repeatRule = nil }  // a done instance is history
                try body(record)
            }
        } catch let problem as RecordProblem {
            throw TodoError.invalidRecord(line: line, reason: problem.reason)
        }
    }

    private func task(_ fields: [String: RecordValue], status: String, line: Int) throws -> ImportedTask {
        guard let description = try text(fields["description"], "description"), Names.trimmed(description) != nil else {
            throw RecordProblem(reason: "\"description\" is missing or empty")
        }
        let project = try text(fields["project"], "project").flatMap(Names.trimmed) ?? "Inbox"
        var record = ImportedTask(line: line, listName: project, title: description)
        record.tags = try tags(fields["tags"])
        switch try text(fields["priority"], "priority") {
        case nil: record.priority = .none
        case "H": record.priority = .high
        case "M": record.priority = .medium
        case "L": record.priority = .low
        case let other?: throw RecordProblem(reason: "\"priority\" must be H, M or L, not \"\(other)\"")
        }
        if let seconds = try moment(fields["due"], "due") {
            guard let due = LocalTime.due(atSecondsSinceEpoch: seconds) else { throw RecordProblem(reason: "\"due\" is out of range") }
            record.due = due
        }
        record.createdAt = try storedTime(fields["entry"], "entry")
        record.updatedAt = try storedTime(fields["modified"], "modified")
        // Read whatever the status, so a value that cannot be read is refused wherever it is.
        let end = try storedTime(fields["end"], "end")
        if status == "completed" {
            record.isDone = true
            record.completedAt = end
        }
        record.notes = try annotations(fields["annotations"])
        if let recur = try text(fields["recur"], "recur") {
            if let rule = Self.rule(recur), record.due != nil {
                record.repeatRule = rule
            } else {
                let why = record.due == nil ? "it has no due date" : "todo has no such rule"
                notices.add("kept without its recurrence '\(recur)' (\(why))", line: line)
            }
        }
        return record
    }

    /// Taskwarrior's recurrence periods that todo can repeat by; nil for the rest (`weekdays`,
    /// hours, business days).
    static func rule(_ recur: String) -> RepeatRule? {
        let named: [String: (Int, RepeatRule.Unit)] = [
            "daily": (1, .day), "day": (1, .day), "weekly": (1, .week), "week": (1, .week),
            "biweekly": (2, .week), "fortnight": (2, .week), "monthly": (1, .month), "month": (1, .month),
            "bimonthly": (2, .month), "quarterly": (3, .month), "semiannual": (6, .month),
            "annual": (1, .year), "yearly": (1, .year), "year": (1, .year), "biannual": (2, .year), "biyearly": (2, .year),
        ]
        let text = recur.lowercased()
        if let (count, unit) = named[text] { return RepeatRule(count: count, unit: unit) }
        // ISO 8601: P1D, P2W, P1M, P1Y.
        if text.hasPrefix("p"), let count = Int(text.dropFirst().dropLast()), let last = text.last,
           let unit: RepeatRule.Unit = ["d": .day, "w": .week, "m": .month, "y": .year][last] {
            return RepeatRule(count: count, unit: unit)
        }
        // A number and a unit: 3d, 2 weeks, 1mo, 6mos, 2q, 1yr.
        let digits = text.prefix(while: \.isNumber)
        let unitText = text.dropFirst(digits.count).trimmingPrefix(" ")
        guard let count = digits.isEmpty ? 1 : Int(digits) else { return nil }
        switch unitText {
        case "d", "day", "days": return RepeatRule(count: count, unit: .day)
        case "w", "wk", "wks", "week", "weeks": return RepeatRule(count: count, unit: .week)
        case "mo", "mos", "mth", "mths", "month", "months", "m": return RepeatRule(count: count, unit: .month)
        case "q", "qtr", "qtrs", "quarter", "quarters":
            // A count past any rule todo has: none (kept without its recurrence, and said).
            let (months, overflow) = count.multipliedReportingOverflow(by: 3)
            return overflow ? nil : RepeatRule(count: months, unit: .month)
        case "y", "yr", "yrs", "year", "years": return RepeatRule(count: count, unit: .year)
        default: return nil
        }
    }

    private func text(_ value: RecordValue?, _ key: String) throws -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw RecordProblem(reason: "\"\(key)\" must be a string")
        }
    }

    /// A UTC moment as todo stores it.
    private func storedTime(_ value: RecordValue?, _ key: String) throws -> String? {
        guard let seconds = try moment(value, key) else { return nil }
        guard let text = LocalClock.timestamp(secondsSinceEpoch: seconds) else {
            throw RecordProblem(reason: "\"\(key)\" is outside the years 0000 to 9999")
        }
        return text
    }

    /// A UTC moment written `20261122T093000Z`.
    private func moment(_ value: RecordValue?, _ key: String) throws -> Int? {
        guard let text = try text(value, key) else { return nil }
        guard let seconds = LocalTime.secondsSinceEpoch(basicUTC: text) else {
            throw RecordProblem(reason: "\"\(key)\" must be a time like 20261122T093000Z, not \"\(text.prefix(40))\"")
        }
        return seconds
    }

    private func tags(_ value: RecordValue?) throws -> [String] {
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
    private func annotations(_ value: RecordValue?) throws -> String? {
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

/// One JSON object per line (NDJSON): blank lines are skipped, line numbers counted.
struct LineRecords {
    let reader: ByteReader

    func forEach(_ body: (UnsafeBufferPointer<UInt8>, Int) throws -> Void) throws {
        var line = 0
        do {
            while try reader.nextLine(limit: RecordSource.maximumRecordBytes, { bytes in
                line += 1
                var content = bytes
                if line == 1 { content = RecordSource.droppingByteOrderMark(content) }
                guard content.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
                try body(content, line)
            }) {}
        } catch is ByteReader.LineTooLong {
            throw TodoError.invalidRecord(line: line + 1, reason: RecordSource.tooLong)
        }
    }
}
