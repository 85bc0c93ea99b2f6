import Foundation
import Testing
import TodoTestSupport

/// `todo search`: FTS5 over titles and notes on a file, a `tsvector` on a server.
@Suite struct SearchTests {
    func titles(_ todo: TodoRunner, _ arguments: [String]) throws -> [String] {
        try todo.jsonArray(["search"] + arguments).compactMap { $0["title"] as? String }
    }

    @Test(arguments: Store.all) func everyWordMustMatchAsAWordOrItsStart(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Groceries", "oat milk", ["--notes", "the barista one"])
        try todo.add("Groceries", "milk chocolate")
        try todo.add("Work", "Milking the budget")
        #expect(Set(try titles(todo, ["milk"])) == ["oat milk", "milk chocolate", "Milking the budget"])
        #expect(try titles(todo, ["milk barista"]) == ["oat milk"])
        #expect(try titles(todo, ["milk", "bar"]) == ["oat milk"])
        #expect(try titles(todo, ["choc", "oat"]).isEmpty)
        #expect(try titles(todo, ["ilk"]).isEmpty, "only the start of a word matches")
        #expect(try titles(todo, ["CAFE"]).isEmpty)
        try todo.add("Cafe", "Café crème")
        #expect(try titles(todo, ["cafe", "creme"]) == ["Café crème"], "accents and case are ignored")
    }

    @Test(arguments: Store.all) func operatorCharactersAreTakenLiterally(_ store: Store) throws {
        let todo = try TodoRunner(store)
        try todo.add("Inbox", "fix C++ build AND deploy")
        try todo.add("Inbox", "NOT this one")
        for query in ["AND", "\"AND", "c++", "build*", "(deploy)", "NOT", "NEAR(fix build)", "title:fix", "-deploy", "^fix"] {
            let result = try todo.run(["search", "--json", "--", query])
            #expect(result.status == 0, "\(query): \(result.stderr)")
        }
        #expect(try titles(todo, ["AND"]) == ["fix C++ build AND deploy"])
        #expect(try titles(todo, ["NOT"]) == ["NOT this one"])
        #expect(try titles(todo, ["(deploy)"]) == ["fix C++ build AND deploy"])
        #expect(try titles(todo, ["title:fix"]).isEmpty, "no column filter: 'title:fix' is the words title and fix")
    }

    @Test(arguments: Store.all) func listAllAndRanking(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let inNotes = try todo.add("Work", "quarterly plan", ["--notes", "report for the board"])
        let inTitle = try todo.add("Work", "report draft")
        let elsewhere = try todo.add("Home", "report the leak")
        let done = try todo.add("Work", "old report")
        try todo.run(["done", String(done)])

        let ids = try todo.jsonArray(["search", "report"]).compactMap { $0["id"] as? Int }
        #expect(Set(ids) == [inNotes, inTitle, elsewhere])
        #expect(ids.last == inNotes, "a title match ranks above a notes match")
        #expect(Set(try todo.jsonArray(["search", "report", "--list", "work"]).compactMap { $0["id"] as? Int }) == [inNotes, inTitle])
        #expect(Set(try todo.jsonArray(["search", "report", "--all"]).compactMap { $0["id"] as? Int }) == [inNotes, inTitle, elsewhere, done])
        #expect(try todo.run(["search", "report", "--list", "Nope"]).status == 1)
    }

    @Test(arguments: Store.all) func findsTextEditedByHand(_ store: Store) throws {
        let todo = try TodoRunner(store)
        let id = try todo.add("Inbox", "before")
        try editByHand(todo, "UPDATE tasks SET title = 'zeppelin ride', notes = 'over the alps' WHERE id = \(id);"
            + " INSERT INTO tasks (list_id, title, created_at, updated_at) VALUES (1, 'hand made quokka', 'x', 'x');")
        #expect(try titles(todo, ["zeppelin"]) == ["zeppelin ride"])
        #expect(try titles(todo, ["alps"]) == ["zeppelin ride"])
        #expect(try titles(todo, ["before"]).isEmpty)
        #expect(try titles(todo, ["quokka"]) == ["hand made quokka"])
        try editByHand(todo, "DELETE FROM tasks WHERE title = 'hand made quokka';")
        #expect(try titles(todo, ["quokka"]).isEmpty)
    }

    @Test(arguments: Store.all) func needsAWordWithALetterOrDigit(_ store: Store) throws {
        let todo = try TodoRunner(store)
        for arguments in [["search"], ["search", "  "], ["search", "--", "-", "*"]] {
            let result = try todo.run(arguments)
            #expect(result.status == 64, "\(arguments)")
        }
    }
}

/// Runs SQL through the sqlite3 shell, as a person editing the file by hand would.
func sqlite3(_ path: String, _ sql: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = [path, sql]
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "sqlite3 failed on: \(sql)")
}
