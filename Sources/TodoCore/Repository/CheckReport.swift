/// What `todo db check` found in a database, and what `--repair` put right: the same report
/// for a SQLite file and a PostgreSQL database.
public struct CheckReport: Equatable, Sendable {
    /// One line per problem still there.
    public var findings: [String]
    /// One line per problem repaired.
    public var repaired: [String] = []
    /// What could not be checked, and why (a role without the right to make a scratch schema,
    /// say): said on stderr, not a problem with the database.
    public var notChecked: [String] = []

    public init(findings: [String], repaired: [String] = [], notChecked: [String] = []) {
        self.findings = findings
        self.repaired = repaired
        self.notChecked = notChecked
    }
}

extension CheckReport {
    /// The findings of comparing a database's schema objects with those its migrations build,
    /// each by name (`index tasks_by_due`) with its definition: what is missing, what differs,
    /// what is not todo's.
    public static func schemaFindings(expected: [String: String], actual: [String: String]) -> [String] {
        var findings: [String] = []
        for (name, definition) in expected.sorted(by: { $0.key < $1.key }) {
            if let found = actual[name] {
                // By scalars: a definition edited to a canonically equivalent spelling (a Kelvin
                // sign for a K in a CHECK's text) is still not the one the migrations made.
                if !found.hasSameScalars(as: definition) { findings.append("schema: \(name) differs from what this todo expects") }
            } else {
                findings.append("schema: \(name) is missing")
            }
        }
        for name in actual.keys.sorted() where expected[name] == nil {
            findings.append("schema: \(name) is not part of a todo database")
        }
        return findings
    }
}
