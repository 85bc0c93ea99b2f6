import TodoCore

/// What a sync does with one task, given it as this file and the hub last agreed on it (the
/// base), as this file has it now (mine) and as the hub has it now (theirs); nil where a side
/// never had it or deleted it. A three-way merge, as git and Unison make one, field by field:
///
/// - a field changed on one side takes that side's value (rule 1);
/// - a field changed on both to different values keeps the hub's, which reached it first, and
///   this file's value is a conflict (rule 2). No clock decides: `updated_at` is bookkeeping;
/// - tags merge tag by tag, each as a field of its own: added, removed or respelled on one side,
///   it is so after the merge (rule 3);
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
        let (tags, changedOnBoth) = tags(base: base?.tags, mine: mine.tags, theirs: theirs.tags)
        merged.tags = tags
        if changedOnBoth {
            conflicts.append(Conflict(field: "tags", kept: tags.joined(separator: " "), yours: mine.tags.joined(separator: " ")))
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
        // A repeat needs a due date: one side took the date away while the other made it repeat
        // or changed its rule. The two go together, so the hub's pair is kept (it always has
        // one that goes together), and what this file changed of the two is set aside, once each.
        if merged.repeat != nil && merged.due == nil {
            conflicts.removeAll { $0.field == SyncedField.due.rawValue || $0.field == SyncedField.repeat.rawValue }
            for field in [SyncedField.due, .repeat] {
                let (here, there) = (field.value(of: mine), field.value(of: theirs))
                if !here.hasSameScalars(as: there), !(base.map { field.value(of: $0).hasSameScalars(as: here) } ?? false) {
                    conflicts.append(Conflict(field: field.rawValue, kept: there, yours: here))
                }
                field.copy(from: theirs, to: &merged)
            }
        }
        // Done (or open) on both sides, at a moment changed on one only (by hand): that side's
        // moment. Two machines that each did it did the same thing; the hub's moment stays.
        if merged.done == mine.done, mine.done == theirs.done, let base, base.done == mine.done,
           !mine.completedAt.hasSameScalars(as: theirs.completedAt), base.completedAt.hasSameScalars(as: theirs.completedAt) {
            merged.completedAt = mine.completedAt
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

    /// Tags merge tag by tag (rule 3), each one a field of its own: present in a spelling, or
    /// absent (a tag is one whatever its ASCII case, as everywhere). Changed on one side (added,
    /// removed, respelled), it takes that side's spelling or absence (rule 1); changed on both to
    /// different ends (added in two spellings, respelled differently, respelled on one side and
    /// removed on the other), it keeps the hub's, and `changedOnBoth` says this file's was set
    /// aside (rule 2).
    public static func tags(base: [String]?, mine: [String], theirs: [String]) -> (merged: [String], changedOnBoth: Bool) {
        let (was, here, there) = (spellings(base ?? []), spellings(mine), spellings(theirs))
        var merged: [String] = []
        var changedOnBoth = false
        for key in Set(was.keys).union(here.keys).union(there.keys) {
            let (b, m, t) = (was[key], here[key], there[key])
            // Unchanged on the hub: this file's; else the hub's, set aside here if changed here too.
            let kept = b.hasSameScalars(as: t) ? m : t
            if !b.hasSameScalars(as: t) && !b.hasSameScalars(as: m) && !m.hasSameScalars(as: t) { changedOnBoth = true }
            if let kept { merged.append(kept) }
        }
        return (Tags.sorted(merged), changedOnBoth)
    }

    /// Each tag's spelling on one side, by how tags compare (the first, should a side hold two).
    private static func spellings(_ tags: [String]) -> [ExactText: String] {
        Dictionary(tags.map { (Tags.folded($0), $0) }, uniquingKeysWith: { first, _ in first })
    }
}
