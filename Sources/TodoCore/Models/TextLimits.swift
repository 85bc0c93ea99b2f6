/// How much text todo keeps, so that every task it holds fits in one import record (1 MiB,
/// the most an import reads at once) however its export escapes it: JSON writes a control
/// character as `\u001b`, six bytes for one. A title of 100,000 escape characters used to be
/// accepted by `todo add` and then refused by `todo export | todo import --keep-ids`.
///
/// A task's title, notes and tags together hold at most `task` bytes of UTF-8, its list's name at
/// most `listName`: six times both, with every other field of a record, stays under 1 MiB.
public enum TextLimits {
    /// A task's title, notes and tags together (each tag counted with one byte beside it).
    public static let task = 160 << 10
    /// A list's name.
    public static let listName = 1 << 10

    /// The size a task's text counts for.
    public static func size(title: String, notes: String?, tags: [String]) -> Int {
        tags.reduce(title.utf8.count + (notes?.utf8.count ?? 0)) { $0 + $1.utf8.count + 1 }
    }

    /// Why a task with this text cannot be kept; nil when it can.
    public static func taskProblem(title: String, notes: String?, tags: [String]) -> String? {
        let size = size(title: title, notes: notes, tags: tags)
        guard size > task else { return nil }
        return "a task's title, notes and tags hold at most \(task) bytes together, and these have \(size)"
    }

    /// Why a list cannot have this name; nil when it can.
    public static func listNameProblem(_ name: String) -> String? {
        let size = name.utf8.count
        guard size > listName else { return nil }
        return "a list's name holds at most \(listName) bytes, and this one has \(size)"
    }
}
