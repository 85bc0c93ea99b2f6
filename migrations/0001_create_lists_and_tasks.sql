-- The first schema: named lists and their tasks.
-- Shipped migrations are never edited: a checksum in schema_migrations catches it.
-- Add a new numbered file instead.

-- Marks the file as a todo database ('TODO' in ASCII), so todo can tell it from other
-- programs' SQLite files and leave those alone.
PRAGMA application_id = 1414480975;

CREATE TABLE lists (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,       -- stable, never reused
    name       TEXT    NOT NULL COLLATE NOCASE UNIQUE   -- unique ignoring (ASCII) case
               CHECK (name <> '' AND name = trim(name)),
    -- Kept current by the triggers below, so listing lists never counts tasks.
    open_count INTEGER NOT NULL DEFAULT 0 CHECK (open_count >= 0),
    done_count INTEGER NOT NULL DEFAULT 0 CHECK (done_count >= 0),
    created_at TEXT    NOT NULL                         -- ISO-8601 UTC, e.g. 2026-11-21T09:30:00Z
) STRICT;

CREATE TABLE tasks (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,     -- stable, never reused
    list_id      INTEGER NOT NULL REFERENCES lists (id) ON DELETE CASCADE,
    title        TEXT    NOT NULL CHECK (title <> ''),
    notes        TEXT,
    -- Local date 'YYYY-MM-DD' or date and time 'YYYY-MM-DDTHH:MM', naming a real day and time
    -- ('+0 days' makes SQLite normalise the date, so 2026-02-30 does not survive the check).
    due          TEXT    CHECK (
                     due IS NULL
                     OR ((due GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'
                          OR due GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-2][0-9]:[0-5][0-9]')
                         AND date(substr(due, 1, 10), '+0 days') IS substr(due, 1, 10)
                         AND (length(due) = 10 OR substr(due, 12, 2) < '24'))
                 ),
    priority     TEXT    NOT NULL DEFAULT 'none' CHECK (priority IN ('none', 'low', 'medium', 'high')),
    done         INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
    created_at   TEXT    NOT NULL,                      -- ISO-8601 UTC
    updated_at   TEXT    NOT NULL,                      -- ISO-8601 UTC
    completed_at TEXT,                                  -- ISO-8601 UTC, set while done
    CHECK ((done = 1) = (completed_at IS NOT NULL))
) STRICT;

-- `todo list LIST`: one list's open tasks in display order (dated first by due, then by id),
-- read straight off the index. It also serves the foreign key from lists.
CREATE INDEX tasks_by_list_in_display_order ON tasks (list_id, done, due IS NULL, due, id);

-- Per-list counts, maintained by the database so that edits made in sqlite3 keep them right.
CREATE TRIGGER tasks_count_insert AFTER INSERT ON tasks
BEGIN
    UPDATE lists SET open_count = open_count + 1 - NEW.done, done_count = done_count + NEW.done
    WHERE id = NEW.list_id;
END;

CREATE TRIGGER tasks_count_delete AFTER DELETE ON tasks
BEGIN
    UPDATE lists SET open_count = open_count - 1 + OLD.done, done_count = done_count - OLD.done
    WHERE id = OLD.list_id;
END;

CREATE TRIGGER tasks_count_update AFTER UPDATE OF list_id, done ON tasks
WHEN OLD.list_id IS NOT NEW.list_id OR OLD.done IS NOT NEW.done
BEGIN
    UPDATE lists SET open_count = open_count - 1 + OLD.done, done_count = done_count - OLD.done
    WHERE id = OLD.list_id;
    UPDATE lists SET open_count = open_count + 1 - NEW.done, done_count = done_count + NEW.done
    WHERE id = NEW.list_id;
END;
