import TodoCore

/// Owns navigation for one screen, as in the seeds: it keeps the children it started in
/// `childCoordinators` while they are on screen, and drops them in `childDidFinish`.
///
/// Class-bound so children can be compared with `===` and parents held `weak`.
public protocol Coordinator: AnyObject {
    var childCoordinators: [any Coordinator] { get set }
    var screens: ScreenStack { get }
}

extension Coordinator {
    /// Forgets a child that left the screen, so it and its screen are released.
    public func childDidFinish(_ child: (any Coordinator)?) {
        guard let child else { return }
        childCoordinators.removeAll { $0 === child }
    }
}

/// What every coordinator is built with and hands down to those it starts, as the seeds pass
/// the navigation controller down: where screens go, the one repository, and today's date.
public struct Dependencies {
    public let screens: ScreenStack
    public let repository: any TodoRepository
    public let today: Today

    /// `today`: the local date now, for what counts from it (a repeating task's next due date).
    public init(screens: ScreenStack, repository: any TodoRepository, today: @escaping Today) {
        self.screens = screens
        self.repository = repository
        self.today = today
    }
}

/// The local date now. The composition root gives the system clock's; tests give a fixed day.
public typealias Today = () -> CivilDate
