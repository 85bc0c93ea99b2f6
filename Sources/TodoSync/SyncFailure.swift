import TodoCore

/// What stops a sync (nothing of it is kept, here or on the hub).
public enum SyncFailure: ReportedError, Equatable {
    /// A task the hub sends has an id a task of this file has (given by hand).
    case idTaken(Int64)
    case listMissing(String)
    /// `todo sync` on a file that is not linked.
    case notLinked
    /// `todo sync init` on a file that is.
    case alreadyLinked(hub: String)
    /// A row the sync was about to write on the hub was changed there meanwhile (by psql).
    case hubChangedMeanwhile
    /// `--db` names a server: a file syncs with a hub, a hub with nothing.
    case notAFile(String)
    /// `todo sync init` of something that is not a postgres:// URL.
    case notAHub(String)
    /// A task holds what the hub cannot store.
    case cannotSend(Int64, String)
    /// A list's name holds what the hub cannot store.
    case cannotSendList(String)
    /// A list's name in the file is not UTF-8 (written by hand).
    case listNameNotUTF8(Int64)
    /// `--dismiss` of an id that is no conflict waiting.
    case noConflict(Int64)
    /// The hub is not the database this file was linked to.
    case otherHub(linked: String, found: String)
    /// A value on the hub that todo cannot read (written there by hand): the row, and what.
    case unreadableOnHub(String, String)
    /// A value in this file that todo cannot read (written by hand): the row, and what.
    case unreadableHere(String, String)

    public var exitStatus: Int32 {
        if case .notAHub = self { return ExitStatus.usage }
        return ExitStatus.failure
    }

    public var description: String {
        switch self {
        case .idTaken(let id):
            "the hub sends a task with id \(id), which a task of this file has too (one given by hand?); give it another id with sqlite3, or export and remove it, then sync again. Nothing was synced"
        case .listMissing(let uuid):
            "a task's list \(uuid) is on neither side; run todo db check. Nothing was synced"
        case .notLinked:
            "this file is not linked to a hub: todo sync init URL links it"
        case .alreadyLinked(let hub):
            "this file is already linked to \(hub): todo sync unlink first to link it elsewhere"
        case .hubChangedMeanwhile:
            "a row changed on the hub while this sync ran (psql?); nothing was synced: run todo sync again"
        case .notAFile(let shown):
            "todo sync links a file to a hub, and \(shown) is a PostgreSQL database; give --db or TODO_DB the file to link (the hub is todo sync init's URL)"
        case .notAHub(let text):
            "a hub is a PostgreSQL database, given as postgres://user@host/database, not '\(text)'"
        case .cannotSend(let id, let what):
            "task \(id) holds \(what), which PostgreSQL cannot store; edit it (todo edit \(id)), then sync again. Nothing was synced"
        case .cannotSendList(let name):
            "the list \(MessageText.quoted(name.replacing("\u{0}", with: "\\0"))) has a NUL character in its name, which PostgreSQL cannot store; rename it (todo rename-list), then sync again. Nothing was synced"
        case .listNameNotUTF8(let id):
            "list \(id)'s name in the database is not UTF-8 text (written by hand?), which would reach the hub changed; rename it with sqlite3 (see todo db check), then sync again. Nothing was synced"
        case .noConflict(let id):
            "there is no conflict \(id) waiting (todo sync conflicts lists them); nothing was dismissed"
        case .unreadableOnHub(let row, let problem):
            "the hub's \(row) holds what todo cannot read: \(problem) (written there by hand?); fix it there (todo db check --db on the hub lists every such value), then sync again. Nothing was synced"
        case .unreadableHere(let row, let problem):
            "this file's \(row) holds what todo cannot read: \(problem) (written by hand?); fix it (todo db check lists every such value), then sync again. Nothing was synced"
        case .otherHub(let linked, let found):
            "the hub is not the database this file was linked to (linked: \(linked), found: \(found)); nothing was synced. todo sync unlink, then todo sync init URL, links it to this one"
        }
    }
}
