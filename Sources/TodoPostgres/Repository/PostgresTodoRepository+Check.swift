#if PostgreSQL
import TodoCore

extension PostgresTodoRepository {
    /// Everything wrong with the todo database at `url`, one finding per line; empty when it is
    /// sound. Only reads, unless `repair`, which recounts the lists: unlike opening it for a
    /// command, it does not set up or migrate the schema.
    public static func check(url: String, shown: String, options: Options = Options(), repair: Bool = false) throws -> CheckReport {
        let repository = try connect(url: url, shown: shown, options: options)
        return try repository.translatingErrors {
            let check = ServerCheck(repository: repository)
            let found = try sayingWhoLetsIn(shown, repository.server) { try check.findings() }
            guard repair, !found.repairable.isEmpty else { return CheckReport(findings: found.all, notChecked: found.notChecked) }
            try check.repair()
            let after = try check.findings()
            return CheckReport(findings: after.all, repaired: found.repairable, notChecked: after.notChecked)
        }
    }
}
#endif
