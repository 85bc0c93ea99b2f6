-- A task whose id is changed by hand in sqlite3 (UPDATE tasks SET id = ...) keeps its entry in
-- the search index, moved to the new id; before, the entry stayed under the old one.
DROP TRIGGER tasks_search_update;

CREATE TRIGGER tasks_search_update AFTER UPDATE OF id, title, notes ON tasks
BEGIN
    INSERT INTO tasks_search (tasks_search, rowid, title, notes) VALUES ('delete', OLD.id, OLD.title, OLD.notes);
    INSERT INTO tasks_search (rowid, title, notes) VALUES (NEW.id, NEW.title, NEW.notes);
END;
