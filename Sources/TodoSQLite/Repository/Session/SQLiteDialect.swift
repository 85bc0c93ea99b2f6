import TodoCore
import TodoSQL

/// SQLite's SQL where it is not PostgreSQL's: names and tags are `COLLATE NOCASE` columns, tags
/// are gathered with `group_concat` and split with a recursive expression.
struct SQLiteDialect: SQLDialect {
    func sameName(_ a: String, _ b: String) -> String { "\(a) = \(b) COLLATE NOCASE" }

    func exactly(_ text: String) -> String { "\(text) COLLATE BINARY" }

    /// The column's own NOCASE collation (and its unique index).
    func nameOrder(_ column: String) -> String { column }

    func folded(_ expression: String) -> String { "\(expression) COLLATE NOCASE" }

    /// A negative limit is none.
    func limit(_ count: Int?) -> SQLValue { .integer(Int64(count ?? -1)) }

    func byteLength(_ expression: String) -> String { "length(CAST(\(expression) AS BLOB))" }

    /// SQLite reads any value as text when asked to.
    func asText(_ expression: String, isBool: Bool) -> String { expression }

    func tags(ofTask id: String) -> String {
        "coalesce((SELECT group_concat(tag, ' ') FROM (SELECT tag FROM task_tags WHERE task_id = \(id) ORDER BY tag)), '')"
    }

    var splitTags: String {
        """
        split (task_id, tag, rest) AS (
            SELECT task_id, '', tags || ' ' FROM source
            UNION ALL
            SELECT task_id, substr(rest, 1, instr(rest, ' ') - 1), substr(rest, instr(rest, ' ') + 1) FROM split WHERE rest <> '')
        """
    }

    /// The column's collation finds the spelling, through the tag's index.
    func spelledAsKnown(tagsOf split: String) -> String {
        "SELECT s.task_id, coalesce((SELECT g.tag FROM task_tags AS g WHERE g.tag = s.tag LIMIT 1), s.tag) FROM \(split) AS s WHERE s.tag <> ''"
    }

    func inIDOrder(_ table: String) -> String { "\(table) NOT INDEXED" }

    func isOpen(_ column: String) -> String { "\(column) = 0" }

    /// The FTS5 query: each word a quoted string, so operators and punctuation in it are taken
    /// literally, with `*` so it also matches as a prefix; FTS5 ANDs them.
    func searchText(_ words: [String]) -> SQLValue {
        .text(words.map { "\"" + $0.replacingEvery("\"", with: "\"\"") + "\"*" }.joined(by: " "))
    }

    func matchesSearch(_ text: String) -> String {
        "t.id IN (SELECT rowid FROM tasks_search WHERE tasks_search MATCH \(text))"
    }

    /// A refused statement leaves the transaction as it was before it.
    var failureEndsTransaction: Bool { false }
    func lockingRead(of table: String) -> String? { nil }

    /// A statement that runs triggers or cascades first gathers every rowid it touches in memory
    /// (32 MiB for a million), and an UPDATE FROM every row it joins.
    var rowsPerStatement: Int? { 50_000 }

    /// A linked file's next reserved id (sync_link, migration 0008), past any a task was given
    /// by hand (sqlite3) meanwhile; none while it is not linked.
    var newTaskID: String { "(SELECT CASE WHEN n <= last_id THEN n ELSE -1 END FROM (\(Self.nextReservedID)))" }

    var takeTaskID: String? { "UPDATE sync_link SET next_id = $1 + 1 WHERE next_id <= $1" }

    /// `n`, the next free id of a linked file's block, and `last_id`.
    static let nextReservedID = """
        SELECT max(l.next_id, coalesce((SELECT max(t.id) + 1 FROM tasks AS t WHERE t.id BETWEEN l.next_id AND l.last_id), 0)) AS n, l.last_id
        FROM sync_link AS l
        """
}
