#if PostgreSQL
import TodoCore
import TodoSQL

/// PostgreSQL's SQL where it is not SQLite's: names and tags match through `todo_nocase` (and its
/// indexes), text is sorted by its bytes (`COLLATE "C"`), values are typed.
struct PostgresDialect: SQLDialect {
    func sameName(_ a: String, _ b: String) -> String { "todo_nocase(\(a)) = todo_nocase(\(b))" }

    /// The SQLite file's NOCASE order: ASCII case folded, then by bytes.
    func nameOrder(_ column: String) -> String { folded(column) }
    func folded(_ expression: String) -> String { "todo_nocase(\(expression)) COLLATE \"C\"" }

    /// A NULL limit is none.
    func limit(_ count: Int?) -> SQLValue { count.map { .integer(Int64($0)) } ?? .null }

    /// Text columns compare by their bytes already.
    func exactly(_ text: String) -> String { text }

    func byteLength(_ expression: String) -> String { "octet_length(\(expression))" }

    func asText(_ expression: String, isBool: Bool) -> String {
        isBool ? "\(expression)::int::text" : "\(expression)::text"
    }

    /// Sorted as the SQLite file sorts them (ASCII case folded, then by bytes).
    func tags(ofTask id: String) -> String {
        "coalesce((SELECT string_agg(tag, ' ' ORDER BY todo_nocase(tag) COLLATE \"C\") FROM task_tags WHERE task_id = \(id)), '')"
    }

    var splitTags: String {
        "split (task_id, tag) AS (SELECT s.task_id, w.tag FROM source AS s, unnest(string_to_array(s.tags, ' ')) AS w (tag))"
    }

    /// Each tag's spelling looked up once, not once per row: in a bulk load the tags' own index
    /// is set aside, and a lookup per row would read the whole table each time.
    func spelledAsKnown(tagsOf split: String) -> String {
        """
        SELECT s.task_id, coalesce(k.tag, s.tag) FROM \(split) AS s LEFT JOIN (
            SELECT DISTINCT ON (todo_nocase(g.tag)) todo_nocase(g.tag) AS key, g.tag FROM task_tags AS g
            WHERE todo_nocase(g.tag) IN (SELECT DISTINCT todo_nocase(tag) FROM \(split)) ORDER BY todo_nocase(g.tag), g.task_id
        ) AS k ON k.key = todo_nocase(s.tag) WHERE s.tag <> ''
        """
    }

    func inIDOrder(_ table: String) -> String { table }

    func isOpen(_ column: String) -> String { "NOT \(column)" }

    /// The words, which hold no whitespace, as one text: `matchesSearch` splits it again.
    func searchText(_ words: [String]) -> SQLValue { .text(words.joined(by: " ")) }

    /// Each word a phrase of its letter-and-digit runs, the last one a prefix; all of them must
    /// match. Built by todo_search_query from the words as typed, folded as the stored side is.
    func matchesSearch(_ text: String) -> String {
        "t.search @@ todo_search_query(string_to_array(CAST(\(text) AS TEXT), ' '))"
    }

    /// A refused statement aborts the transaction (short of a savepoint, a round trip each).
    var failureEndsTransaction: Bool { true }
    func lockingRead(of table: String) -> String? { " FOR UPDATE OF \(table)" }

    /// A statement holds no more in memory for the rows it writes.
    var rowsPerStatement: Int? { nil }

    /// The identity, which id blocks reserved for linked files stay below (postgres/0005).
    var newTaskID: String { "DEFAULT" }

    var takeTaskID: String? { nil }
}
#endif
