/// The rules CLI.md gives for tags: one word (no whitespace, not empty), matched without regard
/// to ASCII case and otherwise by their scalars (as the database matches them), kept as first
/// written, listed sorted.
public enum Tags {
    /// The tag as written, or nil when it is not one word. Control characters are refused too:
    /// a tag is printed on its own in listings, and must not be able to move the cursor.
    public static func valid(_ text: String) -> String? {
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ !$0.properties.isWhitespace && $0.value >= 0x20 && $0.value != 0x7F })
        else { return nil }
        return text
    }

    /// How tags are compared: ASCII letters in lower case, as SQLite's NOCASE does, and then
    /// scalar for scalar.
    public static func folded(_ tag: String) -> ExactText {
        Names.foldedForMatching(tag)
    }

    /// Whether two spellings are the same tag.
    public static func same(_ a: String, _ b: String) -> Bool {
        folded(a) == folded(b)
    }

    /// The tags of a task as the database hands them over: one text, the tags separated by
    /// single spaces. Split at the space scalar, not at `Character`s: a tag that starts with a
    /// combining mark joins the space before it into one `Character`.
    public static func splitStored(_ text: String) -> [String] {
        text.utf8.split(separator: UInt8(ascii: " ")).map { String(Substring($0)) }
    }

    /// Tags in the order they are listed: ignoring ASCII case, then as written, each once.
    public static func sorted<S: Sequence<String>>(_ tags: S) -> [String] {
        var seen: Set<ExactText> = []
        return tags.map { (folded($0), $0) }
            .sorted { $0.0 != $1.0 ? $0.0.text.utf8.lexicographicallyPrecedes($1.0.text.utf8) : $0.1.utf8.lexicographicallyPrecedes($1.1.utf8) }
            .filter { seen.insert($0.0).inserted }
            .map(\.1)
    }
}

/// A tag and how many open tasks carry it (`todo tags`).
public struct TagCount: Equatable, Sendable {
    public let name: String
    public let openTasks: Int

    public init(name: String, openTasks: Int) {
        self.name = name
        self.openTasks = openTasks
    }
}
