import ArgumentParser
import TodoCore

extension Priority: ExpressibleByArgument {
    public init?(argument: String) { self.init(typed: argument) }
}
extension RepeatFrom: ExpressibleByArgument {}
extension TaskReference {
    /// A task as typed: an id, or a whole uuid; anything else a usage error that says which
    /// (a uuid cut short is refused: the first digits of tasks made together are alike).
    static func argument(_ text: String) throws -> TaskReference {
        if let task = TaskReference(text) { return task }
        let uuidLike = !text.isEmpty && text.utf8.allSatisfy { $0 == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0 | 0x20) }
        throw ValidationError(uuidLike && text.utf8.count < 36
            ? "a uuid names a task only whole (36 characters): those of tasks made together begin alike"
            : "not a task id (a whole number) or a task's uuid")
    }
}

/// The manual's rules for what users type, as checks that end in a usage error (exit 64).
enum ArgumentRules {
    /// A list name: trimmed, and not empty after that.
    static func listName(_ text: String, _ what: String = "list name") throws -> String {
        guard let name = Names.trimmed(text) else { throw ValidationError("the \(what) must not be empty") }
        if let problem = TextLimits.listNameProblem(name) { throw ValidationError(problem) }
        return name
    }

    /// A task title: trimmed, and not empty after that.
    static func title(_ text: String) throws -> String {
        guard let title = Names.trimmed(text) else { throw ValidationError("the title must not be empty") }
        return title
    }

    /// A `--due` value, relative to `today` (local time).
    static func due(_ text: String?, today: CivilDate) throws -> Due? {
        guard let text else { return nil }
        do {
            return try Due.parse(text, today: today)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Notes are kept exactly as given; an empty string means no notes.
    static func notes(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }

    /// `--tag` values: each one word; the same tag twice (in any case) counts once.
    static func tags(_ texts: [String]) throws -> [String] {
        var tags: [String] = []
        var seen = TagSet()
        for text in texts {
            guard let tag = Tags.valid(text) else {
                throw ValidationError("a tag is one word, with no spaces: \(text.isEmpty ? "an empty one" : "'\(text)'") is not")
            }
            if seen.insert(tag) { tags.append(tag) }
        }
        return tags
    }

    /// `--tag` values that filter tasks (`tags`), at most `TaskQuery.mostTags` of them.
    static func filterTags(_ texts: [String]) throws -> [String] {
        let tags = try tags(texts)
        guard tags.count <= TaskQuery.mostTags else {
            throw ValidationError("at most \(TaskQuery.mostTags) --tag filters, not \(tags.count): a task has them all")
        }
        return tags
    }

    /// `--list` values that filter tasks (each a `listName`; the same name twice counts once),
    /// at most `TaskQuery.mostLists` of them.
    static func listNames(_ texts: [String]) throws -> [String] {
        var names: [String] = []
        var seen = Set<ExactText>()
        for text in texts {
            let name = try listName(text)
            if seen.insert(Names.foldedForMatching(name)).inserted { names.append(name) }
        }
        guard names.count <= TaskQuery.mostLists else {
            throw ValidationError("at most \(TaskQuery.mostLists) --list filters, not \(names.count)")
        }
        return names
    }

    /// A `--repeat` value.
    static func repeatRule(_ text: String?) throws -> RepeatRule? {
        guard let text else { return nil }
        guard let rule = RepeatRule(text: text) else {
            throw ValidationError("--repeat must be daily, weekly, monthly, yearly, or Nd, Nw, Nm, Ny with N from 1 to \(RepeatRule.maximumCount), not '\(text)'")
        }
        return rule
    }

    /// Task ids as given, without repeats, in order.
    static func ids(_ tasks: [TaskReference]) throws -> [TaskReference] {
        guard !tasks.isEmpty else { throw ValidationError("give at least one task id") }
        // The usual one id needs no set: the first `Set` a process makes costs a scan of every
        // protocol conformance in the binary, a tenth of a `todo done`.
        guard tasks.count > 1 else { return tasks }
        // Repeats are rare: sorted copies find whether there are any, in a fraction of the
        // memory a set of 100,000 ids takes; only then are they taken out, in order.
        let ids = tasks.compactMap { if case .id(let id) = $0 { id } else { nil } }.sorted()
        let uuids = tasks.compactMap { if case .uuid(let uuid) = $0 { uuid.text } else { nil } }.sorted()
        guard zip(ids, ids.dropFirst()).contains(where: { $0 == $1 }) || zip(uuids, uuids.dropFirst()).contains(where: { $0 == $1 })
        else { return tasks }
        var seen = Set<String>()
        return tasks.filter { seen.insert($0.description).inserted }
    }
}
