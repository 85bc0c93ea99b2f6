-- The token of the sync that left each holder's mark (migration 0011 of a file): a file whose
-- sync was cut off after this hub's commit holds it, and a copy of that file, which stands where
-- the same mark says the sync started, does not (so that it is not taken for the file, nor the
-- file's sync for the copy's).
ALTER TABLE sync_marks ADD COLUMN attempt text;
