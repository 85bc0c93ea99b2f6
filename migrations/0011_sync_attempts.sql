-- Which syncs this file started since its last one that completed (todo sync, docs/design.md
-- "Several machines"): a token of each, written and committed before the sync reaches the hub,
-- which keeps the token beside its mark (postgres/0009). A sync cut off after the hub's commit
-- and before the file's leaves the hub naming a token this file holds; a copy of this file that
-- synced in between leaves one it does not, and is not taken for this file (space-separated,
-- the newest last; one once a sync completes).
ALTER TABLE sync_link ADD COLUMN attempts TEXT NOT NULL DEFAULT '';
