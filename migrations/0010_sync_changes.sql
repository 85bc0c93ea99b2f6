-- What changed here since the last sync (todo sync, docs/design.md "Several machines"): the uuid
-- of every task and list written since, by todo or by hand with sqlite3, so that a sync compares
-- those with the base instead of the whole file (at 100,000 tasks, a sync with nothing to do
-- spent 0.25 s reading every task). Marked only while the file is linked; a sync takes away the
-- marks of what it agreed on. A row marked that differs from the base in nothing is harmless.

CREATE TABLE sync_changed_tasks (uuid TEXT PRIMARY KEY) STRICT, WITHOUT ROWID;
CREATE TABLE sync_changed_lists (uuid TEXT PRIMARY KEY) STRICT, WITHOUT ROWID;

-- A file linked before: everything it has is compared once, at its next sync.
INSERT INTO sync_changed_tasks (uuid)
SELECT uuid FROM tasks WHERE uuid IS NOT NULL AND EXISTS (SELECT 1 FROM sync_link)
UNION SELECT uuid FROM sync_base_tasks;
INSERT INTO sync_changed_lists (uuid)
SELECT uuid FROM lists WHERE uuid IS NOT NULL AND EXISTS (SELECT 1 FROM sync_link)
UNION SELECT uuid FROM sync_base_lists;

-- Each trigger inserts a mark only where there is none, rather than INSERT OR IGNORE: a trigger
-- fired by a foreign key's cascade (a task's id changed, its tags follow) takes the cascade's
-- ABORT, and a mark there already failed the statement.
--
-- A row inserted without a uuid is marked when it is given one (tasks_uuid_made, an update).
CREATE TRIGGER tasks_sync_inserted AFTER INSERT ON tasks WHEN NEW.uuid IS NOT NULL AND EXISTS (SELECT 1 FROM sync_link)
BEGIN
    INSERT INTO sync_changed_tasks (uuid) SELECT NEW.uuid WHERE NOT EXISTS (SELECT 1 FROM sync_changed_tasks WHERE uuid = NEW.uuid);
END;

CREATE TRIGGER tasks_sync_updated AFTER UPDATE ON tasks WHEN NEW.uuid IS NOT NULL AND EXISTS (SELECT 1 FROM sync_link)
BEGIN
    INSERT INTO sync_changed_tasks (uuid) SELECT NEW.uuid WHERE NOT EXISTS (SELECT 1 FROM sync_changed_tasks WHERE uuid = NEW.uuid);
END;

CREATE TRIGGER tasks_sync_deleted AFTER DELETE ON tasks WHEN OLD.uuid IS NOT NULL AND EXISTS (SELECT 1 FROM sync_link)
BEGIN
    INSERT INTO sync_changed_tasks (uuid) SELECT OLD.uuid WHERE NOT EXISTS (SELECT 1 FROM sync_changed_tasks WHERE uuid = OLD.uuid);
END;

-- A task's tags are the task's. (When the task itself is deleted, its tags go after it: its
-- deletion marked it.)
CREATE TRIGGER task_tags_sync_inserted AFTER INSERT ON task_tags WHEN EXISTS (SELECT 1 FROM sync_link)
BEGIN
    INSERT INTO sync_changed_tasks (uuid) SELECT uuid FROM tasks WHERE id = NEW.task_id AND uuid IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM sync_changed_tasks AS c WHERE c.uuid = tasks.uuid);
END;

CREATE TRIGGER task_tags_sync_updated AFTER UPDATE ON task_tags WHEN EXISTS (SELECT 1 FROM sync_link)
BEGIN
    INSERT INTO sync_changed_tasks (uuid) SELECT uuid FROM tasks WHERE id IN (OLD.task_id, NEW.task_id) AND uuid IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM sync_changed_tasks AS c WHERE c.uuid = tasks.uuid);
END;

CREATE TRIGGER task_tags_sync_deleted AFTER DELETE ON task_tags WHEN EXISTS (SELECT 1 FROM sync_link)
BEGIN
    INSERT INTO sync_changed_tasks (uuid) SELECT uuid FROM tasks WHERE id = OLD.task_id AND uuid IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM sync_changed_tasks AS c WHERE c.uuid = tasks.uuid);
END;

-- A list changes by its name (its counts follow its tasks).
CREATE TRIGGER lists_sync_inserted AFTER INSERT ON lists WHEN NEW.uuid IS NOT NULL AND EXISTS (SELECT 1 FROM sync_link)
BEGIN
    INSERT INTO sync_changed_lists (uuid) SELECT NEW.uuid WHERE NOT EXISTS (SELECT 1 FROM sync_changed_lists WHERE uuid = NEW.uuid);
END;

CREATE TRIGGER lists_sync_updated AFTER UPDATE OF name, uuid ON lists WHEN NEW.uuid IS NOT NULL AND EXISTS (SELECT 1 FROM sync_link)
BEGIN
    INSERT INTO sync_changed_lists (uuid) SELECT NEW.uuid WHERE NOT EXISTS (SELECT 1 FROM sync_changed_lists WHERE uuid = NEW.uuid);
END;

CREATE TRIGGER lists_sync_deleted AFTER DELETE ON lists WHEN OLD.uuid IS NOT NULL AND EXISTS (SELECT 1 FROM sync_link)
BEGIN
    INSERT INTO sync_changed_lists (uuid) SELECT OLD.uuid WHERE NOT EXISTS (SELECT 1 FROM sync_changed_lists WHERE uuid = OLD.uuid);
END;
