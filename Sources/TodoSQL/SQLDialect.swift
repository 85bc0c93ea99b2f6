/// Where one backend's SQL differs from another's, for statements written once: everything else
/// (`IS NOT DISTINCT FROM`, `UPDATE … FROM`, `ON CONFLICT DO NOTHING`, `RETURNING`, recursive
/// common table expressions) both SQLite 3.39+ and PostgreSQL read the same way.
public protocol SQLDialect: Sendable {
    /// Whether `a` and `b` are the same name, ignoring ASCII case as list names and tags do (`a`
    /// a column, so its index serves).
    func sameName(_ a: String, _ b: String) -> String
    /// What orders names as list names are ordered (ASCII case folded, then by bytes), `column`
    /// a column whose index serves.
    func nameOrder(_ column: String) -> String
    /// What orders `expression` (any text) as names are ordered, ASCII case folded, then by bytes.
    func folded(_ expression: String) -> String
    /// The value of a `LIMIT` of `count` rows, or of none.
    func limit(_ count: Int?) -> SQLValue
    /// `text` compared byte for byte, whatever its column's collation.
    func exactly(_ text: String) -> String
    /// How many bytes the text `expression` takes in UTF-8.
    func byteLength(_ expression: String) -> String
    /// `expression` read as text (a number in decimal, a truth value as 0 or 1).
    func asText(_ expression: String, isBool: Bool) -> String
    /// The tags of the task whose id is `id`, as one space-separated text in listing order
    /// (ASCII case folded, then by bytes); '' for none.
    func tags(ofTask id: String) -> String
    /// A common table expression `split (task_id, tag)`, one row per space-separated word (and
    /// maybe some empty ones) of `tags` of each row of the expression `source (task_id, tags)`
    /// defined before it. The statement begins `WITH RECURSIVE`.
    var splitTags: String { get }
    /// A query of `(task_id, tag)` for each non-empty tag of `split (task_id, tag)` (`splitTags`),
    /// the tag spelled as the database already knows it when some task has it (tags match
    /// ignoring ASCII case, and keep the spelling they were first written in).
    func spelledAsKnown(tagsOf split: String) -> String
    /// Whether the task whose `done` column is `column` is open, as its indexes on open tasks
    /// are declared (so they serve).
    func isOpen(_ column: String) -> String
    /// The value a search for every one of `words` (each with a letter or digit) is asked with.
    func searchText(_ words: [String]) -> SQLValue
    /// Whether task `t` matches the search `text` (a placeholder for `searchText`'s value).
    func matchesSearch(_ text: String) -> String
    /// `table` read in the order of its ids, whatever index a condition could use (for a walk
    /// through most of it).
    func inIDOrder(_ table: String) -> String
    /// Whether a statement that fails ends the transaction it ran in (PostgreSQL's), so that a
    /// refusal cannot be tried and recovered from (SQLite's) but must be avoided beforehand.
    var failureEndsTransaction: Bool { get }
    /// What a read of the rows of `table` (its name or alias) about to be written ends with, so
    /// that no other writer changes them first (PostgreSQL's ` FOR UPDATE OF t`: psql takes none
    /// of todo's locks); nil where a write transaction holds the whole database already (SQLite's).
    func lockingRead(of table: String) -> String?
    /// The id a task todo adds is given: a file linked to a hub the next of the ids it reserved
    /// there (-1 once none is left), or NULL, which numbers it as the table does; a server numbers
    /// it itself (`DEFAULT`).
    var newTaskID: String { get }
    /// The statement that marks the id `$1`, given by `newTaskID`, as handed out; nil where the
    /// table's own numbering did that.
    var takeTaskID: String? { get }
    /// The most rows one statement should write when it runs triggers or cascades (which gather
    /// every row they touch in memory first); nil for no limit.
    var rowsPerStatement: Int? { get }
}
