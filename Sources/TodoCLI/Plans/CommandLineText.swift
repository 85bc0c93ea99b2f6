import TodoCore

/// A command line as text, for the history: `done 1 2 3`, `add Groceries 'oat milk'`.
///
/// Built on every command that writes, so it works on bytes: Unicode property lookups and
/// generic joins would cost a single-task command a measurable share of its time.
enum CommandLineText {
    /// The most of a command line the history keeps: `todo done $(seq 100000)` is 590 KB, which
    /// every listing of the history would print and every change kept would store.
    static let longest = 4 << 10

    /// What was typed after `todo`, without the options every command has (`--db`, `--json`,
    /// colour) or every write has (`-q`, `--dry-run`): they say where and how, not what changed.
    /// Past `longest` bytes the rest is counted: `done 1 2 … (99000 more arguments)`.
    static func forHistory(_ arguments: [String]) -> String {
        let dropped = GlobalOptions.optionSpecs + WriteOptions.optionSpecs
        var text = ""
        var more = 0
        var rest = arguments[...]
        func add(_ word: String) {
            guard more == 0, text.utf8.count + word.utf8.count < Self.longest else { return more += 1 }
            if !text.isEmpty { text += " " }
            text += ShellWords.quoted(word)
        }
        while let word = rest.popFirst() {
            if word == "--" {
                rest.forEach(add)
                break
            }
            // `=` by scalar, as the options were read (`DashArguments`).
            let joined = Substring(word).split(atFirst: "=")
            let name = joined.map { String($0.before) } ?? word
            if let spec = dropped.first(where: { $0.names.contains(name) }) {
                if spec.takesValue && joined == nil { _ = rest.popFirst() }
                continue
            }
            add(word)
        }
        return more == 0 ? text : text + " … (\(more) more argument\(more == 1 ? "" : "s"))"
    }
}
