-- Ids that are the same on every machine (issue 30, rule 7): each file that syncs with this
-- database (a hub) holds a block of task ids reserved here, so a task it adds offline keeps its
-- id for ever. A block is taken from the top of the tasks' identity, which then moves past
-- it: what anyone adds here directly (`todo --db postgres://…`, psql) gets an id past every
-- block, and no block ever overlaps another or a task's id.

CREATE TABLE id_blocks (
    first        bigint NOT NULL,
    last         bigint NOT NULL CHECK (last >= first),
    -- The file holding it (its uuid), and when it was reserved (ISO-8601 UTC).
    holder       text   NOT NULL,
    reserved_at  text   NOT NULL,
    PRIMARY KEY (first)
);

-- Reserves `size` ids for `holder` and returns the first and the last. Inserts into tasks wait
-- while it runs (the table is locked against them until the transaction ends), so no id is
-- handed out twice; the identity then stands at the block's last id.
CREATE FUNCTION todo_reserve_ids(size bigint, holder text) RETURNS TABLE (first bigint, last bigint)
    LANGUAGE plpgsql AS $$
DECLARE
    ids regclass := pg_get_serial_sequence('tasks', 'id')::regclass;
    taken bigint;
BEGIN
    IF size < 1 OR size > 1000000000 THEN
        RAISE EXCEPTION 'a block holds from 1 to 1000000000 ids, not %', size USING ERRCODE = 'check_violation';
    END IF;
    LOCK TABLE tasks IN SHARE ROW EXCLUSIVE MODE;
    taken := greatest(coalesce(pg_sequence_last_value(ids), 0), (SELECT coalesce(max(id), 0) FROM tasks),
                      (SELECT coalesce(max(b.last), 0) FROM id_blocks AS b));
    PERFORM setval(ids, taken + size);
    INSERT INTO id_blocks (first, last, holder, reserved_at)
    VALUES (taken + 1, taken + size, holder, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'));
    RETURN QUERY SELECT taken + 1, taken + size;
END $$;
