import PropertyBased
import Testing
import TodoCore
import TodoSync

/// Sync's merge of one task (issue 30's rules 1 to 4 and 6, for one task): base, mine, theirs.
@Suite struct TaskMergeTests {
    static let base = SyncedTask(listUUID: "home", title: "water the ferns", notes: "twice a week", due: "2027-01-05", priority: "low",
                                 createdAt: "2026-11-01T10:00:00Z", updatedAt: "2026-11-01T10:00:00Z", tags: ["garden", "plants"])

    private func changed(_ change: (inout SyncedTask) -> Void, at time: String) -> SyncedTask {
        var task = Self.base
        change(&task)
        task.updatedAt = time
        return task
    }

    @Test func differentFieldsChangedOnTwoMachinesAreBothKept() {
        let mine = changed({ $0.title = "water the palms" }, at: "2026-11-02T09:00:00Z")
        let theirs = changed({ $0.due = "2027-02-01"; $0.priority = "high" }, at: "2026-11-02T08:00:00Z")
        guard case .task(let merged, let conflicts) = TaskMerge.merge(base: Self.base, mine: mine, theirs: theirs) else {
            Issue.record("the task is gone")
            return
        }
        #expect(conflicts.isEmpty)
        #expect(merged.title == "water the palms" && merged.due == "2027-02-01" && merged.priority == "high")
        #expect(merged.updatedAt == "2026-11-02T09:00:00Z", "equal to neither side: the later of the two")
    }

    /// The hub's value stays whatever the clocks say: this file's is the conflict, even when
    /// its clock says it came a year later.
    @Test func oneFieldChangedOnBothKeepsTheHubsAndSetsThisFilesAsideWhateverTheClocks() {
        let mine = changed({ $0.title = "water the palms" }, at: "2027-11-02T09:00:00Z")
        let theirs = changed({ $0.title = "water the cacti" }, at: "2026-11-02T08:00:00Z")
        guard case .task(let merged, let conflicts) = TaskMerge.merge(base: Self.base, mine: mine, theirs: theirs) else {
            Issue.record("the task is gone")
            return
        }
        #expect(merged.title == "water the cacti")
        #expect(conflicts == [TaskMerge.Conflict(field: "title", kept: "water the cacti", yours: "water the palms")])
        #expect(merged.updatedAt == "2026-11-02T08:00:00Z", "the hub's task, as the hub has it")
    }

    @Test func theSameChangeOnBothIsNoConflict() {
        // A sync cut short reads back its own change: the same values, no conflict.
        let mine = changed({ $0.done = true; $0.completedAt = "2026-11-02T09:00:00Z" }, at: "2026-11-02T09:00:00Z")
        let theirs = changed({ $0.done = true; $0.completedAt = "2026-11-02T09:30:00Z" }, at: "2026-11-02T09:30:00Z")
        guard case .task(let merged, let conflicts) = TaskMerge.merge(base: Self.base, mine: mine, theirs: theirs) else {
            Issue.record("the task is gone")
            return
        }
        #expect(conflicts.isEmpty, "done on both: done, at the hub's moment")
        #expect(merged.done && merged.completedAt == "2026-11-02T09:30:00Z")
    }

    @Test func tagsMergeTagByTag() {
        let mine = changed({ $0.tags = ["errand", "garden", "plants"] }, at: "2026-11-02T09:00:00Z")   // adds errand
        let theirs = changed({ $0.tags = ["garden"] }, at: "2026-11-02T08:00:00Z")                    // removes plants
        guard case .task(let merged, let conflicts) = TaskMerge.merge(base: Self.base, mine: mine, theirs: theirs) else {
            Issue.record("the task is gone")
            return
        }
        #expect(conflicts.isEmpty && merged.tags == ["errand", "garden"])
        // Whatever the case: `Garden` on the hub is the tag this file has as `garden`.
        #expect(TaskMerge.tags(base: ["garden"], mine: ["garden", "x"], theirs: ["Garden"]) == (["Garden", "x"], false))
    }

    @Test func changedBeatsDeletedAndDeletedOnBothIsGone() {
        let mine = changed({ $0.notes = "daily now" }, at: "2026-11-02T09:00:00Z")
        #expect(TaskMerge.merge(base: Self.base, mine: mine, theirs: nil)
            == .task(mine, conflicts: [TaskMerge.Conflict(field: "deleted", kept: "not deleted: changed here", yours: "changed")]))
        #expect(TaskMerge.merge(base: Self.base, mine: nil, theirs: mine)
            == .task(mine, conflicts: [TaskMerge.Conflict(field: "deleted", kept: "not deleted: changed on the hub", yours: "deleted")]))
        #expect(TaskMerge.merge(base: Self.base, mine: nil, theirs: nil) == .gone)
        #expect(TaskMerge.merge(base: Self.base, mine: Self.base, theirs: nil) == .gone, "deleted on the hub, untouched here")
        #expect(TaskMerge.merge(base: Self.base, mine: nil, theirs: Self.base) == .gone, "deleted here, untouched on the hub")
        #expect(TaskMerge.merge(base: nil, mine: mine, theirs: nil) == .task(mine, conflicts: []), "new here")
        #expect(TaskMerge.merge(base: nil, mine: mine, theirs: nil, deletedOnHub: true)
            == .task(mine, conflicts: [TaskMerge.Conflict(field: "deleted", kept: "not deleted: kept here", yours: "sent from here, then deleted on the hub")]),
                "new here, yet the hub had it and deleted it since: a cut-off sync sent it")
        #expect(TaskMerge.merge(base: nil, mine: nil, theirs: mine) == .task(mine, conflicts: []), "new on the hub")
    }

    /// One uuid made on two machines (the next task of a repeating one done on both): one task.
    @Test func aTaskNewOnBothSidesIsOneTask() {
        var theirs = Self.base
        theirs.updatedAt = "2026-11-03T00:00:00Z"
        guard case .task(let merged, let conflicts) = TaskMerge.merge(base: nil, mine: Self.base, theirs: theirs) else {
            Issue.record("the task is gone")
            return
        }
        #expect(conflicts.isEmpty && merged == theirs)
    }

    /// For any change on either side: a side that did not change it takes the other's whole;
    /// merging the same task on both is that task; no field is ever lost without a conflict.
    @Test func anUnchangedSideTakesTheOthersWholeAndNothingIsLostUnsaid() async {
        let field = Gen.int(in: 0...8)
        await propertyCheck(count: 400, input: field.array(of: 0...4), field.array(of: 0...4), Gen.int(in: 0...3)) { here, there, seed in
            let mine = Self.change(Self.base, fields: here, seed: seed, mark: "mine")
            let theirs = Self.change(Self.base, fields: there, seed: seed, mark: "theirs")
            #expect(TaskMerge.merge(base: Self.base, mine: Self.base, theirs: theirs) == .task(theirs, conflicts: []))
            #expect(TaskMerge.merge(base: Self.base, mine: mine, theirs: Self.base) == .task(mine, conflicts: []))
            guard case .task(let merged, let conflicts) = TaskMerge.merge(base: Self.base, mine: mine, theirs: theirs) else {
                Issue.record("the task is gone")
                return
            }
            for index in Set(here) {
                let name = SyncedField.allCases[index].rawValue
                // A value changed here is in the result, or listed as set aside.
                #expect(Self.values(merged)[index] == Self.values(mine)[index] || conflicts.contains { $0.field == name }, "\(name)")
            }
            for index in Set(there) { #expect(Self.values(merged)[index] == Self.values(theirs)[index]) }
        }
    }

    /// `task` with the fields at `fields` (indexes of `SyncedField.allCases`) set to values of `mark`.
    static func change(_ task: SyncedTask, fields: [Int], seed: Int, mark: String) -> SyncedTask {
        var task = task
        for index in Set(fields) {
            let value = "\(mark) \(seed)"
            switch SyncedField.allCases[index] {
            case .list: task.listUUID = value
            case .title: task.title = value
            case .notes: task.notes = value
            case .due: task.due = value
            case .priority: task.priority = value
            case .done: (task.done, task.completedAt) = (!task.done, task.done ? nil : value)
            case .createdAt: task.createdAt = value
            case .repeat: task.repeat = value
            case .repeatFrom: task.repeatFrom = value
            }
        }
        return task
    }

    static func values(_ task: SyncedTask) -> [String?] {
        [task.listUUID, task.title, task.notes, task.due, task.priority, task.done ? "done" : "open", task.createdAt, task.repeat, task.repeatFrom]
    }

    /// Two halves of the most text a task may hold, merged from two sides: the hub's kept whole,
    /// this file's set aside.
    @Test func aMergeThatWouldHoldTooMuchTextKeepsTheHubs() {
        let half = String(repeating: "x", count: TextLimits.task / 2 + 10)
        let mine = changed({ $0.title = half; $0.tags = ["garden", "plants", "extra"] }, at: "2026-11-02T09:00:00Z")
        let theirs = changed({ $0.notes = half }, at: "2026-11-02T08:00:00Z")
        guard case .task(let merged, let conflicts) = TaskMerge.merge(base: Self.base, mine: mine, theirs: theirs) else {
            Issue.record("the task is gone")
            return
        }
        #expect(merged.title == Self.base.title && merged.notes == half && merged.tags == ["garden", "plants"])
        #expect(conflicts.map(\.field) == ["title", "tags"])
    }

    /// One side took the due date away, the other made the task repeat: the repeat is set aside.
    @Test func aRepeatWithoutADueDateIsSetAside() {
        let mine = changed({ $0.repeat = "1m" }, at: "2026-11-02T09:00:00Z")
        let theirs = changed({ $0.due = nil }, at: "2026-11-02T08:00:00Z")
        guard case .task(let merged, let conflicts) = TaskMerge.merge(base: Self.base, mine: mine, theirs: theirs) else {
            Issue.record("the task is gone")
            return
        }
        #expect(merged.due == nil && merged.repeat == nil)
        #expect(conflicts == [TaskMerge.Conflict(field: "repeat", kept: nil, yours: "1m")])
    }

    @Test func aTagRespelledHereKeepsThisFilesSpelling() {
        let mine = changed({ $0.tags = ["Garden", "plants"] }, at: "2026-11-02T09:00:00Z")
        #expect(TaskMerge.tags(base: Self.base.tags, mine: mine.tags, theirs: Self.base.tags) == (["Garden", "plants"], false))
        #expect(TaskMerge.tags(base: Self.base.tags, mine: Self.base.tags, theirs: mine.tags) == (["Garden", "plants"], false), "respelled on the hub")
    }

    /// Respelled on both sides, differently: the hub's spelling is kept and this file's is a
    /// conflict; the same spelling on both, or a respelling on one side only, is none.
    @Test func aTagRespelledDifferentlyOnBothIsAConflict() {
        let mine = changed({ $0.tags = ["Garden", "plants"] }, at: "2026-11-02T09:00:00Z")
        let theirs = changed({ $0.tags = ["GARDEN", "plants"] }, at: "2026-11-02T08:00:00Z")
        guard case .task(let merged, let conflicts) = TaskMerge.merge(base: Self.base, mine: mine, theirs: theirs) else {
            Issue.record("the task is gone")
            return
        }
        #expect(merged.tags == ["GARDEN", "plants"])
        #expect(conflicts == [TaskMerge.Conflict(field: "tags", kept: "GARDEN plants", yours: "Garden plants")])
        for (here, there) in [(mine, mine), (mine, Self.base), (Self.base, theirs)] {
            guard case .task(_, let none) = TaskMerge.merge(base: Self.base, mine: here, theirs: there) else {
                Issue.record("the task is gone")
                return
            }
            #expect(none.isEmpty, "\(here.tags) against \(there.tags)")
        }
    }

    /// Each tag is one field: changed on both sides to different ends, whichever way, the hub's
    /// end is kept and this file's is a conflict. `errand` added here while `ERRAND` was added on
    /// the hub was kept as `ERRAND` without a word (the convergence test's seed 753903).
    @Test(arguments: [
        (["garden", "plants"], ["errand", "garden", "plants"], ["ERRAND", "garden", "plants"], ["ERRAND", "garden", "plants"]),
        (["garden", "plants"], ["plants"], ["GARDEN", "plants"], ["GARDEN", "plants"]),
        (["garden", "plants"], ["Garden", "plants"], ["plants"], ["plants"]),
    ])
    func aTagChangedOnBothToDifferentEndsIsAConflict(base: [String], here: [String], there: [String], kept: [String]) {
        let mine = changed({ $0.tags = here }, at: "2026-11-02T09:00:00Z")
        let theirs = changed({ $0.tags = there }, at: "2026-11-02T08:00:00Z")
        var was = Self.base
        was.tags = base
        guard case .task(let merged, let conflicts) = TaskMerge.merge(base: was, mine: mine, theirs: theirs) else {
            Issue.record("the task is gone")
            return
        }
        #expect(merged.tags == kept)
        #expect(conflicts == [TaskMerge.Conflict(field: "tags", kept: kept.joined(separator: " "), yours: here.joined(separator: " "))])
        // The same end on both sides, or a tag changed on one side only, is none.
        #expect(TaskMerge.tags(base: base, mine: here, theirs: here) == (Tags.sorted(here), false))
        #expect(TaskMerge.tags(base: base, mine: base, theirs: there) == (Tags.sorted(there), false))
        #expect(TaskMerge.tags(base: base, mine: here, theirs: base) == (Tags.sorted(here), false))
    }

    /// A due date and the repeat that needs it go together: where the merge would part them, the
    /// hub's pair is kept, and what this file changed of the two is set aside, once each (a
    /// field this file left as it was is no conflict of its own).
    @Test(arguments: [
        // Here the date and the repeat went; on the hub the rule changed.
        (("2027-01-05", "1w"), (nil, nil), ("2027-01-05", "2w"),
         [TaskMerge.Conflict(field: "due", kept: "2027-01-05", yours: nil), TaskMerge.Conflict(field: "repeat", kept: "2w", yours: nil)]),
        // Here it came to repeat; on the hub the date went.
        (("2027-01-05", nil), ("2027-01-05", "1m"), (nil, nil), [TaskMerge.Conflict(field: "repeat", kept: nil, yours: "1m")]),
    ] as [((String?, String?), (String?, String?), (String?, String?), [TaskMerge.Conflict])])
    func aDueDateAndItsRepeatStayTogether(base: (String?, String?), here: (String?, String?), there: (String?, String?),
                                         conflicts expected: [TaskMerge.Conflict]) {
        let side = { (pair: (String?, String?)) in self.changed({ ($0.due, $0.repeat) = pair }, at: "2026-11-02T08:00:00Z") }
        guard case .task(let merged, let conflicts) = TaskMerge.merge(base: side(base), mine: side(here), theirs: side(there)) else {
            Issue.record("the task is gone")
            return
        }
        #expect(merged.due == there.0 && merged.repeat == there.1, "the hub's pair")
        #expect(conflicts == expected)
    }

    /// The moment of done changed on one side only (by hand) is that side's; done at two
    /// moments on the two sides is no conflict, and the hub's stays.
    @Test func aMomentOfDoneChangedOnOneSideIsThatSides() {
        let done = { (at: String) in self.changed({ ($0.done, $0.completedAt) = (true, at) }, at: "2026-11-02T08:00:00Z") }
        let cases: [(SyncedTask, SyncedTask, SyncedTask, String)] = [
            (done("2026-11-02T08:00:00Z"), done("2026-01-01T00:00:00Z"), done("2026-11-02T08:00:00Z"), "2026-01-01T00:00:00Z"),
            (done("2026-11-02T08:00:00Z"), done("2026-11-02T08:00:00Z"), done("2026-01-01T00:00:00Z"), "2026-01-01T00:00:00Z"),
            (Self.base, done("2026-11-03T08:00:00Z"), done("2026-11-04T08:00:00Z"), "2026-11-04T08:00:00Z"),
        ]
        for (base, mine, theirs, kept) in cases {
            guard case .task(let merged, let conflicts) = TaskMerge.merge(base: base, mine: mine, theirs: theirs) else {
                Issue.record("the task is gone")
                continue
            }
            #expect(merged.completedAt == kept && conflicts.isEmpty, "\(merged)")
        }
    }
}
