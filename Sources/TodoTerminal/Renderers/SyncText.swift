import TodoCore
import TodoInterchange

/// What `todo sync …` prints, as text for people or as JSON (docs/manual.md, "Several
/// machines"): the hub as it may be shown (without a password), escaped or quoted here.
public enum SyncText {
    /// Each item `forEach` gives it, as its body, once.
    public typealias Items<Item> = (_ body: (Item) throws -> Void) throws -> Void

    /// `todo sync` and `todo sync init`: the counts, each conflict, and the ids the sync changed,
    /// written to `output` as `conflicts` and `renumbered` read them (there may be one per task).
    public static func write(_ report: SyncReport, linking: Bool, json: Bool, to output: StandardOutput,
                             conflicts: Items<SyncConflict>, renumbered: Items<Renumbered>) throws {
        if json {
            try output.write("{\"hub\":" + JSONWriter.string(report.hub) + ",\"sent\":\(report.sent),\"received\":\(report.received),\"conflicts\":")
            try array(conflicts, to: output, conflict(json:))
            if linking || report.renumbered > 0 {
                try output.write(",\"renumbered\":")
                try array(renumbered, to: output) { "{\"from\":\($0.from),\"to\":\($0.to)}" }
            }
            if let behind = report.hubBehind {
                try output.write(",\"hub_behind\":{\"lacked\":\(behind.lacked),\"had_otherwise\":\(behind.hadOtherwise)}")
            }
            if report.separatedFromCopy { try output.write(",\"separated_from_copy\":true") }
            return try output.write("}\n")
        }
        let count = report.conflicts
        try output.write((linking ? "Linked this file to " : "Synced with ") + TerminalText.safe(report.hub)
            + ": sent \(report.sent) change\(report.sent == 1 ? "" : "s"), received \(report.received)"
            + (count == 0 ? "" : ", \(count) conflict\(count == 1 ? "" : "s")") + "\n")
        if let behind = report.hubBehind {
            try output.write("  The hub was not as this file left it (reset, or restored from an older backup): this file's lists and tasks"
                + " were sent again (\(behind.lacked) the hub did not have, \(behind.hadOtherwise) it had otherwise)\n")
        }
        if report.separatedFromCopy {
            try output.write("  A copy of this file had synced with this hub as this file: this file now syncs as one of its own,"
                + " with ids of its own\n")
        }
        try conflicts { try output.write("  " + line($0) + "\n") }
        try renumbered { try output.write("  \($0.from) → \($0.to)\n") }
    }

    /// `todo sync conflicts`: those not dismissed, a line each or a JSON array.
    public static func writeConflicts(json: Bool, to output: StandardOutput, _ conflicts: Items<SyncConflict>) throws {
        if json {
            try array(conflicts, to: output, conflict(json:))
            return try output.write("\n")
        }
        try conflicts { try output.write(line($0) + "\n") }
    }

    /// A JSON array of the items, each as `json` writes it.
    private static func array<Item>(_ items: Items<Item>, to output: StandardOutput, _ json: @escaping (Item) -> String) throws {
        try output.write("[")
        var separator = ""
        try items { item in
            try output.write(separator + json(item))
            separator = ","
        }
        try output.write("]")
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
