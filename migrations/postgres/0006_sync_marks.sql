-- What each linked file last left on this hub (issue 30, rule 10): a file's sync writes here,
-- in its own transaction, that transaction's id (`mark`) and the one of the file's sync before
-- (`started_from`: where the file stood when it began). The file keeps the mark of its last
-- sync that it committed too; the next sync finds the hub as the file left it if the hub's row
-- names that sync, as its mark or, when the file never committed the one after, as where that
-- one started. A hub restored from an older backup, or reset, has an older row or none: the
-- file then sends everything it has again instead of taking the hub's older rows as news.
--
-- Syncs cut off in a row, each after the hub's commit and before the file's, all start from
-- the file's one mark: `cut_off` keeps their transactions (space-separated), whose rows the
-- file never took for agreed.
CREATE TABLE sync_marks (
    holder        text PRIMARY KEY,        -- the file (its uuid, as id_blocks names it)
    mark          text NOT NULL,           -- its last sync's transaction here
    started_from  text,                    -- the one before it, as the file had it (none: the first)
    cut_off       text NOT NULL DEFAULT '' -- syncs before `mark` from the same start
);
