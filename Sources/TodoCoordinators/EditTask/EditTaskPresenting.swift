import TodoCore

/// A coordinator whose screen opens a task in EditTask, presented over it: TodoList, and the
/// Tasks and Agenda tabs' roots (AcrossLists).
public protocol EditTaskPresenting: Coordinator {
    var dependencies: Dependencies { get }
}

extension EditTaskPresenting {
    /// Presents EditTask for `task` and keeps its coordinator while it is shown.
    @discardableResult
    public func showEditTask(_ task: TodoTask) -> EditTaskCoordinator {
        let editTask = EditTaskCoordinator(dependencies)
        editTask.parentCoordinator = self
        childCoordinators.append(editTask)
        editTask.start(with: task)
        return editTask
    }
}
