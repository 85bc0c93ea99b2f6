import TodoCore

/// Repeating tasks a command marked done that made no next task because their schedule runs
/// past 9999-12-31: said on stderr once the command has succeeded, whatever the output's form
/// (`-q` and `--json` too). A few ids are kept to name; the rest are counted, so `todo done`
/// of a hundred thousand such tasks holds ten ids, not a hundred thousand.
final class RepetitionEndings {
    private static let named = 10
    private var ids: [TodoTask.ID] = []
    private var count = 0

    func add(_ task: TodoTask) {
        count += 1
        if ids.count < Self.named { ids.append(task.id) }
    }

    /// The line, or nothing when every repeating task made its next one.
    func write() {
        guard count > 0 else { return }
        let more = count > ids.count ? ", …" : ""
        let line = count == 1
            ? "todo: task \(ids[0]) repeats no more: its next due date would be after 9999-12-31, so no next task was made\n"
            : "todo: \(count) tasks repeat no more: their next due dates would be after 9999-12-31, so no next tasks were made ("
                + ids.map(String.init).joined(by: ", ") + more + ")\n"
        StandardError.write(line)
    }
}
