import TodoCore
import TodoCoordinators
import TodoInterchange
import TodoTerminal

extension CommandPlan {
    /// Carries the plan out: a writing command in one write of the repository (recorded in the
    /// history as its command line, or rolled back for a dry run), a reading one as it is.
    public func carryOut(on repository: any TodoRepository, _ app: AppCoordinator) throws {
        guard writes else { return try takeSteps(app) }
        try repository.write(dryRun: dryRun, recording: recordsChange ? commandLine : nil) { try takeSteps(app) }
    }

    /// Takes the plan's steps, in order, through the AppCoordinator, to the screens of the tab on show.
    public func takeSteps(_ app: AppCoordinator) throws {
        for step in steps {
            switch step {
            case .open(let link): try app.open(link)
            case .eachTask(let tasks, let action):
                // A task named by its id and by its uuid counts once, as a repeated id does (the
                // ids alone were deduplicated while planning, without a set).
                var seen: Set<Int64>? = tasks.contains { if case .uuid = $0 { true } else { false } } ? [] : nil
                for task in tasks {
                    let id = try app.taskID(task)
                    if seen != nil, seen?.insert(id).inserted == false { continue }
                    try app.open(action.link(id))
                    try app.screens.send(action.event(id))
                }
            case .send(let event): try app.screens.send(event)
            }
        }
    }

    /// What prints the plan's outcome: the ids alone, a format's records, JSON, else text (in
    /// colour by `Settings.colour`).
    public func renderer(_ settings: Settings, output: StandardOutput, forbidsColour: Bool, missingDatabase: String?) -> any Renderer {
        if quiet { return QuietRenderer(output: output) }
        switch format {
        case .ndjson: return NDJSONRenderer(output: output)
        case .csv: return CSVRenderer(output: output)
        case .json: return JSONRenderer(output: output, shape: .many)
        case .taskwarrior: return OtherToolRenderer(.taskwarrior, output: output, notices: notices ?? Notices(about: .tasks))
        case .todotxt: return OtherToolRenderer(.todotxt, output: output, notices: notices ?? Notices(about: .tasks))
        case .ics: return OtherToolRenderer(.calendar(CalendarWriter()), output: output, notices: notices ?? Notices(about: .tasks))
        case nil: break
        }
        if settings.json { return JSONRenderer(output: output, shape: shape) }
        let colour = settings.colour(onTerminal: output.isTerminal, forbidden: forbidsColour)
        return HumanRenderer(output: output, style: Style(isEnabled: colour), dryRun: dryRun, missingDatabase: missingDatabase)
    }
}
