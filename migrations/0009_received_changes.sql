-- Changes a sync brought in from the hub (todo sync, rule 9): one change of the history each,
-- shown as received (`sync`, "received N changes from HUB") and never undone or redone here,
-- since they are the hub's and other machines' work. Undo passes over them to this file's own
-- newest change, and refuses it as ever when a received change touched its rows since.
ALTER TABLE history ADD COLUMN received INTEGER NOT NULL DEFAULT 0 CHECK (received IN (0, 1));
