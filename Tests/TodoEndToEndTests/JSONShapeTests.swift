import Foundation
import Testing
import TodoTestSupport

/// The JSON shapes the manual promises scripts.
@Suite struct JSONShapeTests {
    static let taskKeys: Set<String> = ["id", "uuid", "list", "title", "notes", "due", "priority", "done", "created_at",
                                        "updated_at", "completed_at", "tags", "repeat", "repeat_from"]
    static let listKeys: Set<String> = ["id", "uuid", "name", "open", "done"]

    @Test(arguments: Store.all) func aTaskHasExactlyTheDocumentedKeysAndTypes(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let task = try todo.jsonObject(["add", "Groceries", "oat milk", "--due", "2026-11-22"])
        #expect(Set(task.keys) == Self.taskKeys)
        #expect(task["id"] is Int)
        let uuid = try #require(task["uuid"] as? String)
        #expect(uuid.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil, "version 7, lowercase: \(uuid)")
        #expect(task["list"] as? String == "Groceries")
        #expect(task["notes"] is NSNull)
        #expect(task["due"] as? String == "2026-11-22")
        #expect(task["priority"] as? String == "none")
        #expect(task["done"] as? Bool == false)
        #expect(task["completed_at"] is NSNull)
        let created = try #require(task["created_at"] as? String)
        #expect(created.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/) != nil)
        #expect(task["updated_at"] as? String == created)
        #expect(task["tags"] as? [String] == [])
        #expect(task["repeat"] is NSNull)
        #expect(task["repeat_from"] as? String == "due")

        let tagged = try todo.jsonObject(["add", "Groceries", "oat milk", "--due", "2026-11-22", "--tag", "shop", "--tag", "Errand",
                                          "--repeat", "weekly", "--repeat-from", "done"])
        #expect(tagged["tags"] as? [String] == ["Errand", "shop"], "sorted ignoring case")
        #expect(tagged["repeat"] as? String == "1w", "weekly is stored as 1w")
        #expect(tagged["repeat_from"] as? String == "done")
    }

    @Test(arguments: Store.all) func aListHasExactlyTheDocumentedKeys(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let list = try todo.jsonObject(["new-list", "Groceries"])
        #expect(Set(list.keys) == Self.listKeys)
        #expect(list["id"] is Int)
        #expect((list["uuid"] as? String)?.count == 36)
    }

    @Test(arguments: Store.all) func eachCommandPrintsOneDocumentOfItsShape(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let id = String(try todo.add("Groceries", "milk"))
        #expect(try todo.json(["list"]) is [[String: Any]])
        #expect(try todo.json(["list", "Groceries"]) is [[String: Any]])
        #expect(try todo.json(["edit", id, "--title", "oat milk"]) is [String: Any])
        #expect(try todo.json(["done", id]) is [[String: Any]])
        #expect(try todo.json(["undone", id]) is [[String: Any]])
        #expect(try todo.json(["rename-list", "Groceries", "Food"]) is [String: Any])
        #expect(try todo.json(["new-list", "Empty"]) is [String: Any])
        #expect(try todo.json(["rm", id]) is [[String: Any]])
        #expect(try todo.json(["delete-list", "Food"]) is [String: Any])

        // One document, nothing after it but a newline.
        let raw = try todo.run(["list", "--json"])
        let uuid = try #require(try todo.jsonArray(["list", "--json"]).first?["uuid"] as? String)
        #expect(raw.stdout == "[{\"id\":2,\"uuid\":\"\(uuid)\",\"name\":\"Empty\",\"open\":0,\"done\":0}]\n")
    }

    @Test(arguments: Store.all) func textIsKeptExactlyInJSON(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let title = "say \"hi\" \\ tab\there\u{1B}[31m red ☕️ 한국어 \u{7F}"
        let notes = "line one\nline two\r\n\u{1}end"
        let task = try todo.jsonObject(["add", "Groceries", title, "--notes", notes])
        #expect(task["title"] as? String == title)
        #expect(task["notes"] as? String == notes)
        let listed = try todo.jsonArray(["list", "Groceries"])
        #expect(listed.first?["title"] as? String == title)
    }
}
