-- The order in which changes reached this database, for the files that sync with it (a hub):
-- each list and task carries the data_version of the transaction that last wrote it, and each
-- one deleted leaves its uuid behind with the data_version that deleted it. A file asks for
-- what has a data_version past the last it saw, and gets every change since, in order,
-- whoever made it: todo on a file's behalf, a team member's `todo --db postgres://…`, or psql.
--
-- data_version is a single row every writing statement updates (migration 0001), so the first
-- write of a transaction locks it until the transaction ends, and the next writer waits for
-- that. The numbers a transaction takes are therefore all below those of any transaction that
-- commits after it: a reader that has seen a number has seen every change numbered below it.
-- For that, the number is now taken before each statement, not after, and rows take it as
-- they are written.

DROP TRIGGER lists_changed ON lists;
DROP TRIGGER tasks_changed ON tasks;
DROP TRIGGER task_tags_changed ON task_tags;

-- The next number, kept for the rest of the transaction where rows written read it (a column
-- default reads a setting for nothing, where a query per row would cost an import of a
-- million rows seconds). `todo.first_version` is the transaction's first: a task written since
-- then already carries a number of this transaction.
CREATE OR REPLACE FUNCTION todo_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    next bigint;
BEGIN
    UPDATE data_version SET version = version + 1 RETURNING version INTO next;
    PERFORM set_config('todo.data_version', next::text, true);
    IF coalesce(current_setting('todo.first_version', true), '') = '' THEN
        PERFORM set_config('todo.first_version', next::text, true);
    END IF;
    RETURN NULL;
END $$;

-- This transaction's number: the setting, once a statement of it took one. A row written with
-- the triggers off (`session_replication_role = replica`, which `db check` reports) takes the
-- last number there is.
CREATE FUNCTION todo_current_version() RETURNS bigint LANGUAGE sql STABLE AS $$
    SELECT coalesce(nullif(current_setting('todo.data_version', true), '')::bigint, (SELECT version FROM data_version))
$$;

CREATE TRIGGER lists_changed BEFORE INSERT OR UPDATE OR DELETE ON lists
    FOR EACH STATEMENT EXECUTE FUNCTION todo_data_changed();
CREATE TRIGGER tasks_changed BEFORE INSERT OR UPDATE OR DELETE ON tasks
    FOR EACH STATEMENT EXECUTE FUNCTION todo_data_changed();
CREATE TRIGGER task_tags_changed BEFORE INSERT OR UPDATE OR DELETE ON task_tags
    FOR EACH STATEMENT EXECUTE FUNCTION todo_data_changed();

-- The rows there are were written before anyone synced: number 0, seen by a first sync.
ALTER TABLE lists ADD COLUMN data_version bigint NOT NULL DEFAULT 0;
ALTER TABLE lists ALTER COLUMN data_version SET DEFAULT todo_current_version();
ALTER TABLE tasks ADD COLUMN data_version bigint NOT NULL DEFAULT 0;
ALTER TABLE tasks ALTER COLUMN data_version SET DEFAULT todo_current_version();
CREATE INDEX lists_by_data_version ON lists (data_version);
CREATE INDEX tasks_by_data_version ON tasks (data_version);

-- An insert takes the number from the default; an update, whatever it set, takes it here (a
-- psql UPDATE that names the column gets the transaction's number all the same). A list is
-- changed by its name alone: its counts move with its tasks, which carry their own numbers.
CREATE FUNCTION todo_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.data_version := todo_current_version();
    RETURN NEW;
END $$;

-- (Compared in the function, not in the trigger's WHEN, which would tie the columns' types to it.)
CREATE FUNCTION todo_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.name IS DISTINCT FROM OLD.name OR NEW.created_at IS DISTINCT FROM OLD.created_at
       OR NEW.data_version IS DISTINCT FROM OLD.data_version THEN
        NEW.data_version := todo_current_version();
    END IF;
    RETURN NEW;
END $$;

CREATE TRIGGER lists_version BEFORE UPDATE ON lists
    FOR EACH ROW EXECUTE FUNCTION todo_list_version();
CREATE TRIGGER tasks_version BEFORE UPDATE ON tasks
    FOR EACH ROW EXECUTE FUNCTION todo_row_version();

-- A task's tags are the task's: a change to them is a change to it. Tasks this transaction
-- wrote already carry its number (an import's, with their tags).
CREATE FUNCTION todo_tags_change_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        UPDATE tasks SET data_version = todo_current_version()
        WHERE id IN (SELECT task_id FROM new_tags) AND data_version < current_setting('todo.first_version')::bigint;
    ELSE
        UPDATE tasks SET data_version = todo_current_version()
        WHERE id IN (SELECT task_id FROM old_tags) AND data_version < current_setting('todo.first_version')::bigint;
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER task_tags_added AFTER INSERT ON task_tags
    REFERENCING NEW TABLE AS new_tags FOR EACH STATEMENT EXECUTE FUNCTION todo_tags_change_tasks();
CREATE TRIGGER task_tags_removed AFTER DELETE ON task_tags
    REFERENCING OLD TABLE AS old_tags FOR EACH STATEMENT EXECUTE FUNCTION todo_tags_change_tasks();

-- What was deleted, by uuid, with the number that deleted it. A uuid written again after (an
-- undone delete) is a row again, numbered after its deletion.
CREATE TABLE deleted_rows (
    uuid          text COLLATE "C" PRIMARY KEY,
    kind          text   NOT NULL CHECK (kind IN ('list', 'task')),
    data_version  bigint NOT NULL
);
CREATE INDEX deleted_rows_by_data_version ON deleted_rows (data_version);

CREATE FUNCTION todo_rows_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO deleted_rows (uuid, kind, data_version)
    SELECT uuid, TG_ARGV[0], todo_current_version() FROM old_rows
    ON CONFLICT (uuid) DO UPDATE SET kind = excluded.kind, data_version = excluded.data_version;
    RETURN NULL;
END $$;

CREATE TRIGGER lists_deleted AFTER DELETE ON lists
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION todo_rows_deleted('list');
CREATE TRIGGER tasks_deleted AFTER DELETE ON tasks
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION todo_rows_deleted('task');
