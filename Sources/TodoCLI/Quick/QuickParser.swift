import TodoCore

/// A fast reading of the command lines people and scripts type most (`list`, `add`, `done`,
/// `undone`, `rm`, `show`), because ArgumentParser's reflection costs several times what the
/// rest of such a command does. It only says yes when it reads the line exactly as
/// ArgumentParser would; for anything else (help, a mistake, an option it does not know) it
/// returns nil and ArgumentParser reads the line, with its own messages and exit statuses.
/// `QuickParserTests` check, on many generated lines, that whenever it says yes ArgumentParser
/// makes the same plan.
enum QuickParser {
    static func plan(_ arguments: [String], at now: Due) -> (Settings, CommandPlan)? {
        guard let name = arguments.first else { return nil }
        do {
            return try plan(name, arguments.dropFirst(), at: now)
        } catch {
            return nil  // QuickLine gave up, or a request broke a rule: ArgumentParser will say which
        }
    }

    private static func plan(_ name: String, _ rest: ArraySlice<String>, at now: Due) throws -> (Settings, CommandPlan)? {
        switch name {
        case "list":
            let line = try QuickLine(rest, ListCommand.optionSpecs, repeatable: ["--tag"])
            guard line.positionals.count <= 1 else { return nil }
            let request = ListRequest(
                list: line.positionals.first, all: line.flag("--all"), sort: try line.value("--sort", TaskQuery.Sort.init) ?? .due,
                overdue: line.flag("--overdue"), dueBefore: line.value("--due-before"),
                priority: try line.value("--priority", Priority.init(typed:)), limit: try line.value("--limit") { Int($0) },
                tags: line.values("--tag"))
            return (try settings(line), try request.plan(at: now))
        case "add":
            let line = try QuickLine(rest, AddCommand.optionSpecs, repeatable: ["--tag"])
            guard !line.positionals.isEmpty else { return nil }
            let request = AddRequest(
                words: line.positionals, notes: line.value("--notes"), due: line.value("--due"),
                priority: try line.value("--priority", Priority.init(typed:)) ?? .none, tags: line.values("--tag"),
                repeatRule: line.value("--repeat"), repeatFrom: try line.value("--repeat-from", RepeatFrom.init), writing: writing(line))
            return (try settings(line), try request.plan(at: now))
        case "edit":
            let line = try QuickLine(rest, EditCommand.optionSpecs, repeatable: ["--tag", "--untag"])
            let ids = line.positionals.compactMap { TaskReference($0) }
            guard !ids.isEmpty, ids.count == line.positionals.count else { return nil }
            let request = EditRequest(
                ids: ids, title: line.value("--title"), notes: line.value("--notes"), due: line.value("--due"),
                noDue: line.flag("--no-due"), priority: try line.value("--priority", Priority.init(typed:)), list: line.value("--list"),
                done: line.flag("--done"), undone: line.flag("--undone"), tags: line.values("--tag"), untags: line.values("--untag"),
                repeatRule: line.value("--repeat"), noRepeat: line.flag("--no-repeat"),
                repeatFrom: try line.value("--repeat-from", RepeatFrom.init), writing: writing(line))
            return (try settings(line), try request.plan(at: now))
        case "done", "complete", "undone", "rm", "delete", "remove":
            let line = try QuickLine(rest, DoneCommand.optionSpecs)
            let ids = try self.ids(line)
            let plan = try RemoveCommand.isNamed(name) ? CommandPlan.remove(ids, writing(line))
                : .setDone(DoneCommand.isNamed(name), ids, writing(line))
            return (try settings(line), plan)
        case "show":
            let line = try QuickLine(rest, ShowCommand.optionSpecs)
            return (try settings(line), try .show(ids(line)))
        default:
            return nil
        }
    }

    private static func settings(_ line: QuickLine) throws -> Settings {
        let db = line.value("--db")
        if db == "" { throw QuickLine.GiveUp() }
        let color = try line.value("--color", ColorChoice.init) ?? .auto
        return Settings(db: db, json: line.flag("--json"), color: line.flag("--no-color") ? .never : color)
    }

    private static func writing(_ line: QuickLine) -> Writing {
        Writing(quiet: line.flag("--quiet"), dryRun: line.flag("--dry-run"))
    }

    private static func ids(_ line: QuickLine) throws -> [TaskReference] {
        try line.positionals.map { text in
            guard let task = TaskReference(text) else { throw QuickLine.GiveUp() }
            return task
        }
    }
}
