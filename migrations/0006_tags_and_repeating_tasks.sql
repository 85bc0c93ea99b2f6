-- Tags (todo add/edit --tag, todo list LIST --tag, todo tags) and repeating tasks
-- (--repeat, --repeat-from).

-- One row per tag of a task. A tag is one word (no whitespace, not empty), matched without
-- regard to ASCII case (NOCASE, like list names) and kept as first written: a task holds a tag
-- once, whatever its case. Find a tag's tasks with a plain join:
--   SELECT t.* FROM tasks t JOIN task_tags g ON g.task_id = t.id WHERE g.tag = 'errand';
CREATE TABLE task_tags (
    task_id INTEGER NOT NULL REFERENCES tasks (id) ON DELETE CASCADE ON UPDATE CASCADE,
    tag     TEXT    NOT NULL COLLATE NOCASE
            CHECK (tag <> '' AND tag NOT GLOB '*[' || char(32, 9, 10, 11, 12, 13) || ']*'),
    PRIMARY KEY (task_id, tag)
) STRICT, WITHOUT ROWID;

-- `--tag T`: a tag's tasks, found through this index whatever the number of tasks.
CREATE INDEX task_tags_by_tag ON task_tags (tag, task_id);

-- How a task repeats: 'Nd', 'Nw', 'Nm' or 'Ny' (N from 1 to 1200; `daily` is stored as '1d'),
-- NULL when it does not. A month or year rule may end in '@29', '@30' or '@31': the day of the
-- month its series keeps when this task's month was too short for it (Jan 31, then Feb 28 is
-- stored '1m@31', so the task after it is due Mar 31). A repeating task has a due date: its
-- schedule counts from it, or from the day it was done (repeat_from = 'done').
ALTER TABLE tasks ADD COLUMN repeat TEXT CHECK (
    repeat IS NULL
    OR ((rtrim(repeat, '@0123456789') GLOB '[1-9][dwmy]' OR rtrim(repeat, '@0123456789') GLOB '[1-9][0-9][dwmy]'
         OR rtrim(repeat, '@0123456789') GLOB '[1-9][0-9][0-9][dwmy]' OR rtrim(repeat, '@0123456789') GLOB '[1-9][0-9][0-9][0-9][dwmy]')
        AND CAST(repeat AS INTEGER) <= 1200
        AND (repeat = rtrim(repeat, '@0123456789')
             OR ((repeat GLOB '*[my]@29' OR repeat GLOB '*[my]@3[01]')
                 AND length(repeat) = length(rtrim(repeat, '@0123456789')) + 3))
        AND due IS NOT NULL)
);
ALTER TABLE tasks ADD COLUMN repeat_from TEXT NOT NULL DEFAULT 'due' CHECK (repeat_from IN ('due', 'done'));

-- The history records both, and a task's tags (one text, space-separated and sorted:
-- 'errand phone', '' for none), before and after each change.
ALTER TABLE history_tasks ADD COLUMN before_tags        TEXT;
ALTER TABLE history_tasks ADD COLUMN after_tags         TEXT;
ALTER TABLE history_tasks ADD COLUMN before_repeat      TEXT;
ALTER TABLE history_tasks ADD COLUMN after_repeat       TEXT;
ALTER TABLE history_tasks ADD COLUMN before_repeat_from TEXT;
ALTER TABLE history_tasks ADD COLUMN after_repeat_from  TEXT;
