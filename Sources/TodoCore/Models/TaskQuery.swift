/// Which tasks to show, and in what order.
public struct TaskQuery: Equatable, Sendable {
    /// Display orders; every one ends with the task id, so output is deterministic.
    public enum Sort: String, CaseIterable, Sendable {
        /// Dated tasks first, soonest first; undated ones after, oldest first.
        case due
        /// High priority first, then by due as above.
        case priority
        /// When the task was made, as stored (an import keeps a record's own time), then id.
        case created
        /// Title, ignoring ASCII case.
        case title
        /// What needs doing first: overdue tasks, then those due within the week ahead (today
        /// and the 7 days after), then the rest; within each, by priority, then by due as
        /// above. Ranked as of the query's `now`.
        case urgency
    }

    /// The most tags a query filters by, and lists it takes the tasks of: each is a condition
    /// of the statement, and a script's thousands would make one too large to run.
    public static let mostTags = 32
    public static let mostLists = 1_000

    /// The lists whose tasks to show; every list's when empty.
    public var lists: [TodoList.ID]
    public var includeDone: Bool
    public var sort: Sort
    /// Open tasks before done ones (when done ones are included). Export turns it off to get
    /// plain id order.
    public var openFirst = true
    /// In id order, whatever `sort` says: what `todo export` writes (its tags are read beside
    /// the tasks in that order).
    public var inIDOrder = false
    public var limit: Int?
    /// Rows of the order to skip first: a page further down (the navigator reads only the rows
    /// it shows).
    public var offset = 0
    /// Only tasks due strictly before this (a date alone means before that day starts).
    public var dueBefore: Due?
    /// Only overdue tasks as of this local moment: a date before its day, a date and time
    /// before its minute.
    public var overdueAsOf: Due?
    public var priority: Priority?
    /// Only tasks with every one of these tags.
    public var tags: [String]
    /// Only tasks whose title or notes match every word, as `TaskSearch` matches them.
    public var words: [String]
    /// The local moment `urgency` ranks from (today, overdue); without it, urgency is the
    /// priority order.
    public var now: Due?

    public init(
        lists: [TodoList.ID] = [], includeDone: Bool = false, sort: Sort = .due, limit: Int? = nil,
        dueBefore: Due? = nil, overdueAsOf: Due? = nil, priority: Priority? = nil, tags: [String] = [],
        words: [String] = [], now: Due? = nil
    ) {
        self.lists = lists
        self.includeDone = includeDone
        self.sort = sort
        self.limit = limit
        self.dueBefore = dueBefore
        self.overdueAsOf = overdueAsOf
        self.priority = priority
        self.tags = tags
        self.words = words
        self.now = now
    }

    /// Every task of every list, done ones included, in id order: what `todo export` writes.
    public static let everything: TaskQuery = {
        var query = TaskQuery(includeDone: true, sort: .created)
        (query.openFirst, query.inIDOrder) = (false, true)
        return query
    }()
}

/// A full-text search over titles and notes.
public struct TaskSearch: Equatable, Sendable {
    /// Every word must match, each also as the start of a longer word; matched literally.
    public var words: [String]
    public var list: TodoList.ID?
    public var includeDone: Bool
    /// Only tasks with every one of these tags.
    public var tags: [String] = []
    /// At most this many of the best matches, after skipping `offset` of them.
    public var limit: Int?
    public var offset = 0

    public init(words: [String], list: TodoList.ID? = nil, includeDone: Bool = false) {
        self.words = words
        self.list = list
        self.includeDone = includeDone
    }

    /// The words split at whitespace, without those that have no letter or digit: a search
    /// index holds only letters and digits, so such a word could never match.
    public var searchableWords: [String] {
        words.flatMap { $0.split(whereSeparator: \.isWhitespace) }
            .filter { $0.contains { $0.isLetter || $0.isNumber } }
            .map(String.init)
    }
}
