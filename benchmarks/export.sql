-- The plain table of generate.sql as NDJSON in todo's export shape (keys in its order, done as
-- true/false, null for nothing): the file `todo import` reads.
SELECT json_object(
    'id', id, 'list', list, 'title', title, 'notes', notes, 'due', due, 'priority', priority,
    'done', json(CASE done WHEN 1 THEN 'true' ELSE 'false' END),
    'created_at', created_at, 'updated_at', updated_at, 'completed_at', completed_at,
    'tags', json(coalesce(tags, '[]')), 'repeat', NULL, 'repeat_from', 'due')
FROM tasks ORDER BY id;
