import TodoCore

/// What a command did besides what it was asked, said on stderr once it has succeeded, whatever
/// the output's form (`-q` and `--json` too): the lists it created on the way (`todo add Hmoe
/// …`, so a typo is seen), and the repeating tasks it marked done that made no next task because
/// their schedule runs past 9999-12-31. A few ids and names are kept to say; the rest are
/// counted, so `todo done` of a hundred thousand such tasks holds ten ids, not a hundred thousand.
final class AfterwardNotes {
    private static let named = 10
    private var createdLists: [String] = []
    private var endedIDs: [TodoTask.ID] = []
    private var ended = 0

    func listCreated(_ list: TodoList) {
        if createdLists.count < Self.named { createdLists.append(list.name) }
    }

    func repetitionEnded(_ task: TodoTask) {
        ended += 1
        if endedIDs.count < Self.named { endedIDs.append(task.id) }
    }

    /// The lines, or nothing when there is nothing to say.
    func write() {
        for name in createdLists { StandardError.write("todo: created the list \"\(TerminalText.safe(name))\"\n") }
        guard ended > 0 else { return }
        let more = ended > endedIDs.count ? ", …" : ""
        let line = ended == 1
            ? "todo: task \(endedIDs[0]) repeats no more: its next due date would be after 9999-12-31, so no next task was made\n"
            : "todo: \(ended) tasks repeat no more: their next due dates would be after 9999-12-31, so no next tasks were made ("
                + endedIDs.map(String.init).joined(by: ", ") + more + ")\n"
        StandardError.write(line)
    }
}
