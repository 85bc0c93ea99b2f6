/// The navigator's tabs, in the order of their keys (`1`, `2`, `3`): each keeps its own stack of
/// screens, as each tab of the seeds' TabBar has its own navigation controller.
public enum Tab: Int, CaseIterable, Sendable {
    /// MainList → TodoList → EditTask.
    case lists = 1
    /// Every open task across lists (`todo tasks`) → EditTask.
    case tasks
    /// Open dated tasks through the days ahead (`todo agenda`) → EditTask.
    case agenda

    public var title: String {
        switch self {
        case .lists: "Lists"
        case .tasks: "Tasks"
        case .agenda: "Agenda"
        }
    }

    /// The tab after this one, wrapping around (`Tab`), or before it (`Shift-Tab`).
    public func next(by step: Int = 1) -> Tab {
        let all = Tab.allCases
        let index = all.firstIndex(of: self) ?? 0
        return all[((index + step) % all.count + all.count) % all.count]
    }
}
