-- Full-text search over task titles and notes (`todo search`).
-- An external-content FTS5 table: it indexes tasks without a second copy of the text, and the
-- triggers below keep it in step, so edits made by hand in sqlite3 are found too.
-- remove_diacritics 2: "cafe" finds "café".
CREATE VIRTUAL TABLE tasks_search USING fts5 (
    title, notes,
    content = 'tasks', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);

-- Index what is already there.
INSERT INTO tasks_search (tasks_search) VALUES ('rebuild');

CREATE TRIGGER tasks_search_insert AFTER INSERT ON tasks
BEGIN
    INSERT INTO tasks_search (rowid, title, notes) VALUES (NEW.id, NEW.title, NEW.notes);
END;

CREATE TRIGGER tasks_search_delete AFTER DELETE ON tasks
BEGIN
    INSERT INTO tasks_search (tasks_search, rowid, title, notes) VALUES ('delete', OLD.id, OLD.title, OLD.notes);
END;

CREATE TRIGGER tasks_search_update AFTER UPDATE OF title, notes ON tasks
BEGIN
    INSERT INTO tasks_search (tasks_search, rowid, title, notes) VALUES ('delete', OLD.id, OLD.title, OLD.notes);
    INSERT INTO tasks_search (rowid, title, notes) VALUES (NEW.id, NEW.title, NEW.notes);
END;
