import TodoCore

/// Undo and redo, which MainList and TodoList both offer (the navigator's `u` works on either).
enum HistoryEvents {
    static func handle(_ event: ViewEvent, _ repository: any TodoRepository, _ display: any Display) throws {
        switch event {
        case .undo: try display.show(repository.undo(), .undone)
        case .redo: try display.show(repository.redo(), .redone)
        default: break
        }
    }
}
