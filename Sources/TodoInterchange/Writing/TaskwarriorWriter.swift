import TodoCore

/// A task as `task import` (Taskwarrior 2.6 and 3.x) reads it: `TaskwarriorRecords`' table in
/// reverse. Moments are written `20261122T093000Z` always (Taskwarrior 2.6 crashes on a date
/// alone); a due date is the moment it falls on here, so a date alone is local midnight, as
/// Taskwarrior writes one. What Taskwarrior cannot hold is said through `notices`.
public enum TaskwarriorWriter {
    /// How `task export` opens and closes its array, parts its objects, and writes none.
    public static let opening = "[\n", separator = ",\n", closing = "\n]\n", empty = "[\n]\n"

    public static func task(_ task: TodoTask, to out: inout [UInt8], notices: Notices) {
        let line = Int(task.id)
        let modified = LocalTime.basicUTC(stored: task.updatedAt)
        out.append(contentsOf: #"{"description":"#.utf8)
        JSONWriter.string(task.title, to: &out)
        if let due = task.due {
            if let seconds = LocalTime.secondsSinceEpoch(local: due), let moment = LocalTime.basicUTC(secondsSinceEpoch: seconds) {
                field("due", moment, to: &out)
                // Taskwarrior keeps moments: local midnight reads back as a date alone, and a time
                // a clock change skips (02:30 on the night clocks go forward) as the one it became.
                if LocalTime.due(atSecondsSinceEpoch: seconds) != due {
                    notices.add("its due reads back otherwise from Taskwarrior (00:00 is a date alone there; a time a clock change skips moves)", line: line)
                }
            } else {
                notices.add("left out its due date (no moment of this time zone)", line: line)
            }
        }
        if task.isDone, let completed = task.completedAt { field("end", LocalTime.basicUTC(stored: completed), to: &out) }
        field("entry", LocalTime.basicUTC(stored: task.createdAt), to: &out)
        field("modified", modified, to: &out)
        if let priority = letters[task.priority] { field("priority", priority, to: &out) }
        field("project", task.listName, to: &out)
        if let rule = task.repeatRule, let due = task.due {
            // An open one is a recurring template in Taskwarrior, which makes its instances and
            // is found again by its uuid on the next import (a pending task with `recur` would
            // be made a template with a new instance each time). A done one keeps its rule, so
            // the series Taskwarrior had of it ends there; todo's next task is a series of its own.
            field("recur", recurrence(rule), to: &out)
            if task.isDone {
                notices.add("ends its series in Taskwarrior (an instance Taskwarrior made of it before stays pending there)", line: line)
            } else {
                if task.repeatFrom == .done { notices.add("repeats from its due date in Taskwarrior, not from when it is done", line: line) }
                if shortensForGood(rule, from: due.date) {
                    notices.add("repeats on a shorter day for good after a short month in Taskwarrior (todo keeps the day)", line: line)
                }
            }
        }
        field("status", task.isDone ? "completed" : task.repeatRule != nil && task.due != nil ? "recurring" : "pending", to: &out)
        field("uuid", task.uuid.text, to: &out)
        if let notes = task.notes {
            // A line each, as the import joins them; Taskwarrior dates each, here the last change.
            // It keeps no empty annotation: blank lines are left out, and said.
            let lines = notes.splitAtEveryLineFeed()
            if lines.contains(where: \.isEmpty) { notices.add("left out the blank lines of its notes (Taskwarrior keeps no empty annotation)", line: line) }
            out.append(contentsOf: #","annotations":["#.utf8)
            for (index, text) in lines.filter({ !$0.isEmpty }).enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                out.append(contentsOf: #"{"entry":"#.utf8)
                JSONWriter.string(modified, to: &out)
                out.append(contentsOf: #","description":"#.utf8)
                JSONWriter.string(String(text), to: &out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "]"))
        }
        if !task.tags.isEmpty {
            // By byte, as Taskwarrior splits: a comma a combining mark follows is still one.
            if task.tags.contains(where: { $0.utf8.contains(UInt8(ascii: ",")) }) {
                notices.add("its tags with a comma become several in Taskwarrior (it splits tags at commas)", line: line)
            }
            out.append(contentsOf: #","tags":["#.utf8)
            for (index, tag) in task.tags.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONWriter.string(tag, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }

    private static let letters: [Priority: String] = [.high: "H", .medium: "M", .low: "L"]

    /// Whether Taskwarrior, which keeps a month's shorter last day for good once a step lands
    /// on it, would move the schedule: the day is already one the rule keeps a later one for
    /// (Feb 28 of `1y@29`), or a step of the next eight years' falls short (Jan 31 by 1m does,
    /// Jan 30 by 3m does not).
    static func shortensForGood(_ rule: RepeatRule, from due: CivilDate) -> Bool {
        guard rule.unit == .month || rule.unit == .year else { return false }
        let day = rule.keptDay ?? due.day
        guard due.day == day else { return true }
        let steps = max(1, (rule.unit == .year ? 8 : 96) / rule.count)
        return (1...steps).contains { times in rule.step(due, times: times).map { $0.day != day } ?? false }
    }

    /// Taskwarrior's word for a rule: `daily`, `3days`, `weekly`, `2weeks`, `monthly`, `6m`,
    /// `yearly`, `2y`. Months and years as `6m` and `2y`, which Taskwarrior steps by the calendar:
    /// `6months` and `2years` it reads as 180 and 730 days.
    static func recurrence(_ rule: RepeatRule) -> String {
        let (one, many) = switch rule.unit {
        case .day: ("daily", "days")
        case .week: ("weekly", "weeks")
        case .month: ("monthly", "m")
        case .year: ("yearly", "y")
        }
        return rule.count == 1 ? one : "\(rule.count)\(many)"
    }

    private static func field(_ key: String, _ value: String, to out: inout [UInt8]) {
        out.append(contentsOf: ",\"\(key)\":".utf8)
        JSONWriter.string(value, to: &out)
    }
}
