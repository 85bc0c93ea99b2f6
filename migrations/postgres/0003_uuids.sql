-- Every task and list has a uuid (RFC 9562): its identity on every machine, where its id is
-- this database's own. Imports merge by it (and sync will). As in the SQLite file (its
-- migration 0007), kept as canonical text, lowercase, and compared as text; never changed
-- once made.
--
-- todo makes a version 7 uuid for each row it adds, and an import keeps a record's own. The
-- rows already here get one made from their created_at; a row written with psql without one
-- gets one from the column's default.

-- A version 7 uuid: `made` in milliseconds since 1970, the version, then the random bits (and
-- variant) of a version 4 one.
CREATE FUNCTION todo_uuid7(made timestamptz DEFAULT clock_timestamp()) RETURNS text
    LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
    SELECT substr(h, 1, 8) || '-' || substr(h, 9, 4) || '-' || substr(h, 13, 4) || '-' || substr(h, 17, 4) || '-' || substr(h, 21, 12)
    FROM (SELECT lpad(to_hex(greatest(0, floor(extract(epoch FROM made) * 1000))::bigint), 12, '0')
                 || '7' || substr(replace(gen_random_uuid()::text, '-', ''), 14) AS h) AS parts
$$;

-- When a row was made, from its created_at as todo writes it (a value written otherwise by
-- hand: now).
CREATE FUNCTION todo_made_at(created_at text) RETURNS timestamptz
    LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
    SELECT CASE WHEN todo_is_due(substr(created_at, 1, 10))
                     AND substr(created_at, 11) ~ '^T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\.[0-9]+)?Z$'
                THEN created_at::timestamptz ELSE clock_timestamp() END
$$;

-- Each table is written once: the type change with USING rewrites it, the uuid computed for
-- each row on the way, and its indexes are rebuilt after (an UPDATE would write every row
-- again, the search index with it).
ALTER TABLE lists ADD COLUMN uuid text;
ALTER TABLE lists ALTER COLUMN uuid TYPE text COLLATE "C" USING todo_uuid7(todo_made_at(created_at));
ALTER TABLE lists ALTER COLUMN uuid SET DEFAULT todo_uuid7(), ALTER COLUMN uuid SET NOT NULL,
    ADD CONSTRAINT lists_uuid_check CHECK (uuid ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$');
CREATE UNIQUE INDEX lists_by_uuid ON lists (uuid);

ALTER TABLE tasks ADD COLUMN uuid text;
ALTER TABLE tasks ALTER COLUMN uuid TYPE text COLLATE "C" USING todo_uuid7(todo_made_at(created_at));
ALTER TABLE tasks ALTER COLUMN uuid SET DEFAULT todo_uuid7(), ALTER COLUMN uuid SET NOT NULL,
    ADD CONSTRAINT tasks_uuid_check CHECK (uuid ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$');
CREATE UNIQUE INDEX tasks_by_uuid ON tasks (uuid);

CREATE FUNCTION todo_uuid_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'a %''s uuid never changes', TG_ARGV[0] USING ERRCODE = 'check_violation';
END $$;

CREATE TRIGGER lists_uuid_kept BEFORE UPDATE OF uuid ON lists
    FOR EACH ROW WHEN (OLD.uuid IS DISTINCT FROM NEW.uuid) EXECUTE FUNCTION todo_uuid_kept('list');
CREATE TRIGGER tasks_uuid_kept BEFORE UPDATE OF uuid ON tasks
    FOR EACH ROW WHEN (OLD.uuid IS DISTINCT FROM NEW.uuid) EXECUTE FUNCTION todo_uuid_kept('task');

-- The history records the uuid on each side of a change, as it does every field. A list or
-- task it recorded has the uuid it has now or, deleted since, one made for it here: the same on
-- every side of every change, so that undo and redo put back the row they took away. (A CTE
-- that calls a volatile function is computed once, so each gets one.)
ALTER TABLE history_lists ADD COLUMN before_uuid text, ADD COLUMN after_uuid text;
ALTER TABLE history_tasks ADD COLUMN before_uuid text, ADD COLUMN after_uuid text;

WITH recorded AS (
    SELECT h.list_id AS id, coalesce(min(l.uuid), todo_uuid7(todo_made_at(max(coalesce(h.before_created_at, h.after_created_at))))) AS uuid
    FROM history_lists AS h LEFT JOIN lists AS l ON l.id = h.list_id GROUP BY h.list_id
)
UPDATE history_lists AS h SET before_uuid = CASE WHEN h.before_name IS NOT NULL THEN r.uuid END,
                              after_uuid = CASE WHEN h.after_name IS NOT NULL THEN r.uuid END
FROM recorded AS r WHERE r.id = h.list_id;

WITH recorded AS (
    SELECT h.task_id AS id, coalesce(min(t.uuid), todo_uuid7(todo_made_at(max(coalesce(h.before_created_at, h.after_created_at))))) AS uuid
    FROM history_tasks AS h LEFT JOIN tasks AS t ON t.id = h.task_id GROUP BY h.task_id
)
UPDATE history_tasks AS h SET before_uuid = CASE WHEN h.before_title IS NOT NULL THEN r.uuid END,
                              after_uuid = CASE WHEN h.after_title IS NOT NULL THEN r.uuid END
FROM recorded AS r WHERE r.id = h.task_id;
