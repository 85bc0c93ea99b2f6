-- `todo agenda`: open tasks with a due date, across every list, in due order, read straight
-- off this index instead of scanning every task.
CREATE INDEX tasks_open_by_due ON tasks (due, id) WHERE done = 0 AND due IS NOT NULL;
