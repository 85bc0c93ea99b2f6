-- The benchmarks' tasks as ONE plain table: no index, CHECK or trigger, in ONE transaction.
--     sqlite3 -cmd '.parameter set :n 1000000' FILE '.read generate.sql'
-- benchmarks/run uses it three ways: to make the rows that `todo import` reads (written out as
-- NDJSON, in todo's export shape), as the plain database the sqlite3 references run on, and,
-- timed, as the "sqlite3 bulk insert of the same rows into a plain table" that `todo import` is
-- compared with.
--
-- :n tasks spread evenly over 100 lists "list001" .. "list100" (task i goes to list 1 + i % 100,
-- so ids interleave across lists as they would in real use). Every other property depends on
-- k = i / 100 (the task's rank in its list) with moduli prime to each other, so each list gets
-- the same mix:
--   done      k % 10 in (0, 3, 6)              30 %  (completed_at set)
--   due       k % 7 in (0, 1, 2): none         43 %
--             k % 7 = 3: date and time          14 %  ('YYYY-MM-DDTHH:MM')
--             otherwise: date only              43 %  ('YYYY-MM-DD'), spread over 2026-2027
--   priority  k % 11: 0 high, 1 medium, 2-3 low, else none
--   notes     k % 9 in (0, 4)                   22 %
--   tags      k % 10 = 1: errand; k % 10 = 2: errand and phone; k % 100 = 7: rare  21 %
--             (a JSON array, as todo exports them; NULL for none)
CREATE TABLE tasks (
    id INTEGER PRIMARY KEY, list TEXT, title TEXT, notes TEXT, due TEXT, priority TEXT,
    done INTEGER, created_at TEXT, updated_at TEXT, completed_at TEXT, tags TEXT
);

BEGIN;

INSERT INTO tasks (list, title, notes, due, priority, done, created_at, updated_at, completed_at, tags)
WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < :n),
     t(i, k) AS (SELECT i, i / 100 FROM seq)
SELECT
    printf('list%03d', 1 + i % 100),
    'Task ' || i || ': ' || CASE k % 8
        WHEN 0 THEN 'buy oat milk' WHEN 1 THEN 'call the plumber about the kitchen sink'
        WHEN 2 THEN 'write the quarterly report' WHEN 3 THEN 'fix bike'
        WHEN 4 THEN 'read chapter 7 of the Swift book' WHEN 5 THEN 'pay the electricity bill'
        WHEN 6 THEN 'book flights for the conference in March' ELSE 'water the plants' END,
    CASE WHEN k % 9 IN (0, 4) THEN 'Notes for task ' || i || ': check the details first, then tell the others.' END,
    CASE
        WHEN k % 7 IN (0, 1, 2) THEN NULL
        WHEN k % 7 = 3 THEN date('2026-01-01', '+' || ((i * 7919) % 730) || ' days')
                            || printf('T%02d:%02d', (i * 31) % 24, ((i * 17) % 4) * 15)
        ELSE date('2026-01-01', '+' || ((i * 7919) % 730) || ' days')
    END,
    CASE k % 11 WHEN 0 THEN 'high' WHEN 1 THEN 'medium' WHEN 2 THEN 'low' WHEN 3 THEN 'low' ELSE 'none' END,
    k % 10 IN (0, 3, 6),
    strftime('%Y-%m-%dT%H:%M:%SZ', 1735689600 + i * 20, 'unixepoch'),
    strftime('%Y-%m-%dT%H:%M:%SZ', 1735689600 + i * 20 + 3600, 'unixepoch'),
    CASE WHEN k % 10 IN (0, 3, 6) THEN strftime('%Y-%m-%dT%H:%M:%SZ', 1735689600 + i * 20 + 86400, 'unixepoch') END,
    CASE WHEN k % 10 = 1 THEN '["errand"]' WHEN k % 10 = 2 THEN '["errand","phone"]' WHEN k % 100 = 7 THEN '["rare"]' END
FROM t;

COMMIT;
