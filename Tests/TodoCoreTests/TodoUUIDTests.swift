import Testing
@testable import TodoCore

extension TodoUUID {
    /// A uuid for tasks and lists made in these tests, which no database holds.
    static let example = TodoUUID("0193b5c4-8f1e-7a2b-9c3d-4e5f6a7b8c9d")!
}

struct TodoUUIDTests {
    @Test func aUUIDIsReadInEitherCaseAndKeptInLowercase() throws {
        let read = try #require(TodoUUID("0193B5C4-8F1E-7A2B-9C3D-4E5F6A7B8C9D"))
        #expect(read.text == "0193b5c4-8f1e-7a2b-9c3d-4e5f6a7b8c9d")
        #expect(read == TodoUUID("0193b5c4-8f1e-7a2b-9c3d-4e5f6a7b8c9d"))
    }

    @Test func aStoredUUIDIsReadOnlyInItsCanonicalText() {
        #expect(TodoUUID(stored: "0193b5c4-8f1e-7a2b-9c3d-4e5f6a7b8c9d") == .example)
        #expect(TodoUUID(stored: "0193B5C4-8F1E-7A2B-9C3D-4E5F6A7B8C9D") == nil, "uppercase is not how todo keeps one")
        #expect(TodoUUID(stored: "00000000-0000-0000-0000-000000000000") == nil)
    }

    @Test(arguments: [
        "", "0193b5c4", "0193b5c48f1e7a2b9c3d4e5f6a7b8c9d", "{0193b5c4-8f1e-7a2b-9c3d-4e5f6a7b8c9d}",
        "urn:uuid:0193b5c4-8f1e-7a2b-9c3d-4e5f6a7b8c9d", "0193b5c4-8f1e-7a2b-9c3d-4e5f6a7b8c9g", "0193b5c4_8f1e-7a2b-9c3d-4e5f6a7b8c9d",
        "0193b5c4-8f1e-7a2b-9c3d-4e5f6a7b8c9d ", "０193b5c4-8f1e-7a2b-9c3d-4e5f6a7b8c9", "0193b5c4-8f1e-7a2b-9c3d4-e5f6a7b8c9d",
        "------------------------------------", "00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
    ])
    func anythingElseIsNotAUUID(text: String) {
        #expect(TodoUUID(text) == nil)
    }

    @Test func aVersion7UUIDHasItsTimeVersionAndVariant() throws {
        var random = Xoshiro256(seed: (1, 2, 3, 4))
        let uuid = TodoUUID.version7(milliseconds: 0x0193_B5C4_8F1E, random: &random)
        let hex = uuid.text.replacing("-", with: "")
        #expect(uuid.text.count == 36 && TodoUUID(uuid.text) == uuid, "canonical: \(uuid.text)")
        #expect(uuid.text.hasPrefix("0193b5c4-8f1e-7"), "the milliseconds, then version 7")
        let variant = try #require(hex.dropFirst(16).first)
        #expect("89ab".contains(variant), "the variant is RFC 9562's (10 in its top bits)")
    }

    @Test func timesOutOfRangeAreClamped() {
        var random = Xoshiro256(seed: (5, 6, 7, 8))
        #expect(TodoUUID.version7(milliseconds: -5, random: &random).text.hasPrefix("00000000-0000-7"))
        #expect(TodoUUID.version7(milliseconds: .max, random: &random).text.hasPrefix("ffffffff-ffff-7"))
    }

    @Test func uuidsMadeInARowAreDistinctAndInTimeOrder() {
        var maker = UUIDMaker()
        let made = (0..<10_000).map { _ in maker.next() }
        #expect(Set(made).count == made.count)
        let times = made.map { $0.text.prefix(13) }
        #expect(times == times.sorted(), "the time part never goes back")
    }

    @Test func twoMakersSeededFromTheSystemMakeDifferentUUIDs() {
        var first = UUIDMaker(), second = UUIDMaker()
        #expect(first.next().text.dropFirst(15) != second.next().text.dropFirst(15))
    }

    @Test func aTaskIsNamedByIdOrByAWholeUUID() {
        #expect(TaskReference("42") == .id(42))
        #expect(TaskReference("0193B5C4-8F1E-7A2B-9C3D-4E5F6A7B8C9D") == .uuid(.example))
        #expect(TaskReference("0193b5c4") == nil, "a prefix is not enough: tasks made together share it")
        #expect(TaskReference("x") == nil)
    }
}
