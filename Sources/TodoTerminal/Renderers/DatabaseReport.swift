import TodoCore
import TodoInterchange

/// What `todo db path`, `todo db check` and `todo db backup` print on success, as text for people
/// or as one JSON object (docs/manual.md): the database as it may be shown (a server URL without
/// its password), escaped for the terminal or quoted for JSON here, nowhere else.
public enum DatabaseReport {
    /// `todo db path`: where the database is and what chose it. `exists` is nil for a server
    /// (not known without connecting); for one, the text says whether this build opens it.
    public static func path(_ shown: String, source: String, sourceKey: String, exists: Bool?, opensServers: Bool, json: Bool) -> String {
        let note = switch exists {
        case nil: "; a PostgreSQL database" + (opensServers ? "" : ", which this todo cannot open (built without PostgreSQL)")
        case true?: ""
        case false?: "; it does not exist yet"
        }
        if json {
            return "{\"path\":" + JSONWriter.string(shown) + ",\"source\":" + JSONWriter.string(sourceKey)
                + ",\"exists\":\(exists.map(String.init) ?? "null")}\n"
        }
        return TerminalText.safe(shown) + "\nchosen by \(source)" + note + "\n"
    }

    /// `todo db check` found nothing wrong (after `repaired` repairs).
    public static func checked(_ shown: String, repaired: Int, json: Bool) -> String {
        json ? "{\"path\":" + JSONWriter.string(shown) + ",\"ok\":true,\"repaired\":\(repaired)}\n" : "\(TerminalText.safe(shown)): ok\n"
    }

    /// `todo db backup` wrote `file`.
    public static func backedUp(_ shown: String, to file: String, json: Bool) -> String {
        json ? "{\"backup\":" + JSONWriter.string(file) + "}\n" : "Backed up \(TerminalText.safe(shown)) to \(TerminalText.safe(file))\n"
    }

    /// What `todo db check` repaired, and what it could not check, on stderr (stdout stays the verdict).
    public static func tellRepairs(of report: CheckReport) {
        for line in report.repaired { StandardError.write("todo: repaired: \(TerminalText.safe(line))\n") }
        for line in report.notChecked { StandardError.write("todo: \(TerminalText.safe(line))\n") }
    }
}
