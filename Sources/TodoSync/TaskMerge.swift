import TodoCore

/// What a sync does with one task, given it as this file and the hub last agreed on it (the
/// base), as this file has it now (mine) and as the hub has it now (theirs); nil where a side
/// never had it or deleted it. A three-way merge, as git and Unison make one, field by field:
///
/// - a field changed on one side takes that side's value (rule 1);
/// - a field changed on both to different values keeps the hub's, which reached it first, and
///   this file's value is a conflict (rule 2). No clock decides: `updated_at` is bookkeeping;
/// - tags merge tag by tag: each one added or removed on either side is added or removed (rule 3);
/// - a task changed on one side and deleted on the other stays, changed, and is a conflict of
///   the field `deleted`; deleted on both, or deleted on one and unchanged on the other, it is
///   gone (rule 4);
/// - a task new on both sides (one uuid made on two machines: the next task of a repeating one,
///   rule 6) is merged as if its base had none of its fields.
public enum TaskMerge {
    /// A field both sides changed: the hub's value kept, this file's set aside. For `deleted`,
    /// `kept` says which side's task stays and `yours` what this file did.
    public struct Conflict: Equatable, Sendable {
        /// A field's name (`title`), or `deleted` for a change that met a deletion.
        public let field: String
        public let kept: String?
        public let yours: String?

        public init(field: String, kept: String?, yours: String?) {
            (self.field, self.kept, self.yours) = (field, kept, yours)
        }
    }

    public enum Outcome: Equatable, Sendable {
        /// The task as both sides have it after the sync, and what was set aside on the way.
        case task(SyncedTask, conflicts: [Conflict])
        /// No side keeps it.
        case gone
    }

    /// `deletedOnHub`: the hub had the task and deleted it since this file's last sync (`theirs`
    /// is nil then), which it can have had without a base here only from a sync of this file cut
    /// off before the file took it for agreed (or from a copy of this file).
    public static func merge(base: SyncedTask?, mine: SyncedTask?, theirs: SyncedTask?, deletedOnHub: Bool = false) -> Outcome {
        switch (mine, theirs) {
        case (nil, nil): return .gone
        case (let mine?, nil):
            // Deleted on the hub: gone, unless this file changed it since. Whether a task sent by
            // a cut-off sync changed here since is not known: it stays, and the conflict says so.
            guard let base else {
                return .task(mine, conflicts: deletedOnHub
                    ? [Conflict(field: "deleted", kept: "not deleted: kept here", yours: "sent from here, then deleted on the hub")] : [])
            }
            return mine == base ? .gone : .task(mine, conflicts: [Conflict(field: "deleted", kept: "not deleted: changed here", yours: "changed")])
        case (nil, let theirs?):
            guard let base else { return .task(theirs, conflicts: []) }
            return theirs == base ? .gone : .task(theirs, conflicts: [Conflict(field: "deleted", kept: "not deleted: changed on the hub", yours: "deleted")])
        case (let mine?, let theirs?):
            return fields(base: base, mine: mine, theirs: theirs)
        }
    }

    private static func fields(base: SyncedTask?, mine: SyncedTask, theirs: SyncedTask) -> Outcome {
        var merged = theirs
        var conflicts: [Conflict] = []
        for field in SyncedField.allCases {
            let (was, here, there) = (base.map(field.value), field.value(of: mine), field.value(of: theirs))
            guard !here.hasSameScalars(as: there) else { continue }
            if let was, was.hasSameScalars(as: there) {
                field.copy(from: mine, to: &merged)  // changed here only
            } else if base == nil && field == .createdAt {
                continue  // made on both (one next task): when each made it is no conflict
            } else if !(was.map { $0.hasSameScalars(as: here) } ?? false) {  // no base, or changed here too
                conflicts.append(Conflict(field: field.rawValue, kept: there, yours: here))
            }
        }
        merged.tags = tags(base: base?.tags, mine: mine.tags, theirs: theirs.tags)
        if respelledOnBoth(base: base?.tags ?? [], mine: mine.tags, theirs: theirs.tags) {
            conflicts.append(Conflict(field: "tags", kept: merged.tags.joined(separator: " "), yours: mine.tags.joined(separator: " ")))
        }
        // Title, notes and tags merged from two sides may hold more than a task may: the hub's
        // text is kept whole, and this file's parts that did not fit are set aside.
        if TextLimits.size(title: merged.title, notes: merged.notes, tags: merged.tags) > TextLimits.task {
            for field in [SyncedField.title, .notes] where !field.value(of: merged).hasSameScalars(as: field.value(of: theirs)) {
                conflicts.append(Conflict(field: field.rawValue, kept: field.value(of: theirs), yours: field.value(of: merged)))
                field.copy(from: theirs, to: &merged)
            }
            if !merged.tags.hasSameScalars(as: theirs.tags) {
                conflicts.append(Conflict(field: "tags", kept: theirs.tags.joined(separator: " "), yours: merged.tags.joined(separator: " ")))
                merged.tags = theirs.tags
            }
        }
        // A repeat needs a due date: one side took the date away while the other made it
        // repeat. The date's side reached the hub first or is the hub's; the repeat is set aside.
        if merged.repeat != nil && merged.due == nil {
            conflicts.append(Conflict(field: SyncedField.repeat.rawValue, kept: nil, yours: merged.repeat))
            merged.repeat = nil
        }
        // When it last changed: as the side it now equals says, else the later of the two.
        merged.updatedAt = same(merged, theirs) ? theirs.updatedAt : same(merged, mine) ? mine.updatedAt : max(mine.updatedAt, theirs.updatedAt)
        return .task(merged, conflicts: conflicts)
    }

    /// Whether two tasks are the same but for when they last changed.
    private static func same(_ a: SyncedTask, _ b: SyncedTask) -> Bool {
        var b = b
        b.updatedAt = a.updatedAt
        return a == b
    }

    /// Whether a tag of the base was respelled on both sides, differently (`Errand` here, `ERRAND`
    /// on the hub): one field changed on both, so the hub's spelling is kept and this file's is a
    /// conflict (rule 2), as for any other field.
    static func respelledOnBoth(base: [String], mine: [String], theirs: [String]) -> Bool {
        let respelled = { (side: [String]) in side.filter { tag in !base.containsScalars(of: tag) && base.contains { Tags.same($0, tag) } } }
        let there = respelled(theirs)
        return respelled(mine).contains { tag in there.contains { Tags.same($0, tag) && !$0.hasSameScalars(as: tag) } }
    }

    /// Each tag added on either side added, each removed on either side removed; tags are one
    /// whatever their case (as everywhere), spelled as the hub spells them where both have one.
    public static func tags(base: [String]?, mine: [String], theirs: [String]) -> [String] {
        let was = TagSet(base ?? []), here = TagSet(mine), there = TagSet(theirs)
        var kept = TagSet()
        var result: [String] = []
        // A tag respelled here (`Food` to `food`) and as it was on the hub keeps this file's spelling.
        let respelled = mine.filter { tag in
            !(base ?? []).containsScalars(of: tag) && was.contains(tag) && theirs.contains { Tags.same($0, tag) && (base ?? []).containsScalars(of: $0) }
        }
        for tag in mine.filter(respelled.containsScalars) + theirs + mine {
            // Kept where neither side took it away: on a side that has it, and not removed by the other.
            let removed = was.contains(tag) && (!here.contains(tag) || !there.contains(tag))
            if !removed, kept.insert(tag) { result.append(tag) }
        }
        return Tags.sorted(result)
    }
}
