-- A row written with an id of its own (psql's INSERT INTO tasks (id, ...) VALUES (7, ...), an
-- UPDATE of an id) moves the identity past it, as AUTOINCREMENT does in the SQLite file: the next
-- id todo hands out is past every id stored, so a row written by hand never collides with it.
-- Once per statement, from the rows the statement wrote (an import of a million rows reads them
-- once). The identity only ever moves forward, as ids are never reused.
CREATE FUNCTION todo_ids_follow_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    ids regclass := pg_get_serial_sequence(TG_TABLE_NAME, 'id')::regclass;
    highest bigint;
BEGIN
    SELECT max(id) INTO highest FROM written;
    IF highest > coalesce(pg_sequence_last_value(ids), 0) THEN
        PERFORM setval(ids, highest);
    END IF;
    RETURN NULL;
END $$;

CREATE TRIGGER tasks_ids_follow_inserts AFTER INSERT ON tasks
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION todo_ids_follow_rows();
CREATE TRIGGER tasks_ids_follow_updates AFTER UPDATE ON tasks
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION todo_ids_follow_rows();
CREATE TRIGGER lists_ids_follow_inserts AFTER INSERT ON lists
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION todo_ids_follow_rows();
CREATE TRIGGER lists_ids_follow_updates AFTER UPDATE ON lists
    REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION todo_ids_follow_rows();

-- A database that already holds a row past its identity gets the identity moved past it now.
SELECT setval(pg_get_serial_sequence('tasks', 'id'), max(id)) FROM tasks
HAVING max(id) > coalesce(pg_sequence_last_value(pg_get_serial_sequence('tasks', 'id')::regclass), 0);
SELECT setval(pg_get_serial_sequence('lists', 'id'), max(id)) FROM lists
HAVING max(id) > coalesce(pg_sequence_last_value(pg_get_serial_sequence('lists', 'id')::regclass), 0);
