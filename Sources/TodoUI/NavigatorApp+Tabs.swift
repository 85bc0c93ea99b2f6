import TodoCoordinators
import TodoCore

/// The tabs: `1` Lists, `2` Tasks, `3` Agenda, and `Tab`/`Shift-Tab` to cycle them. Each tab's
/// screens stay on its own stack; its windows and filter stay in its `Place`.
extension NavigatorApp {
    /// What the navigator keeps of a tab while another is shown.
    struct Place {
        /// MainList's window: the first list shown, the selected row within it, the selected list.
        var listTop = 0
        var listCursor = 0
        var selectedList: TodoList.ID?
        /// A window of tasks (TodoList, Tasks, Agenda): the first row shown, the selected row
        /// within it, the selected task.
        var top = 0
        var cursor = 0
        var selectedTask: TodoTask.ID?
        /// The words of `/`, while a filter is on.
        var filter: [String] = []
    }

    var tab: Tab { app.tabBar?.selectedTab ?? .lists }

    var place: Place {
        get { places[Tab.allCases.firstIndex(of: tab) ?? 0] }
        set { places[Tab.allCases.firstIndex(of: tab) ?? 0] = newValue }
    }

    func show(_ tab: Tab) {
        app.tabBar?.select(tab)
    }

    var listTop: Int { get { place.listTop } set { place.listTop = newValue } }
    var listCursor: Int { get { place.listCursor } set { place.listCursor = newValue } }
    var selectedList: TodoList.ID? { get { place.selectedList } set { place.selectedList = newValue } }
    var top: Int { get { place.top } set { place.top = newValue } }
    var cursor: Int { get { place.cursor } set { place.cursor = newValue } }
    var selectedTask: TodoTask.ID? { get { place.selectedTask } set { place.selectedTask = newValue } }
    var filter: [String] { get { place.filter } set { place.filter = newValue } }
}
