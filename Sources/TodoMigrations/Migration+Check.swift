extension Migration {
    /// What `todo db check` says of the migrations a database records (version, name, checksum)
    /// against `known`, this binary's: one it does not know (`newer` says what wrote it), one
    /// whose checksum differs, one not applied yet. Empty when they match.
    public static func findings(recorded: [(version: Int, name: String, checksum: String)], known: [Migration], newer: String) -> [String] {
        var findings: [String] = []
        for record in recorded {
            guard let migration = known.first(where: { $0.version == record.version }) else {
                findings.append("migration \(record.version) (\(record.name)) is not known to this todo: \(newer)")
                continue
            }
            if migration.checksum != record.checksum {
                findings.append("migration \(fileName(version: record.version, name: record.name)) differs from the one applied")
            }
        }
        for migration in known where !recorded.contains(where: { $0.version == migration.version }) {
            findings.append("migration \(migration.fileName) is not applied yet (any todo command applies it)")
        }
        return findings
    }
}
