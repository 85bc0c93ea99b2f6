-- The history's changes a sync brought in (migration 0009 of a file, which the history's rules,
-- written once for both, read): none are ever made on a hub, which receives nothing.
ALTER TABLE history ADD COLUMN received boolean NOT NULL DEFAULT false;
