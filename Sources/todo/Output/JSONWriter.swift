import TodoCore

/// JSON text for the shapes of CLI.md: snake_case keys, every key always present, `null` for
/// nothing. Strings keep the data exactly; only what JSON requires is escaped.
enum JSONWriter {
    static func task(_ task: TodoTask) -> String {
        var json = "{\"id\":\(task.id),\"list\":"
        json += string(task.listName)
        json += ",\"title\":" + string(task.title)
        json += ",\"notes\":" + (task.notes.map(string) ?? "null")
        json += ",\"due\":" + (task.due.map { string($0.description) } ?? "null")
        json += ",\"priority\":" + string(task.priority.rawValue)
        json += ",\"done\":" + (task.isDone ? "true" : "false")
        json += ",\"created_at\":" + string(task.createdAt)
        json += ",\"updated_at\":" + string(task.updatedAt)
        json += ",\"completed_at\":" + (task.completedAt.map(string) ?? "null")
        return json + "}"
    }

    static func list(_ list: TodoList) -> String {
        "{\"id\":\(list.id),\"name\":" + string(list.name) + ",\"open\":\(list.openCount),\"done\":\(list.doneCount)}"
    }

    static func summary(_ summary: ImportSummary) -> String {
        "{\"imported\":\(summary.imported),\"lists_created\":\(summary.listsCreated)}"
    }

    static func string(_ text: String) -> String {
        var json = "\""
        json.reserveCapacity(text.utf8.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "\n": json += "\\n"
            case "\r": json += "\\r"
            case "\t": json += "\\t"
            case "\u{08}": json += "\\b"
            case "\u{0C}": json += "\\f"
            case "\u{00}"..."\u{1F}":
                let hex = String(scalar.value, radix: 16)
                json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: json.unicodeScalars.append(scalar)
            }
        }
        return json + "\""
    }
}
