import ArgumentParser
import TodoCore

/// A task as the short text `todo edit ID` opens in an editor, and that text read back into the
/// changes it makes. One field a line (`title: …`), the notes last, as every line after
/// `notes:`; lines that start with `#` before the notes are comments. A title or list name that
/// holds line feeds goes on over lines that begin with one space (as a mail header is folded):
/// written on one line, its second line would read as a field of its own.
enum TaskForm {
    /// A value that cannot be read: the editor opens again with this at the top.
    struct Problem: Error, Equatable {
        let reason: String
    }

    static let keys = ["title", "list", "due", "priority", "tags", "repeat"]

    /// The form of `task`, with `problem` (from the text saved before) as a comment at the top.
    static func text(of task: TodoTask, problem: String? = nil) -> String {
        var lines: [String] = []
        if let problem { lines.append("# Error: " + problem.replacingEvery("\n", with: " ")) }
        lines += [
            "# Task \(task.id). Save and quit to apply; an unchanged or emptied file changes nothing.",
            "# due: todo help dates, or none; priority: none, low, medium, high; repeat: e.g. 1w, or 2w from done, or none.",
        ]
        if (task.title + task.listName).unicodeScalars.contains("\n") {
            lines.append("# A line that begins with a space goes on the field above it, after a line feed.")
        }
        lines += [
            "title: " + folded(task.title),
            "list: " + folded(task.listName),
            "due: " + (task.due?.description ?? "none"),
            "priority: " + task.priority.rawValue,
            "tags: " + task.tags.joined(separator: " "),
            "repeat: " + (task.repeatRule.map { $0.description + (task.repeatFrom == .done ? " from done" : "") } ?? "none"),
            "notes:",
        ]
        return lines.joined(separator: "\n") + "\n" + (task.notes.map { $0 + "\n" } ?? "")
    }

    /// Whether the text holds nothing but comments and blank lines (an emptied file).
    static func isEmpty(_ text: String) -> Bool {
        lines(of: text).allSatisfy { line in
            line.unicodeScalars.first == "#" || line.allSatisfy(\.isWhitespace)
        }
    }

    /// The changes the saved text makes to `task`, empty when it makes none. Dates are read
    /// against `today`, as `--due` is.
    static func changes(from text: String, to task: TodoTask, today: CivilDate) throws(Problem) -> TaskChanges {
        let (fields, notes) = try read(text)
        var changes = TaskChanges()
        // A title or list name left as it is stays, exactly, even one written untrimmed by hand.
        let typedTitle = fields["title"] ?? ""
        if !typedTitle.hasSameScalars(as: task.title) {
            let title = try rule { try ArgumentRules.title(typedTitle) }
            if !title.hasSameScalars(as: task.title) { changes.title = title }
        }
        let typedList = fields["list"] ?? ""
        if !typedList.hasSameScalars(as: task.listName) {
            let list = try rule { try ArgumentRules.listName(typedList) }
            if Names.foldedForMatching(list) != Names.foldedForMatching(task.listName) { changes.listName = list }
        }
        let due = try self.due(fields["due"], today: today)
        if due != task.due { changes.due = .set(due) }
        let priority = try self.priority(fields["priority"])
        if priority != task.priority { changes.priority = priority }
        let tags = try rule { try ArgumentRules.tags(Names.words(fields["tags"] ?? "").map(String.init)) }
        let (had, has) = (TagSet(task.tags), TagSet(tags))
        changes.addTags = tags.filter { !had.contains($0) }
        changes.removeTags = task.tags.filter { !has.contains($0) }
        let (rule, from) = try repetition(fields["repeat"])
        // The form shows a rule without the day a month or year series keeps (`1m` for `1m@31`):
        // left as shown, the series keeps its day.
        if rule != task.repeatRule?.restarted { changes.repeatRule = .set(rule) }
        if let from, from != task.repeatFrom { changes.repeatFrom = from }
        if rule != nil && due == nil { throw Problem(reason: "a repeating task needs a due date") }
        // Empty in the form is both no notes and empty ones (an import keeps the two apart): left
        // empty, the task keeps whichever it had.
        let newNotes = notes.isEmpty ? nil : notes
        if !(notes.isEmpty && (task.notes ?? "").isEmpty) && !newNotes.hasSameScalars(as: task.notes) { changes.notes = .set(newNotes) }
        return changes
    }

    /// `key: value` lines up to `notes:`, then the notes: every line after it, exactly, but for
    /// the one line end an editor adds at the end.
    private static func read(_ text: String) throws(Problem) -> (fields: [String: String], notes: String) {
        var fields: [String: String] = [:]
        var lines = lines(of: text)[...]
        var folding: String?
        while let line = lines.popFirst() {
            if let key = folding, line.unicodeScalars.first == " " {
                fields[key, default: ""] += "\n" + String(Substring(line.unicodeScalars.dropFirst()))
                continue
            }
            folding = nil
            if line.unicodeScalars.first == "#" || line.allSatisfy(\.isWhitespace) { continue }
            guard let colon = line.unicodeScalars.firstIndex(of: ":") else { throw Problem(reason: "'\(line.prefix(40))' is not a 'field: value' line") }
            let scalars = line.unicodeScalars
            let key = (Names.trimmed(String(Substring(scalars[..<colon]))) ?? "").lowercased()
            // As written after `key: `: the form puts one space there.
            var value = String(Substring(scalars[scalars.index(after: colon)...]))
            if value.unicodeScalars.first == " " { value.unicodeScalars.removeFirst() }
            if key == "notes" {
                var notes = ([value].filter { Names.trimmed($0) != nil } + lines.map(String.init)).joined(separator: "\n")
                if notes.unicodeScalars.last == "\n" { notes.unicodeScalars.removeLast() }
                return (fields, notes)
            }
            guard keys.contains(key) else { throw Problem(reason: "'\(key.prefix(40))' is not a field: use \(keys.joined(separator: ", ")) and notes") }
            guard fields[key] == nil else { throw Problem(reason: "\(key) is there twice") }
            fields[key] = value
            folding = key
        }
        return (fields, "")
    }

    /// A value with its line feeds folded: each line after the first begins with one space.
    private static func folded(_ value: String) -> String {
        value.replacingEvery("\n", with: "\n ")
    }

    /// The text's lines as the editor wrote them: a line that ends in a carriage return before
    /// the line feed keeps it.
    private static func lines(of text: String) -> [Substring] {
        text.splitAtEveryLineFeed()
    }

    /// A value, trimmed; nil for none (empty, or `none`).
    private static func value(_ text: String?) -> String? {
        guard let text = text.flatMap(Names.trimmed), text.lowercased() != "none" else { return nil }
        return text
    }

    private static func due(_ text: String?, today: CivilDate) throws(Problem) -> Due? {
        guard let text = value(text) else { return nil }
        do {
            return try Due.parse(text, today: today)
        } catch {
            throw Problem(reason: error.description)
        }
    }

    private static func priority(_ text: String?) throws(Problem) -> Priority {
        guard let text = value(text) else { return .none }
        guard let priority = Priority(typed: text) else { throw Problem(reason: "priority must be none, low, medium or high, not '\(text)'") }
        return priority
    }

    /// `1w`, `2w from done`, `monthly from due`, or none.
    private static func repetition(_ text: String?) throws(Problem) -> (RepeatRule?, RepeatFrom?) {
        guard let text = value(text) else { return (nil, nil) }
        let words = text.split(separator: " ").map(String.init)
        guard let rule = RepeatRule(text: words[0]),
              words.count == 1 || (words.count == 3 && words[1] == "from" && RepeatFrom(rawValue: words[2]) != nil)
        else { throw Problem(reason: "repeat must be daily, weekly, monthly, yearly or Nd, Nw, Nm, Ny, then perhaps 'from done', not '\(text)'") }
        return (rule, words.count == 3 ? RepeatFrom(rawValue: words[2]) : .due)
    }

    /// A rule of `ArgumentRules`, its usage error as a problem of the form.
    private static func rule<T>(_ check: () throws -> T) throws(Problem) -> T {
        do { return try check() } catch let error as ValidationError { throw Problem(reason: error.message) } catch {
            throw Problem(reason: "\(error)")
        }
    }
}
