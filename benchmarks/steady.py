#!/usr/bin/env python3
"""Times N `todo add`s in a row on one database, each its own process as a script runs them,
with a reference command run right after each one, so a burst of load on the machine falls on
both and the ratio between them shows whether todo itself gets slower.

Usage: steady.py DB REFERENCE_DB N OUT.json

Before each add it records the size of DB-wal (what the add before it left). Writes
{"todo": [seconds...], "reference": [seconds...], "wal": [bytes...], "commands": [...]}.
The reference is `sqlite3 REFERENCE_DB "INSERT ..."` into a plain table: the same kind of
work (start a process, open a file, write one row), whose cost does not change over N rows.
"""
import json
import os
import sys
import time

db, reference_db, count, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
todo = ["todo", "add", "--db", db, "Inbox", "a task added in a long run of adds"]
reference = ["sqlite3", reference_db,
             "INSERT INTO tasks (title, created_at) VALUES ('a task added in a long run of adds', strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))"]
devnull = os.open(os.devnull, os.O_WRONLY)


def timed(argv):
    """Wall-clock seconds of one run, started with posix_spawn (no shell), output discarded."""
    actions = [(os.POSIX_SPAWN_DUP2, devnull, 1)]
    started = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, os.environ, file_actions=actions)
    _, status = os.waitpid(pid, 0)
    elapsed = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"steady.py: {' '.join(argv)} failed")
    return elapsed


def wal_size():
    try:
        return os.stat(db + "-wal").st_size
    except FileNotFoundError:
        return 0


todo_times, reference_times, wal = [], [], []
for _ in range(count):
    wal.append(wal_size())
    todo_times.append(timed(todo))
    reference_times.append(timed(reference))
wal.append(wal_size())
with open(out, "w") as f:
    json.dump({"todo": todo_times, "reference": reference_times, "wal": wal,
               "commands": [" ".join(todo), " ".join(reference)]}, f)
