-- Every task and list has a uuid (RFC 9562): its identity on every machine, where its id is
-- this file's own. Imports merge by it (and sync will). Kept as its canonical text, lowercase
-- (0193b5c4-8f1e-7a2b-9c3d-4e5f6a7b8c9d), so sqlite3 shows it as todo prints it, and compared
-- as text; never changed once made.
--
-- todo makes a version 7 uuid (the time in milliseconds, then 74 random bits) for each row it
-- adds, and an import keeps a record's own. The rows already here get one made from their
-- created_at; a row written with sqlite3 without one gets one made when it is inserted (the
-- trigger below), so no row lacks one for long.

ALTER TABLE lists ADD COLUMN uuid TEXT
    CHECK (uuid IS NULL OR uuid GLOB '[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]-[0-9a-f][0-9a-f][0-9a-f][0-9a-f]-[0-9a-f][0-9a-f][0-9a-f][0-9a-f]-[0-9a-f][0-9a-f][0-9a-f][0-9a-f]-[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]');
ALTER TABLE tasks ADD COLUMN uuid TEXT
    CHECK (uuid IS NULL OR uuid GLOB '[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]-[0-9a-f][0-9a-f][0-9a-f][0-9a-f]-[0-9a-f][0-9a-f][0-9a-f][0-9a-f]-[0-9a-f][0-9a-f][0-9a-f][0-9a-f]-[0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f][0-9a-f]');

UPDATE lists SET uuid = printf('%08x-%04x-7%03x-%x%03x-%012x', max(0, CAST(round((coalesce(julianday(created_at), julianday('now')) - 2440587.5) * 86400000) AS INTEGER)) >> 16, max(0, CAST(round((coalesce(julianday(created_at), julianday('now')) - 2440587.5) * 86400000) AS INTEGER)) & 65535, random() & 4095, 8 + (random() & 3), random() & 4095,
                 random() & 281474976710655);
UPDATE tasks SET uuid = printf('%08x-%04x-7%03x-%x%03x-%012x', max(0, CAST(round((coalesce(julianday(created_at), julianday('now')) - 2440587.5) * 86400000) AS INTEGER)) >> 16, max(0, CAST(round((coalesce(julianday(created_at), julianday('now')) - 2440587.5) * 86400000) AS INTEGER)) & 65535, random() & 4095, 8 + (random() & 3), random() & 4095,
                 random() & 281474976710655);

CREATE UNIQUE INDEX lists_by_uuid ON lists (uuid);
CREATE UNIQUE INDEX tasks_by_uuid ON tasks (uuid);

CREATE TRIGGER lists_uuid_made AFTER INSERT ON lists WHEN NEW.uuid IS NULL
BEGIN
    UPDATE lists SET uuid = printf('%08x-%04x-7%03x-%x%03x-%012x', max(0, CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) >> 16, max(0, CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) & 65535, random() & 4095, 8 + (random() & 3), random() & 4095,
                 random() & 281474976710655) WHERE id = NEW.id;
END;

CREATE TRIGGER tasks_uuid_made AFTER INSERT ON tasks WHEN NEW.uuid IS NULL
BEGIN
    UPDATE tasks SET uuid = printf('%08x-%04x-7%03x-%x%03x-%012x', max(0, CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) >> 16, max(0, CAST(round((julianday('now') - 2440587.5) * 86400000) AS INTEGER)) & 65535, random() & 4095, 8 + (random() & 3), random() & 4095,
                 random() & 281474976710655) WHERE id = NEW.id;
END;

CREATE TRIGGER lists_uuid_kept BEFORE UPDATE OF uuid ON lists WHEN OLD.uuid IS NOT NULL AND NEW.uuid IS NOT OLD.uuid
BEGIN
    SELECT RAISE(ABORT, 'a list''s uuid never changes');
END;

CREATE TRIGGER tasks_uuid_kept BEFORE UPDATE OF uuid ON tasks WHEN OLD.uuid IS NOT NULL AND NEW.uuid IS NOT OLD.uuid
BEGIN
    SELECT RAISE(ABORT, 'a task''s uuid never changes');
END;

-- The history records the uuid on each side of a change, as it does every field. A list or
-- task it recorded has the uuid it has now or, deleted since, one made for it here: the same on
-- every side of every change, so that undo and redo put back the row they took away.
ALTER TABLE history_lists ADD COLUMN before_uuid TEXT;
ALTER TABLE history_lists ADD COLUMN after_uuid  TEXT;
ALTER TABLE history_tasks ADD COLUMN before_uuid TEXT;
ALTER TABLE history_tasks ADD COLUMN after_uuid  TEXT;

CREATE TEMP TABLE gone_lists (id INTEGER PRIMARY KEY, uuid TEXT NOT NULL);
INSERT INTO gone_lists (id, uuid)
SELECT id, printf('%08x-%04x-7%03x-%x%03x-%012x', max(0, CAST(round((coalesce(julianday(created_at), julianday('now')) - 2440587.5) * 86400000) AS INTEGER)) >> 16, max(0, CAST(round((coalesce(julianday(created_at), julianday('now')) - 2440587.5) * 86400000) AS INTEGER)) & 65535, random() & 4095, 8 + (random() & 3), random() & 4095,
                 random() & 281474976710655)
FROM (SELECT list_id AS id, max(coalesce(before_created_at, after_created_at)) AS created_at FROM history_lists
      WHERE NOT EXISTS (SELECT 1 FROM lists WHERE lists.id = history_lists.list_id) GROUP BY list_id);

CREATE TEMP TABLE gone_tasks (id INTEGER PRIMARY KEY, uuid TEXT NOT NULL);
INSERT INTO gone_tasks (id, uuid)
SELECT id, printf('%08x-%04x-7%03x-%x%03x-%012x', max(0, CAST(round((coalesce(julianday(created_at), julianday('now')) - 2440587.5) * 86400000) AS INTEGER)) >> 16, max(0, CAST(round((coalesce(julianday(created_at), julianday('now')) - 2440587.5) * 86400000) AS INTEGER)) & 65535, random() & 4095, 8 + (random() & 3), random() & 4095,
                 random() & 281474976710655)
FROM (SELECT task_id AS id, max(coalesce(before_created_at, after_created_at)) AS created_at FROM history_tasks
      WHERE NOT EXISTS (SELECT 1 FROM tasks WHERE tasks.id = history_tasks.task_id) GROUP BY task_id);

UPDATE history_lists SET
    before_uuid = CASE WHEN before_name IS NOT NULL THEN coalesce(
        (SELECT uuid FROM lists WHERE lists.id = list_id), (SELECT uuid FROM temp.gone_lists AS g WHERE g.id = list_id)) END,
    after_uuid = CASE WHEN after_name IS NOT NULL THEN coalesce(
        (SELECT uuid FROM lists WHERE lists.id = list_id), (SELECT uuid FROM temp.gone_lists AS g WHERE g.id = list_id)) END;

UPDATE history_tasks SET
    before_uuid = CASE WHEN before_title IS NOT NULL THEN coalesce(
        (SELECT uuid FROM tasks WHERE tasks.id = task_id), (SELECT uuid FROM temp.gone_tasks AS g WHERE g.id = task_id)) END,
    after_uuid = CASE WHEN after_title IS NOT NULL THEN coalesce(
        (SELECT uuid FROM tasks WHERE tasks.id = task_id), (SELECT uuid FROM temp.gone_tasks AS g WHERE g.id = task_id)) END;

DROP TABLE temp.gone_lists;
DROP TABLE temp.gone_tasks;
