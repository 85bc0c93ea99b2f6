import TodoCore
import TodoInterchange

/// What `todo sync …` prints, as text for people or as JSON (docs/manual.md, "Several
/// machines"): the hub as it may be shown (without a password), escaped or quoted here.
public enum SyncText {
    /// `todo sync` and `todo sync init`: the counts, each conflict, and the ids a first sync changed.
    public static func report(_ report: SyncReport, linking: Bool, json: Bool) -> String {
        if json {
            var text = "{\"hub\":" + JSONWriter.string(report.hub) + ",\"sent\":\(report.sent),\"received\":\(report.received),\"conflicts\":["
            text += report.conflicts.map(conflict(json:)).joined(separator: ",") + "]"
            if linking || !report.renumbered.isEmpty {
                text += ",\"renumbered\":[" + report.renumbered.map { "{\"from\":\($0.from),\"to\":\($0.to)}" }.joined(separator: ",") + "]"
            }
            if let behind = report.hubBehind {
                text += ",\"hub_behind\":{\"lacked\":\(behind.lacked),\"had_otherwise\":\(behind.hadOtherwise)}"
            }
            return text + "}\n"
        }
        let count = report.conflicts.count
        var text = (linking ? "Linked this file to " : "Synced with ") + TerminalText.safe(report.hub)
            + ": sent \(report.sent) change\(report.sent == 1 ? "" : "s"), received \(report.received)"
            + (count == 0 ? "" : ", \(count) conflict\(count == 1 ? "" : "s")") + "\n"
        if let behind = report.hubBehind {
            text += "  The hub was not as this file left it (reset, or restored from an older backup): this file's lists and tasks"
                + " were sent again (\(behind.lacked) the hub did not have, \(behind.hadOtherwise) it had otherwise)\n"
        }
        for conflict in report.conflicts { text += "  " + line(conflict) + "\n" }
        for moved in report.renumbered { text += "  \(moved.from) → \(moved.to)\n" }
        return text
    }

    /// One conflict, as `todo sync conflicts` lists it.
    public static func line(_ conflict: SyncConflict) -> String {
        let what = conflict.task.map { "task \($0)" } ?? "list"
        return "#\(conflict.id) \(what) \(conflict.field): kept \(shown(conflict.kept)), yours \(shown(conflict.yours))"
    }

    public static func conflict(json conflict: SyncConflict) -> String {
        "{\"id\":\(conflict.id),\"task\":\(conflict.task.map(String.init) ?? "null"),\"uuid\":" + JSONWriter.string(conflict.uuid)
            + ",\"field\":" + JSONWriter.string(conflict.field) + ",\"kept\":" + (conflict.kept.map(JSONWriter.string) ?? "null")
            + ",\"yours\":" + (conflict.yours.map(JSONWriter.string) ?? "null") + ",\"at\":" + JSONWriter.string(conflict.at) + "}"
    }

    public static func status(_ status: SyncStatus, json: Bool) -> String {
        if json {
            return "{\"hub\":" + JSONWriter.string(status.hub) + ",\"last_sync\":" + (status.lastSync.map(JSONWriter.string) ?? "null")
                + ",\"waiting\":\(status.waiting),\"ids_left\":\(status.idsLeft)}\n"
        }
        return "hub: \(TerminalText.safe(status.hub))\nlast sync: \(status.lastSync ?? "never")\n"
            + "waiting: \(status.waiting) change\(status.waiting == 1 ? "" : "s")\nids left: \(status.idsLeft)\n"
    }

    public static func dismissed(_ ids: [Int64], json: Bool) -> String {
        json ? "{\"dismissed\":[" + ids.map(String.init).joined(separator: ",") + "]}\n"
            : "Dismissed \(ids.count) conflict\(ids.count == 1 ? "" : "s"): " + ids.map { "#\($0)" }.joined(separator: " ") + "\n"
    }

    public static func unlinked(_ hub: String, json: Bool) -> String {
        json ? "{\"unlinked\":" + JSONWriter.string(hub) + "}\n" : "Unlinked this file from \(TerminalText.safe(hub)); its lists and tasks stay\n"
    }

    private static func shown(_ value: String?) -> String {
        value.map { "\"" + TerminalText.safe($0) + "\"" } ?? "(none)"
    }
}
