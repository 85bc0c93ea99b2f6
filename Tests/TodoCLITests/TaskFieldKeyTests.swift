import Testing
import TodoInterchange

/// `TaskField(key:)`, the import's quick way to name a field, agrees with `init(rawValue:)` on
/// every key and on every near miss (another case, a byte more or less, one byte changed).
struct TaskFieldKeyTests {
    static let nearMisses: [String] = TaskField.allCases.flatMap { field -> [String] in
        let key = field.key
        return [key, key.uppercased(), String(key.dropFirst()), String(key.dropLast()), key + "s", "x" + key,
                String(key.prefix(1)) + "_" + String(key.dropFirst(2)), String(key.dropLast()) + "?"]
    } + ["", "tag", "lists", "id ", "due_at", "created", "updated_at ", "repeat-from", "completedat", "notez", "prioritY"]

    @Test(arguments: nearMisses) func aKeyNamesTheFieldItsNameDoes(_ key: String) {
        #expect(TaskField(key: key) == TaskField(rawValue: key), "\(key)")
    }

    @Test func everyFieldIsFoundByItsKey() {
        for field in TaskField.allCases { #expect(TaskField(key: field.key) == field) }
    }
}
