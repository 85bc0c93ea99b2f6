-- Fills an empty todo database (schema made by `todo list --db FILE`) with :n tasks spread
-- evenly over 100 lists, in ONE transaction, through the schema's own triggers (per-list
-- counts, and whatever else the migrations attach to tasks). Run it as
--     sqlite3 -cmd '.parameter set :n 1000000' FILE '.read generate.sql'
-- benchmarks/run uses it both to build the cached databases and, timed, as the reference
-- "SQLite bulk insert of N rows" that `todo import` is compared with.
--
-- Task i goes to list 1 + i % 100 ("list001" .. "list100"), so ids interleave across lists as
-- they would in real use. Every other property depends on k = i / 100 (the task's rank in its
-- list) with moduli prime to each other, so each list gets the same mix:
--   done      k % 10 in (0, 3, 6)              30 %  (completed_at set, as the schema requires)
--   due       k % 7 in (0, 1, 2): none         43 %
--             k % 7 = 3: date and time          14 %  ('YYYY-MM-DDTHH:MM')
--             otherwise: date only              43 %  ('YYYY-MM-DD'), spread over 2026-2027
--   priority  k % 11: 0 high, 1 medium, 2-3 low, else none
--   notes     k % 9 in (0, 4)                   22 %
BEGIN;

INSERT INTO lists (name, created_at)
WITH RECURSIVE n(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM n WHERE v < 100)
SELECT printf('list%03d', v), '2025-01-01T00:00:00Z' FROM n;

INSERT INTO tasks (list_id, title, notes, due, priority, done, created_at, updated_at, completed_at)
WITH RECURSIVE seq(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM seq WHERE i < :n),
     t(i, k) AS (SELECT i, i / 100 FROM seq)
SELECT
    1 + i % 100,                          -- the lists above are ids 1..100 in an empty file
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
    CASE WHEN k % 10 IN (0, 3, 6) THEN strftime('%Y-%m-%dT%H:%M:%SZ', 1735689600 + i * 20 + 86400, 'unixepoch') END
FROM t;

COMMIT;
