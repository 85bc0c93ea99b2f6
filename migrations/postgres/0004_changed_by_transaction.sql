-- What changed since a moment, for the files that sync with this database (a hub, issue 30),
-- whoever made the change: todo on a file's behalf, a team member's `todo --db postgres://…`,
-- or psql. Each list and task carries the transaction that last wrote it (`changed_in`), and
-- each one deleted leaves its uuid behind with the transaction that deleted it.
--
-- A reader keeps the snapshot it last read in (`pg_current_snapshot()`); what changed since is
-- every row whose transaction that snapshot did not see:
--
--     WHERE changed_in >= pg_snapshot_xmin(last) AND NOT pg_visible_in_snapshot(changed_in, last)
--
-- Transactions commit in any order and nothing is locked for it; one still open when the
-- reader reads is read the next time. (A counter taken before each statement was tried first:
-- it locked a row before the statement's own rows, and a psql session holding a task FOR
-- UPDATE met todo's edit of it in a deadlock.)

-- The rows there are: written before anyone synced, by a transaction every snapshot has seen.
ALTER TABLE lists ADD COLUMN changed_in xid8 NOT NULL DEFAULT '0';
ALTER TABLE lists ALTER COLUMN changed_in SET DEFAULT pg_current_xact_id();
ALTER TABLE tasks ADD COLUMN changed_in xid8 NOT NULL DEFAULT '0';
ALTER TABLE tasks ALTER COLUMN changed_in SET DEFAULT pg_current_xact_id();
CREATE INDEX lists_by_changed_in ON lists (changed_in);
CREATE INDEX tasks_by_changed_in ON tasks (changed_in);

-- An insert takes its transaction from the default; whatever else a row is given (an update, a
-- value written by hand), the trigger puts its transaction there. The check in WHEN costs an
-- import nothing per row. A list changes by its name (and creation) alone: its counts follow its
-- tasks, which carry their own transactions.
CREATE FUNCTION todo_row_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.changed_in := pg_current_xact_id();
    RETURN NEW;
END $$;

CREATE FUNCTION todo_list_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' OR NEW.name IS DISTINCT FROM OLD.name OR NEW.created_at IS DISTINCT FROM OLD.created_at
       OR NEW.changed_in <> OLD.changed_in THEN
        NEW.changed_in := pg_current_xact_id();
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER lists_changed_in BEFORE INSERT OR UPDATE ON lists
    FOR EACH ROW WHEN (NEW.changed_in IS DISTINCT FROM pg_current_xact_id()) EXECUTE FUNCTION todo_list_changed();
CREATE TRIGGER tasks_changed_in BEFORE INSERT OR UPDATE ON tasks
    FOR EACH ROW WHEN (NEW.changed_in IS DISTINCT FROM pg_current_xact_id()) EXECUTE FUNCTION todo_row_changed();

-- A task's tags are the task's: adding, changing, removing or truncating them changes it.
CREATE FUNCTION todo_tags_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE tasks SET changed_in = pg_current_xact_id()
        WHERE id IN (SELECT task_id FROM new_tags) AND changed_in <> pg_current_xact_id();
    ELSIF TG_OP = 'UPDATE' THEN
        UPDATE tasks SET changed_in = pg_current_xact_id()
        WHERE id IN (SELECT task_id FROM new_tags UNION SELECT task_id FROM old_tags) AND changed_in <> pg_current_xact_id();
    ELSIF TG_OP = 'DELETE' THEN
        UPDATE tasks SET changed_in = pg_current_xact_id()
        WHERE id IN (SELECT task_id FROM old_tags) AND changed_in <> pg_current_xact_id();
    ELSE
        UPDATE tasks SET changed_in = pg_current_xact_id()
        WHERE id IN (SELECT task_id FROM task_tags) AND changed_in <> pg_current_xact_id();
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER task_tags_added AFTER INSERT ON task_tags
    REFERENCING NEW TABLE AS new_tags FOR EACH STATEMENT EXECUTE FUNCTION todo_tags_changed();
CREATE TRIGGER task_tags_rewritten AFTER UPDATE ON task_tags
    REFERENCING OLD TABLE AS old_tags NEW TABLE AS new_tags FOR EACH STATEMENT EXECUTE FUNCTION todo_tags_changed();
CREATE TRIGGER task_tags_removed AFTER DELETE ON task_tags
    REFERENCING OLD TABLE AS old_tags FOR EACH STATEMENT EXECUTE FUNCTION todo_tags_changed();
CREATE TRIGGER task_tags_truncated BEFORE TRUNCATE ON task_tags
    FOR EACH STATEMENT EXECUTE FUNCTION todo_tags_changed();

-- What was deleted, by kind and uuid, with the transaction that deleted it. A uuid written
-- again (an undone delete) is a row again, changed after its deletion: a row that is there is
-- there, whatever this table says.
CREATE TABLE deleted_rows (
    kind        text NOT NULL CHECK (kind IN ('list', 'task')),
    uuid        text COLLATE "C" NOT NULL,
    changed_in  xid8 NOT NULL DEFAULT pg_current_xact_id(),
    PRIMARY KEY (kind, uuid)
);
CREATE INDEX deleted_rows_by_changed_in ON deleted_rows (changed_in);

CREATE FUNCTION todo_rows_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'TRUNCATE' THEN
        EXECUTE format('INSERT INTO deleted_rows (kind, uuid) SELECT %L, uuid FROM %I.%I ON CONFLICT (kind, uuid) '
                       'DO UPDATE SET changed_in = pg_current_xact_id()', TG_ARGV[0], TG_TABLE_SCHEMA, TG_TABLE_NAME);
    ELSE
        INSERT INTO deleted_rows (kind, uuid) SELECT TG_ARGV[0], uuid FROM old_rows
        ON CONFLICT (kind, uuid) DO UPDATE SET changed_in = pg_current_xact_id();
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER lists_deleted AFTER DELETE ON lists
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION todo_rows_deleted('list');
CREATE TRIGGER tasks_deleted AFTER DELETE ON tasks
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION todo_rows_deleted('task');
CREATE TRIGGER lists_truncated BEFORE TRUNCATE ON lists
    FOR EACH STATEMENT EXECUTE FUNCTION todo_rows_deleted('list');
CREATE TRIGGER tasks_truncated BEFORE TRUNCATE ON tasks
    FOR EACH STATEMENT EXECUTE FUNCTION todo_rows_deleted('task');

-- They fire in every session, `session_replication_role = replica` (a restore's) included: a
-- change they did not see would never reach a file.
ALTER TABLE lists ENABLE ALWAYS TRIGGER lists_changed_in, ENABLE ALWAYS TRIGGER lists_deleted,
    ENABLE ALWAYS TRIGGER lists_truncated;
ALTER TABLE tasks ENABLE ALWAYS TRIGGER tasks_changed_in, ENABLE ALWAYS TRIGGER tasks_deleted,
    ENABLE ALWAYS TRIGGER tasks_truncated;
ALTER TABLE task_tags ENABLE ALWAYS TRIGGER task_tags_added, ENABLE ALWAYS TRIGGER task_tags_rewritten,
    ENABLE ALWAYS TRIGGER task_tags_removed, ENABLE ALWAYS TRIGGER task_tags_truncated;
