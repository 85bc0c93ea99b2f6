import Testing
import TodoCore

/// Texts are compared by their Unicode scalars, as SQLite and PostgreSQL compare them, never by
/// canonical equivalence as `==` on Strings does: names and tags ignore ASCII case and nothing
/// else. The pairs below are each one string to Swift's `==` (checked first) and two to todo.
@Suite struct ExactTextTests {
    /// é as one scalar and as e + U+0301; the Kelvin sign and K; the Ångström sign and Å.
    static let pairs = [("caf\u{E9}", "cafe\u{301}"), ("\u{212A}elvin", "Kelvin"), ("\u{212B}", "\u{C5}")]

    @Test(arguments: pairs) func namesAndTagsOfAnotherNormalisationAreOthers(_ one: String, _ other: String) {
        #expect(one == other, "Swift's == takes them for one string")
        #expect(!one.hasSameScalars(as: other))
        #expect(Names.foldedForMatching(one) != Names.foldedForMatching(other))
        #expect(Set([Names.foldedForMatching(one), Names.foldedForMatching(other)]).count == 2)
        #expect(!Tags.same(one, other))
        #expect(Tags.sorted([one, other]).count == 2)
    }

    @Test func asciiCaseAloneIsFolded() {
        #expect(Names.foldedForMatching(" Groceries ") == Names.foldedForMatching("gROCERIES"))
        #expect(Names.foldedForMatching("Été") != Names.foldedForMatching("été"))
        #expect(Tags.same("cafe\u{301}", "CAFE\u{301}"))
    }

    @Test func anEditTakesOffOnlyTheSpellingItNamesAndAddsTheOther() throws {
        let task = TodoTask(id: 1, uuid: .example, listID: 1, listName: "Home", title: "t", notes: nil, due: nil, priority: .none, isDone: false,
                            createdAt: "", updatedAt: "", completedAt: nil, tags: ["caf\u{E9}"])
        let both = try task.applying(TaskChanges(addTags: ["cafe\u{301}"]), listID: 1, listName: "Home")
        #expect(both.tags.map(ExactText.init) == [ExactText("cafe\u{301}"), ExactText("caf\u{E9}")])
        #expect(both != task, "a change, so it is written")
        let untagged = try both.applying(TaskChanges(removeTags: ["cafe\u{301}"]), listID: 1, listName: "Home")
        #expect(untagged.tags.map(ExactText.init) == [ExactText("caf\u{E9}")])
    }

    @Test func aTitleInAnotherNormalisationIsAnEdit() throws {
        let task = TodoTask(id: 1, uuid: .example, listID: 1, listName: "Home", title: "caf\u{E9}", notes: nil, due: nil, priority: .none, isDone: false,
                            createdAt: "", updatedAt: "", completedAt: nil)
        let edited = try task.applying(TaskChanges(title: "cafe\u{301}"), listID: 1, listName: "Home")
        #expect(edited != task)
        #expect(!edited.sameFieldsBesidesDone(as: task))
        #expect(TodoList(id: 1, uuid: .example, name: "caf\u{E9}", openCount: 0, doneCount: 0) != TodoList(id: 1, uuid: .example, name: "cafe\u{301}", openCount: 0, doneCount: 0))
    }

    @Test func storedTagsSplitAtTheSpaceScalar() {
        // " " and U+0301 are one Character, so splitting Characters at " " would keep "a \u{301}x" whole.
        #expect(Tags.splitStored("a \u{301}x b").map(ExactText.init) == [ExactText("a"), ExactText("\u{301}x"), ExactText("b")])
        #expect(Tags.splitStored("").isEmpty)
    }

    @Test func aSchemaDefinitionInAnotherNormalisationDiffers() {
        let expected = ["table t": "CREATE TABLE t (k TEXT CHECK (k <> 'K'))"]
        let actual = ["table t": "CREATE TABLE t (k TEXT CHECK (k <> '\u{212A}'))"]
        #expect(CheckReport.schemaFindings(expected: expected, actual: actual) == ["schema: table t differs from what this todo expects"])
        #expect(CheckReport.schemaFindings(expected: expected, actual: expected).isEmpty)
    }
}
