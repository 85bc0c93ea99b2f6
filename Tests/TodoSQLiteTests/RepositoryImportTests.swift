import Foundation
import Testing
import TodoCore
import TodoTestSupport
@testable import TodoSQLite

/// Imports through the repository: large ones set the derived structures aside and rebuild them
/// once (`BulkLoad`), dry runs write nothing at all (`DryRunTarget`).
@Suite struct RepositoryImportTests {
    let database: TestDatabase
    let repository: SQLiteTodoRepository

    init() throws {
        database = try TestDatabase()
        repository = try database.open()
    }

    /// `count` records over three lists; every seventh is done, every fifth has a due date.
    static func records(_ count: Int, firstID: Int64 = 1) -> [ImportedTask] {
        (0..<count).map { index in
            ImportedTask(
                line: index + 1, id: firstID + Int64(index), listName: ["Home", "Work", "Errands"][index % 3],
                title: "imported task \(index)", notes: index % 4 == 0 ? "notes \(index)" : nil,
                due: index % 5 == 0 ? Due(text: "2027-03-0\(index % 9 + 1)") : nil,
                priority: index % 2 == 0 ? .low : .none, isDone: index % 7 == 0)
        }
    }

    private func importing(_ records: [ImportedTask], keepingIDs: Bool = false, dryRun: Bool = false) throws -> ImportSummary {
        try repository.write(dryRun: dryRun) {
            try repository.importTasks(keepingIDs: keepingIDs) { store in try records.forEach(store) }
        }
    }

    @Test func aLargeImportRebuildsWhatItSetAsideExactly() throws {
        let home = try repository.createList(named: "Home")
        _ = try repository.addTask(TaskDraft(title: "already there"), to: home.id)
        let schemaBefore = try database.connection().strings("SELECT type || ' ' || name || ' ' || sql FROM sqlite_schema ORDER BY name")
        let indexPages = "SELECT rootpage FROM sqlite_schema WHERE name = 'tasks_by_list_in_display_order'"
        let indexPageBefore = try database.connection().integer(indexPages)
        let searchSettings = "SELECT k || '=' || v FROM tasks_search_config ORDER BY k"
        let searchSettingsBefore = try database.connection().strings(searchSettings)
        let cacheSize = "PRAGMA cache_size"
        let cacheSizeBefore = try repository.db.integer(cacheSize)

        let count = BulkLoad.minimumRows + 5000
        let summary = try importing(Self.records(count))

        #expect(summary == ImportSummary(imported: count, listsCreated: 2))
        let db = try database.connection()
        #expect(try db.strings("SELECT type || ' ' || name || ' ' || sql FROM sqlite_schema ORDER BY name") == schemaBefore)
        // What the bulk load set for itself is as it was: the search index's pending terms'
        // bound (in the file) and the size of the cache (on this connection).
        #expect(try db.strings(searchSettings) == searchSettingsBefore)
        #expect(try repository.db.integer(cacheSize) == cacheSizeBefore)
        #expect(try db.integer(indexPages) != indexPageBefore, "the index was not rebuilt: bulk loading did not happen")
        #expect(try SQLiteTodoRepository.check(path: database.path).findings.isEmpty)
        // Counts, recounted at the end, agree with the tasks.
        let lists = try repository.allLists()
        #expect(lists.map(\.taskCount).reduce(0, +) == count + 1)
        let doneCount = Self.records(count).filter(\.isDone).count
        #expect(lists.map(\.doneCount).reduce(0, +) == doneCount)
        // The search index holds every task, the old one and the new ones.
        var found = 0
        try repository.forEachTask(matching: TaskSearch(words: ["imported"], includeDone: true)) { _ in found += 1 }
        #expect(found == count)
        try repository.forEachTask(matching: TaskSearch(words: ["already"])) { _ in found += 1 }
        #expect(found == count + 1)
        // The triggers are back: a new task is counted and found.
        let added = try repository.addTask(TaskDraft(title: "afterwards"), to: home.id)
        #expect(try repository.requireList("Home").openCount == lists.first { $0.name == "Home" }!.openCount + 1)
        var afterwards: [TodoTask] = []
        try repository.forEachTask(matching: TaskSearch(words: ["afterwards"])) { afterwards.append($0) }
        #expect(afterwards == [added])
    }

    @Test func theSearchIndexsBoundSetByHandIsKeptThroughALargeImport() throws {
        try database.connection().execute("INSERT INTO tasks_search (tasks_search, rank) VALUES ('hashsize', 100000)")

        _ = try importing(Self.records(BulkLoad.minimumRows + 5000))

        #expect(try database.connection().strings("SELECT k || '=' || v FROM tasks_search_config WHERE k = 'hashsize'") == ["hashsize=100000"])
    }

    @Test func aLargeImportThatFailsLeavesSchemaAndDataAsTheyWere() throws {
        _ = try repository.createList(named: "Home")
        let before = try database.connection().strings("SELECT type || ' ' || name || ' ' || sql FROM sqlite_schema ORDER BY name")
        var records = Self.records(BulkLoad.minimumRows + 5000)
        records[BulkLoad.minimumRows + 4000].id = records[10].id  // a repeated id, after bulk loading began

        #expect(throws: TodoError.invalidRecord(line: BulkLoad.minimumRows + 4001, reason: "task id 11 appears more than once")) {
            try importing(records, keepingIDs: true)
        }
        let db = try database.connection()
        #expect(try db.strings("SELECT type || ' ' || name || ' ' || sql FROM sqlite_schema ORDER BY name") == before)
        #expect(try db.integer("SELECT count(*) FROM tasks") == 0)
        #expect(try SQLiteTodoRepository.check(path: database.path).findings.isEmpty)
    }

    @Test func aDryRunImportLeavesTheFileAndItsLogByteForByte() throws {
        _ = try repository.createList(named: "Home")
        let db = try database.connection()
        let files = [database.path, database.path + "-wal"]
        let before = files.map(fileBytes)

        // Large enough that a real transaction would spill pages into the log.
        let summary = try importing(Self.records(30_000), keepingIDs: true, dryRun: true)

        #expect(summary == ImportSummary(imported: 30_000, listsCreated: 2))
        #expect(files.map(fileBytes) == before)
        #expect(try db.integer("SELECT count(*) FROM tasks") == 0)
    }

    @Test func aDryRunImportRefusesWhatTheRealOneRefuses() throws {
        var records = Self.records(100)
        records[60].id = records[3].id
        for dryRun in [true, false] {
            #expect(throws: TodoError.invalidRecord(line: 61, reason: "task id 4 appears more than once")) {
                try importing(records, keepingIDs: true, dryRun: dryRun)
            }
        }
        _ = try importing(Self.records(3))
        for dryRun in [true, false] {
            #expect(throws: TodoError.idAlreadyAssigned(1, line: 1)) { try importing(Self.records(3), keepingIDs: true, dryRun: dryRun) }
        }
    }

    @Test func batchesAreCutShortByLongNotes() throws {
        let short = (0..<1200).map { ImportedTask(line: $0 + 1, listName: "Small", title: "small \($0)") }
        #expect(try batchSizes(short).map(\.rows) == [500, 500, 200])

        // 100 KiB of notes each: ten fill a batch's share of memory.
        let notes = String(repeating: "n", count: 100 * 1024)
        let long = (0..<40).map { ImportedTask(line: $0 + 1, listName: "Big", title: "big \($0)", notes: notes) }
        let batches = try batchSizes(long)
        #expect(batches.map(\.rows).reduce(0, +) == 40)
        #expect(batches.allSatisfy { $0.bytes <= TaskImporter.batchBytes + notes.utf8.count + 16 }, "\(batches)")
    }

    /// The batches a `TaskImporter` hands its target for `records`.
    private func batchSizes(_ records: [ImportedTask]) throws -> [(rows: Int, bytes: Int)] {
        final class Batches { var sizes: [(rows: Int, bytes: Int)] = [] }
        struct RecordingTarget: ImportTarget {
            let batches: Batches
            var writes: Bool { true }
            func noteMerged(_ uuid: TodoUUID, task: TodoTask.ID, line: Int) throws {}
            func list(named name: String, repository: SQLiteTodoRepository) throws -> (TodoList.ID, created: Bool) { (1, false) }
            func insert(_ rows: [ImportRow]) throws {
                batches.sizes.append((rows.count, rows.map { $0.record.title.utf8.count + ($0.record.notes?.utf8.count ?? 0) }.reduce(0, +)))
            }
            func finish() throws {}
            func end() {}
        }
        let batches = Batches()
        var importer = try TaskImporter(repository: repository, target: RecordingTarget(batches: batches), keepingIDs: false)
        for record in records { try importer.add(record) }
        _ = try importer.finish()
        return batches.sizes
    }
}
