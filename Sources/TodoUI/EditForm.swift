import TodoCore

/// EditTask's form: one text per field, read as the command line reads them when saved.
struct EditForm {
    enum Field: String, CaseIterable {
        case title, notes, due, priority, list, tags, `repeat`

        var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    let task: TodoTask
    private let original: [Field: String]
    var values: [Field: String]
    var focus: Field = .title

    init(task: TodoTask) {
        self.task = task
        let rule = task.repeatRule.map { $0.description + (task.repeatFrom == .done ? " from done" : "") } ?? ""
        original = [
            .title: task.title, .notes: task.notes ?? "", .due: task.due?.description ?? "",
            .priority: task.priority.rawValue, .list: task.listName, .tags: task.tags.joined(separator: " "), .repeat: rule,
        ]
        values = original
    }

    func value(_ field: Field) -> String { values[field] ?? "" }

    mutating func type(_ character: Character) { values[focus, default: ""].append(character) }
    mutating func deleteBackward() { if !value(focus).isEmpty { values[focus]?.removeLast() } }
    mutating func clear() { values[focus] = "" }

    mutating func move(by step: Int) {
        let fields = Field.allCases
        let index = fields.firstIndex(of: focus) ?? 0
        focus = fields[(index + step + fields.count) % fields.count]
    }

    /// What saving would change, read as `todo edit` reads its options; the first value that
    /// cannot be read is the error, and nothing is saved.
    func changes(today: CivilDate) throws(FormError) -> TaskChanges {
        var changes = TaskChanges()
        // Changed as the database would see it: by scalars, so a new normalisation is saved.
        func changed(_ field: Field) -> String? { value(field).hasSameScalars(as: original[field] ?? "") ? nil : value(field) }
        if let title = changed(.title) {
            guard let trimmed = Names.trimmed(title) else { throw FormError("the title cannot be empty") }
            changes.title = trimmed
        }
        if let notes = changed(.notes) { changes.notes = .set(notes.isEmpty ? nil : notes) }
        if let due = changed(.due) {
            if let text = Names.trimmed(due) {
                do { changes.due = .set(try Due.parse(text, today: today)) } catch { throw FormError(error.description) }
            } else {
                changes.due = .set(nil)
            }
        }
        if let priority = changed(.priority) {
            guard let value = Names.trimmed(priority).flatMap(Priority.init(typed:)) else {
                throw FormError("priority must be none, low, medium or high, not '\(priority)'")
            }
            changes.priority = value
        }
        if let list = changed(.list) {
            guard let name = Names.trimmed(list) else { throw FormError("the list name cannot be empty") }
            changes.listName = name
        }
        if let tags = changed(.tags) {
            var wanted: [String] = []
            var seen = TagSet()
            for word in Names.words(tags).map(String.init) {
                guard let tag = Tags.valid(word) else { throw FormError("'\(word)' is not a tag") }
                if seen.insert(tag) { wanted.append(tag) }
            }
            let has = TagSet(task.tags)
            changes.addTags = wanted.filter { !has.contains($0) }
            changes.removeTags = task.tags.filter { !seen.contains($0) }
        }
        if let text = changed(.repeat) {
            let words = text.split(whereSeparator: \.isWhitespace).map(String.init)
            if words.isEmpty {
                changes.repeatRule = .set(nil)
            } else {
                guard let rule = RepeatRule(text: words[0]) else {
                    throw FormError("repeat must be daily, weekly, monthly, yearly or Nd, Nw, Nm, Ny, not '\(words[0])'")
                }
                changes.repeatRule = .set(rule)
                switch words.dropFirst().joined(separator: " ") {
                case "": changes.repeatFrom = .due
                case "from done": changes.repeatFrom = .done
                case "from due": changes.repeatFrom = .due
                case let rest: throw FormError("after the rule, write 'from done' or 'from due', not '\(rest)'")
                }
            }
        }
        return changes
    }
}

/// A form value that cannot be read; shown on the form, and nothing is saved.
struct FormError: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}
