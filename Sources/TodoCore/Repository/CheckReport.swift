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
