import Testing
import TodoCoordinators
import TodoCore
import TodoTestSupport

/// The TabBar under the AppCoordinator: one coordinator and one stack of screens per tab, as the
/// seeds' tabs each have their own navigation controller; Tasks and Agenda open EditTask.
@Suite struct TabBarFlowTests {
    @Test func startPutsEachTabsRootOnItsOwnStack() throws {
        let app = try TestApp(lists: ["Groceries"])
        let tabBar = try app.tabBar()

        let stacks = Tab.allCases.map { tabBar.screens(of: $0) }
        #expect(Set(stacks.map(ObjectIdentifier.init)).count == 3, "a stack each")
        #expect(stacks.allSatisfy { $0.stack.count == 1 && $0.presented == nil })
        #expect(stacks[0].stack.first is MainListScreen)
        #expect(stacks.map { $0.stack.first?.showing } == [.lists, .openTasks, .agenda])
        let tasks = try #require(tabBar.coordinator(of: .tasks) as? AcrossListsCoordinator)
        let agenda = try #require(tabBar.coordinator(of: .agenda) as? AcrossListsCoordinator)
        #expect(tasks.parentCoordinator === tabBar && agenda.parentCoordinator === tabBar)
        #expect((stacks[1].stack.first as? AcrossListsScreen)?.coordinator === tasks)
        #expect((stacks[2].stack.first as? AcrossListsScreen)?.coordinator === agenda)
        #expect(app.screens === stacks[0], "events go to the Lists tab first")
        #expect(app.display.shown.isEmpty, "no tab reads anything until asked")
    }

    @Test func switchingAwayAndBackFindsATabAsItWasLeft() throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        let todoList = try app.openList("Groceries")
        try app.screens.send(.selectTask(app.task(titled: "milk").id))
        let editTask = try app.trackEditTask()

        try app.app.open(.tab(.tasks))
        #expect(app.screens.showing == .openTasks)
        try app.app.open(.tab(.agenda))
        #expect(app.screens.showing == .agenda)
        try app.app.open(.tab(.lists))

        #expect(!todoList.isReleased && !editTask.isReleased, "another tab on show finishes nothing")
        #expect(app.screens.visibleScreen === editTask.screen)
        #expect(app.screens.stack.last === todoList.screen)
    }

    @Test func tasksShowsTheOpenTasksOfEveryListWithTheirList() throws {
        let app = try TestApp(tasks: [("Groceries", "milk"), ("Work", "report"), ("Work", "slides")])
        let report = try app.task(titled: "report")
        try app.repository.write { _ = try app.repository.setDone(true, task: report.id, in: report.listID) }
        try app.app.open(.tab(.tasks))

        try app.screens.send(.showTasksAcrossLists(TaskQuery(sort: .title), lists: []))
        try app.screens.send(.showTasksAcrossLists(TaskQuery(), lists: ["Work"]))

        let milk = try app.task(titled: "milk"), slides = try app.task(titled: "slides")
        #expect(app.display.shown == [.listing(.tasks, [milk, slides]), .listing(.tasks, [slides])])
        #expect(throws: TodoError.listNotFound("Home")) { try app.screens.send(.showTasksAcrossLists(TaskQuery(), lists: ["Home"])) }
        #expect(throws: NavigationError.self) { try app.screens.send(.back) }
        #expect(throws: NavigationError.self, "the agenda is the Agenda tab's") { try app.screens.send(.showAgenda(through: testDay)) }
    }

    @Test(arguments: [Tab.tasks, .agenda])
    func aTaskOpensInEditTaskOverTheTabAndSavingReleasesIt(tab: Tab) throws {
        let app = try TestApp(tasks: [("Groceries", "milk")])
        let milk = try app.task(titled: "milk")
        try app.app.open(.tab(tab))
        let root = try #require(app.tabBar().coordinator(of: tab) as? any EditTaskPresenting)

        try app.screens.send(.selectTask(milk.id))
        weak var editTask = try #require(root.childCoordinators.first as? EditTaskCoordinator)
        weak var screen = app.screens.presented as? EditTaskScreen
        #expect(editTask?.parentCoordinator === root && screen?.coordinator === editTask)
        try app.screens.send(.save(TaskChanges(title: "oat milk")))

        #expect(try app.task(titled: "oat milk").id == milk.id)
        #expect(editTask == nil && screen == nil && root.childCoordinators.isEmpty)
        #expect(app.screens.presented == nil && app.screens.stack.count == 1)
        #expect(try app.mainList().childCoordinators.isEmpty, "the Lists tab opened nothing")
    }

    @Test(arguments: [Tab.tasks, .agenda])
    func aTaskIsCompletedAndDeletedInItsOwnList(tab: Tab) throws {
        let app = try TestApp(tasks: [("Groceries", "milk"), ("Work", "report")])
        let report = try app.task(titled: "report"), milk = try app.task(titled: "milk")
        try app.repository.write { _ = try app.repository.updateTask(report.id, with: TaskChanges(due: .set(Due(date: testDay)), repeatRule: .set(RepeatRule(text: "1d")))) }
        try app.app.open(.tab(tab))

        try app.screens.send(.setDone(report.id, true))
        try app.screens.send(.setDone(report.id, true))
        try app.app.change(.deleteTask(milk.id), recording: "rm \(milk.id)")

        let done = try #require(try app.repository.task(report.id))
        let next = try #require(app.repository.allTasks.first { $0.title == "report" && !$0.isDone })
        #expect(done.isDone && next.listID == report.listID && next.due == Due(date: testDay.adding(days: 1)!))
        #expect(app.display.shown == [.task(done, .completed), .task(next, .repeated), .task(done, .alreadyDone), .task(milk, .deleted)])
        #expect(try app.repository.task(milk.id) == nil)
        #expect(throws: TodoError.taskNotFound(404)) { try app.screens.send(.setDone(404, true)) }
        try app.screens.send(.undo)
        #expect(try app.repository.task(milk.id) != nil, "undo works from the tab too")
    }

    @Test func agendaShowsOpenDatedTasksThroughItsLastDayAWindowAtATime() throws {
        let app = try TestApp(tasks: [("Home", "overdue"), ("Work", "today"), ("Home", "next week"), ("Home", "later"), ("Home", "undated")])
        let dates = ["overdue": -3, "today": 0, "next week": 7, "later": 8]
        try app.repository.write {
            for (title, days) in dates {
                _ = try app.repository.updateTask(app.task(titled: title).id, with: TaskChanges(due: .set(Due(date: testDay.adding(days: days)!))))
            }
        }
        try app.app.open(.tab(.agenda))
        let lastDay = try #require(testDay.adding(days: AcrossListsScreen.agendaDaysAhead))

        try app.screens.send(.showAgenda(through: lastDay))
        try app.screens.send(.showAgenda(through: lastDay, offset: 1, limit: 1))

        let (overdue, today, nextWeek) = try (app.task(titled: "overdue"), app.task(titled: "today"), app.task(titled: "next week"))
        #expect(app.display.shown == [.listing(.agenda(through: lastDay), [overdue, today, nextWeek]),
                                      .listing(.agenda(through: lastDay), [today])])
    }
}
