import Foundation
import Testing
import TodoTestSupport

/// Quick capture: `todo add TITLE` adds to the default list, `todo add LIST WORD...` joins the
/// words, and a list a command creates on the way is said on stderr, so a typo is seen.
@Suite struct QuickCaptureTests {
    @Test(arguments: Store.all) func aTitleAloneGoesToTheDefaultList(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let inbox = try todo.run(["add", "buy oat milk", "--json"])
        #expect(inbox.status == 0, "\(inbox.summary)")
        #expect(try inbox.jsonObject()["list"] as? String == "Inbox")
        #expect(inbox.stderr == "todo: created the list \"Inbox\"\n", "\(inbox.stderr)")
        let again = try todo.run(["add", "call mum"])
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again.summary)")

        let work = try todo.run(["add", "plan Q1", "--json"], environment: ["TODO_DEFAULT_LIST": "Work"])
        #expect(try work.jsonObject()["list"] as? String == "Work")
        let afterwards = try todo.jsonObject(["add", "x"])
        #expect(afterwards["list"] as? String == "Inbox", "the variable of one command only")
        #expect(try todo.run(["add", "y"], environment: ["TODO_DEFAULT_LIST": "   "]).status == 0)
        #expect(try todo.jsonArray(["list", "Inbox"]).map { $0["title"] as? String } == ["buy oat milk", "call mum", "x", "y"])

        let tooLong = try todo.run(["add", "z"], environment: ["TODO_DEFAULT_LIST": String(repeating: "l", count: 2000)])
        #expect(tooLong.status == 64 && tooLong.stderr.contains("TODO_DEFAULT_LIST"), "\(tooLong.summary)")
        let nothing = try todo.run(["add"])
        #expect(nothing.status == 64 && nothing.stdout.isEmpty, "\(nothing.summary)")
    }

    @Test(arguments: Store.all) func theWordsAfterTheListAreTheTitle(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let task = try todo.jsonObject(["add", "Home", "buy", "oat", "milk", "--due", "tomorrow"])
        #expect(task["title"] as? String == "buy oat milk" && task["list"] as? String == "Home")
        #expect(try todo.jsonObject(["add", "Home", "-5", "pushups"])["title"] as? String == "-5 pushups")
        #expect(try todo.jsonObject(["add", "Home", "  two  ", "spaces "])["title"] as? String == "two   spaces")
    }

    /// A typo makes a new list: said on stderr whatever the output (text, JSON, `-q`), only
    /// when the list is new, and `todo undo` takes the task and the list back together.
    @Test(arguments: Store.all) func aListMadeOnTheWayIsSaidAndUndoneWithItsTask(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Home", "water plants")
        for options in [[], ["--json"], ["-q"]] {
            let typo = try todo.run(["add", "Hmoe", "call mum"] + options)
            #expect(typo.status == 0 && typo.stderr == "todo: created the list \"Hmoe\"\n", "\(options): \(typo.summary)")
            #expect(!typo.stdout.contains("created the list"), "\(typo.stdout)")
            let undo = try todo.run(["undo"])
            #expect(undo.status == 0, "\(undo.summary)")
            #expect(try todo.jsonArray(["list"]).map { $0["name"] as? String } == ["Home"])
        }
        let existing = try todo.run(["add", "home", "more"])
        #expect(existing.status == 0 && existing.stderr.isEmpty, "\(existing.summary)")

        let moved = try todo.run(["edit", "1", "--list", "Garden"])
        #expect(moved.status == 0 && moved.stderr == "todo: created the list \"Garden\"\n", "\(moved.summary)")
        let back = try todo.run(["edit", "1", "--list", "Home"])
        #expect(back.status == 0 && back.stderr.isEmpty, "\(back.summary)")
        let dry = try todo.run(["add", "Elsewhere", "x", "--dry-run"])
        #expect(dry.status == 0 && dry.stderr.contains("\"Elsewhere\""), "\(dry.summary)")
        #expect(try todo.jsonArray(["list"]).map { $0["name"] as? String } == ["Garden", "Home"])
    }
}
