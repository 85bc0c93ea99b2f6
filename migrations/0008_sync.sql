-- Sync with a hub (todo sync, docs/design.md "Several machines"): a file linked to a PostgreSQL
-- database keeps its own lists and tasks as ever, and beside them the rows as this file and the
-- hub last agreed on them (the base). What changed here since is whatever differs from the base,
-- however it was changed (todo, or sqlite3 by hand); what changed on the hub, the hub says
-- (postgres/0004). The tables stay empty in a file that is not linked.

-- The link: one row, or none.
CREATE TABLE sync_link (
    id            INTEGER PRIMARY KEY CHECK (id = 1),
    hub           TEXT    NOT NULL,   -- the hub's URL, without a password (never stored)
    hub_identity  TEXT    NOT NULL,   -- which database it is: its cluster's system identifier and oid
    holder        TEXT    NOT NULL,   -- this file, as the hub's id blocks name it (a uuid)
    snapshot      TEXT,               -- the hub's snapshot the last sync read in (pg_snapshot)
    own_change    TEXT,               -- the hub transaction of the last sync, whose rows are not news
    last_sync     TEXT,               -- ISO-8601 UTC
    -- The ids this file hands out to tasks added here, reserved on the hub so that no other
    -- file or hub user takes them: next_id up to last_id (next_id > last_id: none left).
    next_id       INTEGER NOT NULL,
    last_id       INTEGER NOT NULL
) STRICT;

-- Lists and tasks as last agreed with the hub, by uuid. A task's list is its list's uuid, its
-- tags one text (sorted, space-separated), as the sync compares them.
CREATE TABLE sync_base_lists (
    uuid TEXT PRIMARY KEY,
    name TEXT NOT NULL
) STRICT, WITHOUT ROWID;

CREATE TABLE sync_base_tasks (
    uuid         TEXT    PRIMARY KEY,
    id           INTEGER NOT NULL,
    list_uuid    TEXT    NOT NULL,
    title        TEXT    NOT NULL,
    notes        TEXT,
    due          TEXT,
    priority     TEXT    NOT NULL,
    done         INTEGER NOT NULL,
    completed_at TEXT,
    created_at   TEXT    NOT NULL,
    updated_at   TEXT    NOT NULL,
    tags         TEXT    NOT NULL,
    repeat       TEXT,
    repeat_from  TEXT    NOT NULL
) STRICT, WITHOUT ROWID;

-- Tasks agreed with the hub and deleted since, with the id they had: one that comes back (an
-- undone delete) is the same task, and keeps its id.
CREATE TABLE sync_gone_tasks (
    uuid TEXT    PRIMARY KEY,
    id   INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- A field both sides changed: the hub's value was kept, this file's is here until dismissed
-- (todo sync conflicts). `field` is `deleted` where a change met a deletion; `task_id` is NULL
-- for a list's name.
CREATE TABLE sync_conflicts (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    task_id   INTEGER,
    uuid      TEXT    NOT NULL,
    field     TEXT    NOT NULL,
    kept      TEXT,
    yours     TEXT,
    at        TEXT    NOT NULL,
    dismissed INTEGER NOT NULL DEFAULT 0 CHECK (dismissed IN (0, 1))
) STRICT;
