import Testing
import TodoCore
import TodoTestSupport
import TodoUI

/// The navigator tells texts apart as the command line does: by their scalars (a name typed in
/// another normalisation is another name), and cuts tags at every Unicode space.
@Suite struct NormalisationKeyTests {
    static let composed = "caf\u{E9}"
    static let decomposed = "cafe\u{301}"

    @Test func renamingAListToTheOtherSpellingRenamesIt() throws {
        let ui = try Harness { _ = try $0.createList(named: Self.composed) }
        try ui.press(.character("e"), .control("u"))
        try ui.type(Self.decomposed)
        try ui.press(.enter)
        var names: [ExactText] = []
        try ui.repository.forEachList { names.append(ExactText($0.name)) }
        #expect(names == [ExactText(Self.decomposed)])
    }

    @Test func aTitleRetypedInTheOtherSpellingIsSaved() throws {
        let ui = try Harness { repository in
            _ = try repository.addTask(TaskDraft(title: Self.composed), to: repository.createList(named: "Home").id)
        }
        try ui.press(.enter, .enter, .control("u"))
        try ui.type(Self.decomposed)
        try ui.press(.enter)
        #expect(ui.repository.allTasks.map { ExactText($0.title) } == [ExactText(Self.decomposed)])
    }

    @Test func tagsTypedInTheFormAreCutAtEveryScalarThatIsASpace() throws {
        let ui = try Harness { repository in
            _ = try repository.addTask(TaskDraft(title: "stamps"), to: repository.createList(named: "Home").id)
        }
        try ui.press(.enter, .enter, .down, .down, .down, .down, .down)
        // A no-break space, and a space that makes one Character with the prepended mark before it.
        try ui.type("errand\u{A0}post x\u{600} y")
        try ui.press(.enter)
        #expect(ui.repository.allTasks.first?.tags.map(ExactText.init) == ["errand", "post", "x\u{600}", "y"].map(ExactText.init))
    }
}
