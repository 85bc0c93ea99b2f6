-- Rows that sqlite3 takes away without a DELETE (todo sync, docs/design.md "Several machines"):
-- `INSERT OR REPLACE` (or `UPDATE OR REPLACE`) deletes the row whose id it takes, and SQLite
-- fires delete triggers for that only under `recursive_triggers`, which sqlite3 leaves off.
-- Unmarked, such a deletion was never sent: the hub kept the task for ever.

-- Such a deletion made before this migration: every row of the base that is gone is marked
-- once (what a sync would have found comparing every row).
INSERT INTO sync_changed_tasks (uuid) SELECT b.uuid FROM sync_base_tasks AS b
WHERE NOT EXISTS (SELECT 1 FROM tasks AS t WHERE t.uuid = b.uuid) AND NOT EXISTS (SELECT 1 FROM sync_changed_tasks AS c WHERE c.uuid = b.uuid);
INSERT INTO sync_changed_lists (uuid) SELECT b.uuid FROM sync_base_lists AS b
WHERE NOT EXISTS (SELECT 1 FROM lists AS l WHERE l.uuid = b.uuid) AND NOT EXISTS (SELECT 1 FROM sync_changed_lists AS c WHERE c.uuid = b.uuid);

-- A task written with an id the base gives another uuid: that uuid is marked too, found
-- through an index of the base by id (a lookup per task inserted, or given an id or a uuid).
CREATE INDEX sync_base_tasks_by_id ON sync_base_tasks (id);

DROP TRIGGER tasks_sync_inserted;
CREATE TRIGGER tasks_sync_inserted AFTER INSERT ON tasks WHEN NEW.uuid IS NOT NULL AND EXISTS (SELECT 1 FROM sync_link)
BEGIN
    INSERT INTO sync_changed_tasks (uuid) SELECT NEW.uuid WHERE NOT EXISTS (SELECT 1 FROM sync_changed_tasks WHERE uuid = NEW.uuid);
    INSERT INTO sync_changed_tasks (uuid) SELECT b.uuid FROM sync_base_tasks AS b WHERE b.id = NEW.id AND b.uuid <> NEW.uuid
        AND NOT EXISTS (SELECT 1 FROM sync_changed_tasks AS c WHERE c.uuid = b.uuid);
END;

-- (A row inserted without a uuid gets one by an update: tasks_uuid_made.)
DROP TRIGGER tasks_sync_updated;
CREATE TRIGGER tasks_sync_updated AFTER UPDATE ON tasks WHEN NEW.uuid IS NOT NULL AND EXISTS (SELECT 1 FROM sync_link)
BEGIN
    INSERT INTO sync_changed_tasks (uuid) SELECT NEW.uuid WHERE NOT EXISTS (SELECT 1 FROM sync_changed_tasks WHERE uuid = NEW.uuid);
    INSERT INTO sync_changed_tasks (uuid) SELECT b.uuid FROM sync_base_tasks AS b
        WHERE (NEW.id IS NOT OLD.id OR OLD.uuid IS NULL) AND b.id = NEW.id AND b.uuid <> NEW.uuid
        AND NOT EXISTS (SELECT 1 FROM sync_changed_tasks AS c WHERE c.uuid = b.uuid);
END;

-- A list inserted with the id of one that REPLACE took away: sqlite3 keeps foreign keys off, so
-- that one's tasks stay, and are this one's now, though no task row changed. Its tasks are
-- marked, and every list of the base that is gone. A list made as todo makes one has no tasks
-- yet, and costs a lookup.
CREATE TRIGGER lists_sync_took_id AFTER INSERT ON lists
    WHEN EXISTS (SELECT 1 FROM sync_link) AND EXISTS (SELECT 1 FROM tasks WHERE list_id = NEW.id)
BEGIN
    INSERT INTO sync_changed_tasks (uuid) SELECT t.uuid FROM tasks AS t WHERE t.list_id = NEW.id AND t.uuid IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM sync_changed_tasks AS c WHERE c.uuid = t.uuid);
    INSERT INTO sync_changed_lists (uuid) SELECT b.uuid FROM sync_base_lists AS b WHERE NOT EXISTS (SELECT 1 FROM lists AS l WHERE l.uuid = b.uuid)
        AND NOT EXISTS (SELECT 1 FROM sync_changed_lists AS c WHERE c.uuid = b.uuid);
END;

-- A list deleted, or taken away by REPLACE, while sqlite3 keeps foreign keys off: its tasks stay
-- in the file, in no list, where todo no longer shows them. They are marked, and the sync takes
-- them for deleted here, as they are to todo (the hub deletes them, as foreign keys would have).
DROP TRIGGER lists_sync_deleted;
CREATE TRIGGER lists_sync_deleted AFTER DELETE ON lists WHEN OLD.uuid IS NOT NULL AND EXISTS (SELECT 1 FROM sync_link)
BEGIN
    INSERT INTO sync_changed_lists (uuid) SELECT OLD.uuid WHERE NOT EXISTS (SELECT 1 FROM sync_changed_lists WHERE uuid = OLD.uuid);
    INSERT INTO sync_changed_tasks (uuid) SELECT t.uuid FROM tasks AS t WHERE t.list_id = OLD.id AND t.uuid IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM sync_changed_tasks AS c WHERE c.uuid = t.uuid);
END;

-- A list renamed or given another id onto one that REPLACE then took away (no trigger tells of
-- that one): when the base has a list that is gone and unmarked, it is marked, and so is every
-- task in no list. The check reads the base's lists, a rename's cost; the tasks are read only then.
CREATE TRIGGER lists_sync_took_place AFTER UPDATE OF id, name ON lists
    WHEN EXISTS (SELECT 1 FROM sync_link) AND EXISTS (SELECT 1 FROM sync_base_lists AS b
        WHERE NOT EXISTS (SELECT 1 FROM lists AS l WHERE l.uuid = b.uuid) AND NOT EXISTS (SELECT 1 FROM sync_changed_lists AS c WHERE c.uuid = b.uuid))
BEGIN
    INSERT INTO sync_changed_lists (uuid) SELECT b.uuid FROM sync_base_lists AS b WHERE NOT EXISTS (SELECT 1 FROM lists AS l WHERE l.uuid = b.uuid)
        AND NOT EXISTS (SELECT 1 FROM sync_changed_lists AS c WHERE c.uuid = b.uuid);
    INSERT INTO sync_changed_tasks (uuid) SELECT t.uuid FROM tasks AS t WHERE t.uuid IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM lists AS l WHERE l.id = t.list_id) AND NOT EXISTS (SELECT 1 FROM sync_changed_tasks AS c WHERE c.uuid = t.uuid);
END;
