import TodoCore

/// What `task export` prints (Taskwarrior 2.x and 3.x: one JSON array, or one object per
/// line), read into todo's records:
///
/// | Taskwarrior | todo |
/// |---|---|
/// | `description` | title |
/// | `project` | list (none: the import's `--list`, else the default list) |
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
/// pending instances are left out so there are no duplicates. Templates and their instances are
/// matched a group at a time, reading the file again for each group (a pipe is first copied to a
/// temporary file), so memory holds a group's series, never all of them: 200,000 templates held
/// at once took 300 MB.
struct TaskwarriorRecords {
    let reader: ByteReader
    let notices: Notices
    /// The list of a task with no project.
    let list: String

    /// How many of the series' records (templates and pending instances) are matched in one
    /// reading: as many series at most, 32 bytes each, so a group holds 2 MB or so.
    static let seriesAtOnce = 50_000

    /// What a record is to the reading of series: a template, a pending instance of one, or
    /// neither. Uuids are told apart scalar by scalar, as every text from a file is
    /// (`ExactText`): two that differ only in normalisation are two series.
    private enum Kind {
        case template(ExactText), pendingInstance(of: ExactText), other
        /// A done task that keeps its rule: todo's done repeating task, or a series done in
        /// Taskwarrior. Read as any other record; its instances still pending are left out.
        case finishedSeries(ExactText)
    }

    /// A series' uuid as a reading keeps it: two independent 64-bit hashes of its bytes (FNV-1a,
    /// and the standard library's seeded one, the same all through one process), 16 bytes
    /// however long the uuid, with no chance worth the name of two uuids sharing both.
    private struct Key: Hashable {
        let fnv: UInt64
        let seeded: Int

        init(_ uuid: ExactText) {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in uuid.text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
            fnv = hash
            var hasher = Hasher()
            hasher.combine(Array(uuid.text.utf8))
            seeded = hasher.finalize()
        }
    }

    /// A series as one reading finds it, in 16 bytes: the line of its template's last record (0:
    /// none yet; -1: none, but the series is done), and the first due date of its pending instances as a number that sorts as dates
    /// do (days since 1970 × 1441 + the minute of the day + 1, 0 for a date alone; `.max`: none).
    private struct Series {
        var templateLine = 0
        private var firstDue = Int.max

        mutating func note(_ due: Due?) {
            guard let due else { return }
            firstDue = min(firstDue, due.date.daysSinceEpoch * 1441 + (due.minuteOfDay ?? -1) + 1)
        }

        var due: Due? {
            guard firstDue != .max else { return nil }
            let (days, minute) = (firstDue.quotientAndRemainder(dividingBy: 1441))
            let (day, rest) = minute < 0 ? (days - 1, minute + 1441) : (days, minute)
            return CivilDate(daysSinceEpoch: day).map { Due(date: $0, minuteOfDay: rest == 0 ? nil : rest - 1) }
        }
    }

    func forEach(_ body: (ImportedTask) throws -> Void) throws {
        // Series are read again: a pipe is kept from the start.
        try reader.keepForRereading()
        // Every record but the series', as it comes; the series counted.
        var series = 0
        try each { record, kind in
            switch kind {
            case .other: try body(record)
            case .finishedSeries:
                try body(record)
                series += 1
            case .template, .pendingInstance: series += 1
            }
        }
        guard series > 0 else { return }
        // Then the series, a group of them at a time, each group read twice: what is there, then
        // the records out in the file's order. Notices were all taken the first time.
        let again = TaskwarriorRecords(reader: reader, notices: Notices(), list: list)
        let groups = (series + Self.seriesAtOnce - 1) / Self.seriesAtOnce
        for group in 0..<groups {
            var found: [Key: Series] = [:]
            try reader.rewind()
            try again.each { record, kind in
                switch kind {
                case .template(let uuid) where Self.group(of: uuid, among: groups) == group:
                    found[Key(uuid), default: Series()].templateLine = record.line
                case .pendingInstance(let parent) where Self.group(of: parent, among: groups) == group:
                    found[Key(parent), default: Series()].note(record.due)
                case .finishedSeries(let uuid) where Self.group(of: uuid, among: groups) == group:
                    if found[Key(uuid), default: Series()].templateLine == 0 { found[Key(uuid)]?.templateLine = -1 }
                default: break
                }
            }
            try reader.rewind()
            try again.each { record, kind in
                switch kind {
                case .template(let uuid) where Self.group(of: uuid, among: groups) == group:
                    // One task per template, at its last record; due when its next instance is
                    // (the template keeps the first due date of the series).
                    guard let series = found[Key(uuid)], series.templateLine == record.line else { return }
                    var template = record
                    if let next = series.due { template.due = next }
                    try body(template)
                case .pendingInstance(let parent) where Self.group(of: parent, among: groups) == group:
                    // Instances whose template is not in the file are all there is of them; those
                    // of a series that is done were its next step, which todo made a task of its own.
                    switch found[Key(parent)]?.templateLine ?? 0 {
                    case 0: try body(record)
                    case -1: notices.add("left out the pending instance of a series that is done", line: record.line)
                    default: break
                    }
                default: break
                }
            }
        }
    }

    /// Which group a series falls in, from its uuid's bytes: the same in every reading.
    private static func group(of uuid: ExactText, among groups: Int) -> Int {
        // FNV-1a's low bits follow its last bytes closely (uuids counting up fell in one group):
        // mixed first (SplitMix64's finalizer), so the groups come out even.
        var mixed = Key(uuid).fnv
        mixed = (mixed ^ (mixed >> 30)) &* 0xbf58_476d_1ce4_e5b9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
        mixed ^= mixed >> 31
        return Int(mixed % UInt64(groups))
    }

    /// Every record of the input, with what it is to the series.
    private func each(_ body: (ImportedTask, Kind) throws -> Void) throws {
        let each: (UnsafeBufferPointer<UInt8>, Int) throws -> Void = { bytes, line in try read(bytes, line: line, body) }
        if try reader.peekSignificantByte() == UInt8(ascii: "[") {
            try JSONArrayRecords(reader: reader).forEach(each)
        } else {
            try LineRecords(reader: reader).forEach(each)
        }
    }

    private func read(_ bytes: UnsafeBufferPointer<UInt8>, line: Int, _ body: (ImportedTask, Kind) throws -> Void) throws {
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
                guard let uuid = try text(fields["uuid"], "uuid") else { throw RecordProblem(reason: "a recurring task has no \"uuid\"") }
                try body(record, .template(ExactText(uuid)))
            } else if let parent = try text(fields["parent"], "parent"), status != "completed" {
                // An instance of a recurring task still to do: the template stands for it, and
                // without its template it is all there is of the series, which it keeps.
                try body(record, .pendingInstance(of: ExactText(parent)))
            } else if status == "completed", record.repeatRule != nil, try text(fields["parent"], "parent") == nil,
                      let uuid = try text(fields["uuid"], "uuid") {
                try body(record, .finishedSeries(ExactText(uuid)))
            } else {
                if status == "completed" { record.repeatRule = nil }  // a done instance is history
                try body(record, .other)
            }
        } catch let problem as RecordProblem {
            throw TodoError.invalidRecord(line: line, reason: problem.reason)
        }
    }

    private func task(_ fields: [String: RecordValue], status: String, line: Int) throws -> ImportedTask {
        guard let description = try text(fields["description"], "description"), Names.trimmed(description) != nil else {
            throw RecordProblem(reason: "\"description\" is missing or empty")
        }
        let project = try text(fields["project"], "project").flatMap(Names.trimmed)
        var record = ImportedTask(line: line, listName: project ?? list, title: description)
        record.listGiven = project != nil
        // Taskwarrior's uuid is the task's: importing its export again finds the same tasks.
        if let uuid = try text(fields["uuid"], "uuid") {
            guard let read = TodoUUID(uuid) else { throw RecordProblem(reason: "\"uuid\" must be a uuid (8-4-4-4-12 hex digits), not \(MessageText.quoted(uuid))") }
            record.uuid = read
        }
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
        notices.noteWhatIsLeftOut(of: fields, project: project ?? "", line: line)
        if let recur = try text(fields["recur"], "recur") {
            if let (rule, fixedLength) = Self.rule(recur), record.due != nil {
                record.repeatRule = rule
                if fixedLength {
                    notices.add("kept '\(recur)' as every \(rule.count) days, the step Taskwarrior takes ('monthly', '3m', 'yearly' go by the calendar)", line: line)
                }
            } else {
                let why = record.due == nil ? "it has no due date" : "todo has no such rule"
                notices.add("kept without its recurrence '\(recur)' (\(why))", line: line)
            }
        }
        return record
    }
}
