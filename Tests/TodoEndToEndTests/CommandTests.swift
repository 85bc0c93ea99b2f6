import Foundation
import Testing
import TodoTestSupport

/// Every command of the manual, run through the built binary against a temporary database.
@Suite struct CommandTests {
    @Test(arguments: Store.all) func listShowsEveryListWithOpenAndDoneCounts(_ store: Store) throws {
        let todo = try TodoRunner(store)
        #expect(try todo.jsonArray(["list"]).isEmpty)
        let milk = try todo.add("Groceries", "oat milk")
        try todo.add("Groceries", "bread")
        try todo.add("Work", "report")
        try todo.run(["done", String(milk)])

        let lists = try todo.jsonArray(["list"])
        #expect(lists.map { $0["name"] as? String } == ["Groceries", "Work"])
        #expect(lists.map { $0["open"] as? Int } == [1, 1])
        #expect(lists.map { $0["done"] as? Int } == [1, 0])

        let text = try todo.run(["list"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Groceries  1 open  1 done"))
        #expect(text.stdout.contains("Work       1 open  0 done"))
    }

    @Test(arguments: Store.all) func listWithoutSubcommandIsTheDefault(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Inbox", "try todo")
        let result = try todo.run([])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Inbox"))
    }

    @Test(arguments: Store.all) func listOfOneListShowsOpenTasksAndAllShowsDoneOnes(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let undated = try todo.add("Groceries", "bread")
        let later = try todo.add("Groceries", "cheese", ["--due", "2030-01-02"])
        let sooner = try todo.add("Groceries", "milk", ["--due", "2030-01-01"])
        let done = try todo.add("Groceries", "eggs")
        try todo.run(["done", String(done)])

        // Open first; dated tasks by due, undated after them; done ones only with --all.
        #expect(try todo.jsonArray(["list", "groceries"]).map { $0["id"] as? Int } == [sooner, later, undated])
        #expect(try todo.jsonArray(["list", "Groceries", "--all"]).map { $0["id"] as? Int } == [sooner, later, undated, done])

        let text = try todo.run(["list", "Groceries"])
        #expect(text.stdout.contains("Groceries  3 open, 1 done"))
        #expect(text.stdout.contains("milk"))
        #expect(!text.stdout.contains("eggs"))
    }

    @Test(arguments: Store.all) func addStoresEveryFieldAndCreatesTheList(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let task = try todo.jsonObject(["add", "  Groceries ", "  oat milk  ", "--notes", "the barista one",
                                        "--due", "2026-11-22T09:30", "--priority", "high"])
        #expect(task["list"] as? String == "Groceries")
        #expect(task["title"] as? String == "oat milk")
        #expect(task["notes"] as? String == "the barista one")
        #expect(task["due"] as? String == "2026-11-22T09:30")
        #expect(task["priority"] as? String == "high")
        #expect(task["done"] as? Bool == false)
        #expect(try todo.jsonArray(["list"]).map { $0["name"] as? String } == ["Groceries"])

        let text = try todo.run(["add", "Groceries", "bread"])
        #expect(text.stdout.hasPrefix("Added 2: bread (in Groceries)"))
    }

    @Test(arguments: Store.all) func editChangesEachField(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let id = try todo.add("Groceries", "milk", ["--notes", "n", "--due", "2026-12-01"])
        var task = try todo.jsonObject(["edit", String(id), "--title", "oat milk", "--priority", "medium", "--due", "2026-12-24"])
        #expect(task["title"] as? String == "oat milk")
        #expect(task["priority"] as? String == "medium")
        #expect(task["due"] as? String == "2026-12-24")
        #expect(task["notes"] as? String == "n")

        task = try todo.jsonObject(["edit", String(id), "--no-due", "--notes", ""])
        #expect(task["due"] is NSNull)
        #expect(task["notes"] is NSNull)

        task = try todo.jsonObject(["edit", String(id), "--done"])
        #expect(task["done"] as? Bool == true)
        #expect(task["completed_at"] is String)
        task = try todo.jsonObject(["edit", String(id), "--undone"])
        #expect(task["done"] as? Bool == false)
        #expect(task["completed_at"] is NSNull)
    }

    @Test(arguments: Store.all) func editListMovesTheTaskAndCreatesTheList(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let id = try todo.add("Groceries", "milk")
        let task = try todo.jsonObject(["edit", String(id), "--list", "Errands"])
        #expect(task["list"] as? String == "Errands")
        #expect(task["id"] as? Int == id)
        let counts = try todo.jsonArray(["list"]).map { "\($0["name"] ?? "")=\($0["open"] ?? "")" }
        #expect(counts == ["Errands=1", "Groceries=0"])
    }

    @Test(arguments: Store.all) func doneAndUndoneChangeSeveralTasksAcrossLists(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let a = try todo.add("Groceries", "milk")
        let b = try todo.add("Work", "report")
        let done = try todo.jsonArray(["done", String(a), String(b)])
        #expect(done.map { $0["id"] as? Int } == [a, b])
        #expect(done.allSatisfy { $0["done"] as? Bool == true })
        #expect(try todo.jsonArray(["list"]).map { $0["done"] as? Int } == [1, 1])

        let undone = try todo.jsonArray(["undone", String(b)])
        #expect(undone.first?["done"] as? Bool == false)
        #expect(try todo.jsonArray(["list", "Work"]).map { $0["id"] as? Int } == [b])

        let text = try todo.run(["done", String(a), String(b)])
        #expect(text.stdout.contains("\(a) was already done: milk"))
        #expect(text.stdout.contains("Done \(b): report"))
    }

    @Test(arguments: Store.all) func rmDeletesTasksAndTheirIdsAreNeverReused(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let a = try todo.add("Groceries", "milk")
        let b = try todo.add("Groceries", "bread")
        let deleted = try todo.jsonArray(["rm", String(b), String(a)])
        #expect(deleted.map { $0["title"] as? String } == ["bread", "milk"])
        #expect(try todo.jsonArray(["list", "Groceries", "--all"]).isEmpty)
        let next = try todo.add("Groceries", "eggs")
        #expect(next > b)
    }

    @Test(arguments: Store.all) func newRenameAndDeleteList(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let created = try todo.jsonObject(["new-list", "Reading"])
        #expect(created["name"] as? String == "Reading")
        #expect(created["open"] as? Int == 0)

        let renamed = try todo.jsonObject(["rename-list", "reading", "Books"])
        #expect(renamed["name"] as? String == "Books")
        #expect(renamed["id"] as? Int == created["id"] as? Int)
        // Changing only the case of a name is a rename of the same list.
        #expect(try todo.jsonObject(["rename-list", "books", "BOOKS"])["name"] as? String == "BOOKS")

        try todo.add("Books", "Dune")
        let refused = try todo.run(["delete-list", "Books"])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("Error: list 'BOOKS' still has 1 task"))

        let deleted = try todo.jsonObject(["delete-list", "Books", "--force"])
        #expect(deleted["name"] as? String == "BOOKS")
        #expect(deleted["open"] as? Int == 1)
        #expect(try todo.jsonArray(["list"]).isEmpty)

        try todo.run(["new-list", "Empty"])
        let text = try todo.run(["delete-list", "Empty"])
        #expect(text.status == 0)
        #expect(text.stdout == "Deleted list Empty\n")
    }
}
