import TodoConfiguration
import TodoCore
import TodoHistory
import TodoSync
import TodoTerminal

#if canImport(Glibc)
import Glibc
#endif

/// `todo sync …` on the configured file (never a server: a hub is what a file syncs with). The
/// composition root gives the file (`open`) and the exchange with a hub (`exchange`: only it
/// knows the PostgreSQL repository, and a build without one refuses there).
package struct SyncRun {
    /// Syncs `file` with the hub at the URL (`linking`: `todo sync init`); `timeout`: seconds to
    /// reach the hub and for each statement (the sync after a command), else the configuration's.
    package typealias Exchange = (_ file: any SQLRepository, _ hub: ServerURL, _ linking: Bool, _ timeout: Int?) throws -> SyncReport

    package let configuration: Configuration
    /// Whether this build reaches servers: a build without PostgreSQL refuses `sync init` before
    /// it makes the file.
    package let opensServers: Bool
    /// Opens the file; `onlyReads` for what only reads it (status, the conflicts' list), which
    /// works on a read-only file as every reading command does.
    package let open: (_ onlyReads: Bool) throws -> any SQLRepository
    package let exchange: Exchange

    package init(_ configuration: Configuration, opensServers: Bool, open: @escaping (_ onlyReads: Bool) throws -> any SQLRepository,
                 exchange: @escaping Exchange) {
        (self.configuration, self.opensServers, self.open, self.exchange) = (configuration, opensServers, open, exchange)
    }

    package func carryOut(_ request: SyncRequest, json: Bool) throws {
        let location = configuration.location
        if location.server != nil { throw SyncFailure.notAFile(location.shown) }
        // Only linking may make the file: a new machine's first step.
        var hub: ServerURL?
        if case .link(let text) = request {
            hub = ServerURL(text)
            guard let hub else { throw SyncFailure.notAHub(text) }
            if !opensServers { throw ServerRefusal.notThisBuild(hub) }
        } else if access(location.path, F_OK) != 0 {
            throw SyncFailure.notLinked
        }
        let file = try open(request.onlyReads)
        switch request {
        case .link(let text):
            guard let url = hub else { throw SyncFailure.notAHub(text) }
            let report = try exchange(file, url, true, nil)
            try afterTheChange { try print(report, of: file, linking: true, json: json) }
            if report.clearedHistory { StandardError.write("todo: the history was cleared: its changes named the tasks' old ids\n") }
        case .run:
            let report = try exchange(file, try linkedHub(of: file), false, nil)
            try afterTheChange { try print(report, of: file, linking: false, json: json) }
        case .status: try StandardOutput.print(SyncText.status(try Sync.status(of: file), json: json))
        case .conflicts(let ids) where !ids.isEmpty:
            try Sync.dismiss(ids, in: file)
            try afterTheChange { try StandardOutput.print(SyncText.dismissed(ids, json: json)) }
        case .conflicts:
            let output = StandardOutput(holdUntilFlushed: true)
            try SyncText.writeConflicts(json: json, to: output) { try Sync.forEachConflict(in: file, $0) }
            try output.flush()
        case .unlink:
            let unlinked = try Sync.unlink(file)
            try afterTheChange { try StandardOutput.print(SyncText.unlinked(unlinked, json: json)) }
        }
    }

    /// Output written once the sync's change is committed: a failure to write it says the
    /// change was made, as every command's does (`CommandRun`).
    private func afterTheChange(_ write: () throws -> Void) throws {
        try OutputFailed.writing(afterChange: true, write)
    }

    /// TODO_SYNC_AUTO: a sync after a command that wrote to `repository`, if it is a linked file,
    /// bounded by TODO_SYNC_TIMEOUT. It never fails the command: not reaching the hub is one line
    /// on stderr, and so is each conflict found.
    package func afterwards(_ repository: any TodoRepository) {
        guard configuration.location.server == nil, let file = repository as? any SQLRepository, (try? Sync.link(of: file)) != nil else { return }
        let report: SyncReport
        do {
            report = try exchange(file, try linkedHub(of: file), false, try configuration.syncSettings().timeoutSeconds)
        } catch {
            return StandardError.write("todo: not synced (\(TerminalText.safe(String(describing: error))))\n")
        }
        guard report.conflicts > 0 else { return }
        do {
            try Sync.forEachConflict(foundBy: report, in: file) { StandardError.write("todo: sync conflict: " + SyncText.line($0) + "\n") }
        } catch {
            StandardError.write("todo: synced, but its conflicts cannot be read (\(TerminalText.safe(String(describing: error)))): see todo sync conflicts\n")
        }
    }

    /// The report of a sync that committed, its conflicts and ids read from the file as they are
    /// printed; held until whole, so that a failed read prints nothing but the error.
    private func print(_ report: SyncReport, of file: any SQLRepository, linking: Bool, json: Bool) throws {
        let output = StandardOutput(holdUntilFlushed: true)
        try SyncText.write(report, linking: linking, json: json, to: output,
                           conflicts: { try Sync.forEachConflict(foundBy: report, in: file, $0) },
                           renumbered: { try Sync.forEachRenumbered(in: file, $0) })
        try output.flush()
    }

    /// The hub `file` is linked to: TODO_SYNC_URL (with its password), else the URL it keeps.
    private func linkedHub(of file: any SQLRepository) throws -> ServerURL {
        guard let link = try Sync.link(of: file) else { throw SyncFailure.notLinked }
        return try configuration.syncSettings().url ?? ServerURL(link.hub) ?? { throw SyncFailure.notAHub(link.hub) }()
    }
}
