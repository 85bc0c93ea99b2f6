/// The rules the manual gives for tags: one word (no whitespace, not empty), matched without regard
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
        // Sorted, the spellings of one tag are neighbours: each is kept if its key differs from
        // the one before (no `Set`, whose first use costs a short command a conformance scan).
        var previous: ExactText?
        return tags.map { (folded($0), $0) }
            .sorted { $0.0 != $1.0 ? $0.0.text.utf8.lexicographicallyPrecedes($1.0.text.utf8) : $0.1.utf8.lexicographicallyPrecedes($1.1.utf8) }
            .filter { key, _ in
                defer { previous = key }
                return key != previous
            }
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

/// Tags seen so far, matched as `Tags.same` matches them, in constant time each: a record may
/// carry 100,000 tags, and comparing each with all those before it took minutes. A few are
/// searched in order, since the first `Set` a process makes costs a scan of every conformance in
/// the binary (docs/design.md, Performance), more than a short command's tags ever take.
public struct TagSet {
    private static let searchedInOrder = 16
    private var few: [ExactText] = []
    private var many: Set<ExactText>?

    public init() {}

    public init<S: Sequence<String>>(_ tags: S) {
        for tag in tags { insert(tag) }
    }

    public func contains(_ tag: String) -> Bool {
        let key = Tags.folded(tag)
        return many?.contains(key) ?? few.contains(key)
    }

    /// Adds the tag; false when it was there already (in any ASCII case).
    @discardableResult
    public mutating func insert(_ tag: String) -> Bool {
        let key = Tags.folded(tag)
        if many != nil { return many?.insert(key).inserted ?? false }
        guard !few.contains(key) else { return false }
        few.append(key)
        if few.count > Self.searchedInOrder {
            many = Set(few)
            few = []
        }
        return true
    }
}

extension Tags {
    /// The tags, each once (the first spelling of each), in the order given.
    public static func distinct<S: Sequence<String>>(_ tags: S) -> [String] {
        var seen = TagSet()
        return tags.filter { seen.insert($0) }
    }
}
