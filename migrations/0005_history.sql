-- Undo, redo and history (todo undo, todo redo, todo history).
--
-- Every change todo makes, a whole command, is one row of `history`. The lists and tasks it
-- added, changed or deleted are rows of `history_lists` and `history_tasks`: each field as it
-- was before the change and as it was after (all NULL on the before side: the row did not exist
-- yet; on the after side: the change deleted it). Undo checks that every row is still as its
-- after side says, then puts the before side back; redo the other way round.
--
-- An import is recorded as the range of its tasks' ids instead (imported_after < id <=
-- imported_through) and a fingerprint of those rows, so that recording a million tasks costs
-- nothing like importing them. Undoing it moves the tasks into history_tasks, for redo.
--
-- todo keeps the last TODO_HISTORY_LIMIT changes (100 unless set), pruning older ones in the
-- same transaction as a new change; a new change also drops what could have been redone and
-- takes the next id after the newest change kept (no AUTOINCREMENT: the ids kept are one run,
-- so the bound is an id range).

CREATE TABLE history (
    id                   INTEGER PRIMARY KEY,
    at                   TEXT    NOT NULL,                          -- ISO-8601 UTC
    command              TEXT    NOT NULL,                          -- as typed: done 1 2 3
    summary              TEXT    NOT NULL,                          -- marked 3 tasks done
    undone               INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
    imported_after       INTEGER,
    imported_through     INTEGER,
    imported_count       INTEGER,
    imported_fingerprint INTEGER
) STRICT;

CREATE TABLE history_lists (
    change_id         INTEGER NOT NULL REFERENCES history (id) ON DELETE CASCADE,
    list_id           INTEGER NOT NULL,
    before_name       TEXT,    after_name       TEXT,
    before_created_at TEXT,    after_created_at TEXT,
    PRIMARY KEY (change_id, list_id)
) STRICT, WITHOUT ROWID;

CREATE TABLE history_tasks (
    change_id           INTEGER NOT NULL REFERENCES history (id) ON DELETE CASCADE,
    task_id             INTEGER NOT NULL,
    before_list_id      INTEGER, after_list_id      INTEGER,
    before_title        TEXT,    after_title        TEXT,
    before_notes        TEXT,    after_notes        TEXT,
    before_due          TEXT,    after_due          TEXT,
    before_priority     TEXT,    after_priority     TEXT,
    before_done         INTEGER, after_done         INTEGER,
    before_created_at   TEXT,    after_created_at   TEXT,
    before_updated_at   TEXT,    after_updated_at   TEXT,
    before_completed_at TEXT,    after_completed_at TEXT,
    PRIMARY KEY (change_id, task_id)
) STRICT, WITHOUT ROWID;
