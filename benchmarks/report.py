#!/usr/bin/env python3
"""Turns benchmarks/run's results folder (hyperfine JSON, memory.tsv, commands.tsv, meta.txt)
into BENCHMARKS.md. Usage: report.py RESULTS_DIR OUTPUT_FILE"""
import json
import os
import re
import statistics
import sys

results_dir, out_path = sys.argv[1], sys.argv[2]

meta = {}
with open(os.path.join(results_dir, "meta.txt")) as f:
    for line in f:
        key, _, value = line.rstrip("\n").partition("=")
        meta[key] = value

quick = meta["quick"] == "1"
largest = int(meta["largest"])
steady_import = int(meta.get("steady_import", "200000"))


_cache = {}


def load(group, size):
    """{name: {median, mean, stddev, q1, q3, min, max, runs}} pooled over the rounds of one
    benchmark (results/GROUP-SIZE.rK.json), or None when it was not run."""
    if (group, size) in _cache:
        return _cache[(group, size)]
    prefix = f"{group}-{size}.r"
    files = sorted(p for p in os.listdir(results_dir)
                   if p.startswith(prefix) and p.endswith(".json") and p[len(prefix):-5].isdigit())
    pooled, cpu = {}, {}
    for path in files:
        with open(os.path.join(results_dir, path)) as f:
            for r in json.load(f)["results"]:
                pooled.setdefault(r["command"], []).extend(r["times"])
                # hyperfine gives user and system time as means per round: weight by runs.
                cpu.setdefault(r["command"], []).append(((r["user"] + r["system"]), len(r["times"])))
    out = {}
    for name, times in pooled.items():
        times.sort()
        runs = sum(n for _, n in cpu[name])
        q = statistics.quantiles(times, n=4) if len(times) >= 2 else [times[0]] * 3
        out[name] = {
            "median": statistics.median(times), "mean": statistics.fmean(times),
            "stddev": statistics.stdev(times) if len(times) >= 2 else 0.0,
            "q1": q[0], "q3": q[2], "min": times[0], "max": times[-1], "runs": len(times),
            "cpu": sum(c * n for c, n in cpu[name]) / runs,
        }
    _cache[(group, size)] = out or None
    return _cache[(group, size)]


commands = {}  # (group, size) -> [(name, command)]
with open(os.path.join(results_dir, "commands.tsv")) as f:
    for line in f:
        group, size, name, command = line.rstrip("\n").split("\t", 3)
        commands.setdefault((group, int(size)), []).append((name, command))

memory = []  # (kind, size, name, kib, command)
mem_path = os.path.join(results_dir, "memory.tsv")
if os.path.exists(mem_path):
    with open(mem_path) as f:
        for line in f:
            kind, size, name, kib, command = line.rstrip("\n").split("\t", 4)
            memory.append((kind, int(size), name, int(kib), command))


def ms(seconds):
    v = seconds * 1000
    if v >= 1000:
        return f"{v / 1000:.2f} s"
    if v >= 100:
        return f"{v:.0f} ms"
    if v >= 10:
        return f"{v:.1f} ms"
    return f"{v:.2f} ms"


def size_name(n):
    return {0: "-", 10000: "10k", 100000: "100k", 1000000: "1M"}.get(n, str(n))


def get(group, size, name):
    r = load(group, size)
    return r.get(name) if r else None


lines = []
w = lines.append

w("# Benchmarks")
w("")
w("Written by `benchmarks/run`" + (" **--quick**" if quick else "") + f" on {meta['date']}. "
  "Every figure is a median of whole-process wall-clock times measured by hyperfine "
  "(`-N`: no shell in between), and every budget is a ratio to a reference timed **in the same "
  "run on the same database**, so the ratios hold on a noisy machine even when the absolute "
  "times move.")
w("")
if quick:
    w(f"> **Quick run**: the 1M-task database was skipped, so the budgets (defined at 1M tasks) "
      f"are checked at {size_name(largest)} tasks here. Run `benchmarks/run` without `--quick` for the real verdict.")
    w("")
w("Reproduce: `benchmarks/run` (full, about 10-15 minutes on 2 cores once its databases are cached, 20 the first time, more when other work loads the machine) or `benchmarks/run --quick` "
  "(no 1M database, a couple of minutes). It installs hyperfine, taskwarrior, sqlite3 and GNU time "
  "with apt-get when missing, builds `swift build -c release --static-swift-stdlib -Xswiftc -static-executable --product todo` (a fully static executable, the documented install), "
  "caches the generated databases in `benchmarks/.data/` and rewrites this file.")
w("")
w("## Machine")
w("")
w("| | |")
w("|---|---|")
for key, label in [("cpu", "CPU"), ("cores", "cores"), ("memory", "memory"), ("os", "OS"),
                   ("kernel", "kernel"), ("sqlite", "SQLite (sqlite3 shell and libsqlite3)"),
                   ("swift", "Swift"), ("hyperfine", "hyperfine"), ("taskwarrior", "Taskwarrior"),
                   ("todo", "todo"), ("commit", "commit"), ("date", "date")]:
    w(f"| {label} | {meta.get(key, '?')} |")
w(f"| todo binary | {int(meta['binary_bytes']) / 1e6:.1f} MB, fully static (Swift runtime and SQLite linked in) |")
w(f"| schema | migrations {meta.get('schema', '?')} |")
w("")

# --- budgets ---------------------------------------------------------------------------------
w("## Budgets")
w("")
at = size_name(largest)
w(f"At {at} tasks over 100 lists, on a database made by `todo import` and used as the import left it"
  + (" (budgets are defined at 1M: quick run)" if quick else "")
  + ". Ratio = todo's median / the reference's median (wall clock), which is what the budgets "
  "judge. The CPU ratio (mean user + system time) is for information: it is steadier on a busy "
  "machine, and where it is much lower than the wall-clock ratio the difference is waiting "
  "(fsync, the disk, other processes), not work.")
w("")
w("| command | todo median | reference | reference median | ratio | budget | result | CPU ratio (info) |")
w("|---|---|---|---|---|---|---|---|")

verdicts = []


def budget_row(label, group, size, todo_name, ref_label, ref_name, limit, note=""):
    r = load(group, size)
    if r is None or todo_name not in r or ref_name not in r:
        w(f"| {label} | not measured | {ref_label} | - | - | ≤ {limit}× | SKIPPED | - |")
        verdicts.append((label, "SKIPPED"))
        return
    t, ref = r[todo_name]["median"], r[ref_name]["median"]
    ratio = t / ref
    ok = ratio <= limit
    verdicts.append((label, "PASS" if ok else "FAIL"))
    cpu_ratio = r[todo_name]["cpu"] / r[ref_name]["cpu"]
    w(f"| {label} | {ms(t)} | {ref_label} | {ms(ref)} | {ratio:.2f}× | ≤ {limit}× | "
      f"{'PASS' if ok else '**FAIL**'}{note} | {cpu_ratio:.2f}× |")


budget_row(f"`todo add LIST TITLE` ({at})", "add", largest, "todo add",
           "`sqlite3` inserting one row into the plain table", "sqlite3 insert, plain table", 1.0)
budget_row(f"`todo list LIST --json` ({at})", "list-list", largest, "todo list LIST --json",
           "`sqlite3 -json` of the same open rows (todo's database, its index)", "sqlite3 -json same open rows", 1.2)
budget_row(f"`todo list LIST --tag T --json` ({at})", "list-tag", largest, "todo list LIST --tag errand --json",
           "`sqlite3 -json` of the same rows, joining `task_tags`", "sqlite3 -json same rows, joining task_tags", 1.2)
budget_row(f"`todo tasks --limit 50` ({at})", "tasks-page", largest, "todo tasks --limit 50",
           "`sqlite3` of the same first 50 open rows of every list", "sqlite3 first 50 open of every list", 1.2)
budget_row(f"`todo list --json` ({at})", "list", largest, "todo list --json",
           "`sqlite3 … 'select count(*) from lists'`", "sqlite3 count lists", 1.2)
budget_row(f"`todo export` NDJSON ({at})", "export", largest, "todo export",
           "`sqlite3 -json` of all rows of the plain table", "sqlite3 -json plain table", 1.5)
budget_row(f"`todo import` NDJSON ({at})", "import", largest, "todo import",
           "`sqlite3` bulk insert into a plain table (recursive CTE, one transaction)", "sqlite3 bulk insert, plain table", 5)
budget_row(f"`todo done ID` ({at})", "done", largest, "todo done",
           "`sqlite3` updating the same fields of one row of the plain table", "sqlite3 update, plain table", 1.2)
budget_row(f"`todo add`: history kept / none ({at})", "history-add", largest, "todo add, history kept",
           "the same with `TODO_HISTORY_LIMIT=0`", "todo add, no history", 1.1)
budget_row(f"`todo done ID`: history kept / none ({at})", "history-done", largest, "todo done, history kept",
           "the same with `TODO_HISTORY_LIMIT=0`", "todo done, no history", 1.1)


def cross_row(label, group, name, ref_group, ref_name, ref_label, limit):
    """A ratio between two benchmarks of one run (each with its own rounds)."""
    t, ref = get(group, largest, name), get(ref_group, largest, ref_name)
    if not t or not ref:
        w(f"| {label} | not measured | {ref_label} | - | - | ≤ {limit}× | SKIPPED | - |")
        verdicts.append((label, "SKIPPED"))
        return
    ratio = t["median"] / ref["median"]
    ok = ratio <= limit
    verdicts.append((label, "PASS" if ok else "FAIL"))
    w(f"| {label} | {ms(t['median'])} | {ref_label} | {ms(ref['median'])} | {ratio:.2f}× | ≤ {limit}× | "
      f"{'PASS' if ok else '**FAIL**'} | {t['cpu'] / ref['cpu']:.2f}× |")


def ui_row(label, which, name, limit, unit="ms"):
    path = os.path.join(results_dir, f"ui-{which}.json")
    if not os.path.exists(path):
        w(f"| {label} | not measured | - | - | - | ≤ {limit} {unit} | SKIPPED | - |")
        verdicts.append((label, "SKIPPED"))
        return
    with open(path) as f:
        r = json.load(f)
    value = r["peak_kib"] / 1024 if name == "peak" else r[name]["median"] * 1000
    ok = value <= limit
    verdicts.append((label, "PASS" if ok else "FAIL"))
    w(f"| {label} | {value:.1f} {unit} | measured on a pseudo-terminal (benchmarks/ui.py) | - | - | ≤ {limit} {unit} | "
      f"{'PASS' if ok else '**FAIL**'} | - |")


for which, where in (("one", "all in one list"), ("lists", "in 100 lists")):
    ui_row(f"`todo ui` first frame ({at}, {where})", which, "first frame", 30)
    ui_row(f"`todo ui` Enter opens the list ({at}, {where})", which, "open a list (Enter)", 10)
    ui_row(f"`todo ui` move down (j) ({at}, {where})", which, "move (j)", 10)
    ui_row(f"`todo ui` page down ({at}, {where})", which, "page down", 10)
    ui_row(f"`todo ui` peak memory ({at}, {where})", which, "peak", 24, "MiB")

cross_row(f"`todo undo` of that import ({at})", "undo", "todo undo of the import",
          "import", "todo import", "`todo import` of those tasks (above)", 2)
cross_row(f"`todo export --format ics` ({at}): one calendar of VTODOs", "export", "todo export --format ics",
          "export", "todo export", "`todo export` (NDJSON, above)", 2)
cross_row(f"`todo import` of todo's own export into that file: every record unchanged ({at})", "merge",
          "todo import of its own export, all unchanged", "merge-into-empty", "todo import of that export, into an empty file",
          "`todo import` of that export into an empty file", 1.5)
cross_row(f"upgrade of a file made by the todo before the newest migration ({at}): its first command, backup included",
          "upgrade", "todo upgrade of the file", "import", "todo import", "`todo import` of those tasks (above)", 2)

steady = {}
for which in ("new", "import"):
    path = os.path.join(results_dir, f"steady-{which}.json")
    if os.path.exists(path):
        with open(path) as f:
            steady[which] = json.load(f)


def windows(run, start):
    """Medians of todo's and the reference's times over the 300 adds from `start`, and their ratio."""
    t = statistics.median(run["todo"][start:start + 300])
    r = statistics.median(run["reference"][start:start + 300])
    return t, r, t / r


LOG_BOUND = 4 << 20
for which, label in (("new", "a new database"), ("import", f"a database that just imported {steady_import:,} tasks")):
    if which not in steady:
        w(f"| 3,000 `todo add` in a row on {label}: last 300 / first 300 | - | - | - | - | ≤ 1.2× | SKIPPED | - |")
        verdicts.append((which, "SKIPPED"))
        continue
    run = steady[which]
    first, last = windows(run, 0), windows(run, len(run["todo"]) - 300)
    growth = last[2] / first[2]
    ok = growth <= 1.2
    verdicts.append((f"steady {which}", "PASS" if ok else "FAIL"))
    w(f"| 3,000 `todo add` in a row on {label}: last 300, each over the reference run after it | {last[2]:.2f}× | "
      f"the first 300, the same way | {first[2]:.2f}× | {growth:.2f}× | ≤ 1.2× | {'PASS' if ok else '**FAIL**'} | - |")
    biggest = max(run["wal"])
    ok = biggest <= LOG_BOUND
    verdicts.append((f"steady {which} log", "PASS" if ok else "FAIL"))
    w(f"| `todo.db-wal` during those 3,000 adds ({which}) | largest {biggest / 1048576:.2f} MiB | - | - | - | "
      f"≤ 4 MiB | {'PASS' if ok else '**FAIL**'} | - |")

todo_mem = [m for m in memory if m[0] == "todo"]
if todo_mem:
    worst = max(todo_mem, key=lambda m: m[3])
    ok = worst[3] <= 16 * 1024
    verdicts.append(("peak memory", "PASS" if ok else "FAIL"))
    w(f"| peak memory, every todo command measured | {worst[3] / 1024:.1f} MiB (max: {worst[2]}, "
      f"{size_name(worst[1])}) | - | - | - | ≤ 16 MiB | {'PASS' if ok else '**FAIL**'} | - |")


def tw_row(label, todo_group, todo_name, tw_group, tw_name):
    t, tw = get(todo_group, 10000, todo_name), get(tw_group, 10000, tw_name)
    if not t or not tw:
        w(f"| {label} | - | - | - | - | ≥ 10× faster | SKIPPED | - |")
        verdicts.append((label, "SKIPPED"))
        return
    speedup = tw["median"] / t["median"]
    ok = speedup >= 10
    verdicts.append((label, "PASS" if ok else "FAIL"))
    w(f"| {label} | {ms(t['median'])} | `{tw_name}` | {ms(tw['median'])} | "
      f"{speedup:.1f}× faster | ≥ 10× faster | {'PASS' if ok else '**FAIL**'} | "
      f"{tw['cpu'] / t['cpu']:.1f}× less |")


tw_row("`todo add` vs Taskwarrior 2.6 (10k)", "add", "todo add", "taskwarrior-add", "task add")
tw_row("`todo list LIST --limit 50` vs Taskwarrior listing 1,000 (10k)", "list-page", "todo list LIST --limit 50",
       "taskwarrior-list", "task limit:1000 list")
tw_row("`todo list LIST --limit 50` vs Taskwarrior listing the same list (10k)", "list-page", "todo list LIST --limit 50",
       "taskwarrior-list", "task project:list042 list")
w("")
failed = [v[0] for v in verdicts if v[1] == "FAIL"]
skipped = [v[0] for v in verdicts if v[1] == "SKIPPED"]
w(f"**{sum(1 for v in verdicts if v[1] == 'PASS')} passed, {len(failed)} failed, {len(skipped)} skipped.**")
w("")

imp = load("import", largest)
if imp and "todo import" in imp and "sqlite3 copy of the rows, plain table" in imp:
    t = imp["todo import"]["median"]
    copy = imp["sqlite3 copy of the rows, plain table"]["median"]
    w(f"A stricter reference for import, for information: `sqlite3` copying the same rows, already "
      f"computed, from another file into a plain table takes {ms(copy)}; todo's import is "
      f"{t / copy:.1f}× that. The budget's reference computes each row's values in SQL (the recursive "
      "CTE of `benchmarks/generate.sql`), which is what costs it most of its time. Where todo's "
      "import time goes is in README's Performance section.")
    w("")

# --- steady state -----------------------------------------------------------------------------
if steady:
    w("## Steady state: 3,000 adds in a row")
    w("")
    w("3,000 `todo add` on one file, each its own process started with `posix_spawn` as a script "
      "starts them (`benchmarks/steady.py`), first on a new database, then on one that has just "
      f"imported {steady_import:,} tasks. Right after each add, a reference runs: `sqlite3` "
      "inserting one row into a plain table of its own, whose cost does not change over the run, "
      "so a burst of load on the machine falls on both and the ratio todo / reference shows "
      "whether todo itself slows down. Before each add, the size of `todo.db-wal` is recorded "
      "(what the add before it left). Medians of each window of 300 adds:")
    w("")
    w("| database | window | todo | reference | todo / reference |")
    w("|---|---|---|---|---|")
    for which, label in (("new", "new"), ("import", f"after importing {steady_import:,}")):
        if which not in steady:
            continue
        run = steady[which]
        for start in range(0, len(run["todo"]), 300):
            t, r, ratio = windows(run, start)
            w(f"| {label} | {start + 1:,}-{start + 300:,} | {ms(t)} | {ms(r)} | {ratio:.2f}× |")
    w("")
    for which in steady:
        wal = steady[which]["wal"]
        w(f"`todo.db-wal` ({which}): largest {max(wal) / 1048576:.2f} MiB, at the end {wal[-1] / 1024:.0f} KiB.")
    w("")

# --- details ---------------------------------------------------------------------------------
w("## All timings")
w("")
w("Wall-clock median, interquartile range (Q1-Q3), mean ± standard deviation, min-max, the mean "
  "CPU time (user + system, from hyperfine; it leaves out time spent waiting, e.g. for fsync or "
  "for a core on a busy machine) and the number of runs.")
w("")


def detail(title, group, sizes, intro=None):
    present = [(s, load(group, s)) for s in sizes if load(group, s)]
    if not present:
        return
    w(f"### {title}")
    w("")
    if intro:
        w(intro)
        w("")
    w("| size | command | median | Q1-Q3 | mean ± σ | min-max | CPU (user+sys, mean) | runs |")
    w("|---|---|---|---|---|---|---|---|")
    for size, r in present:
        for name, v in r.items():
            w(f"| {size_name(size)} | {name} | **{ms(v['median'])}** | {ms(v['q1'])}-{ms(v['q3'])} | "
              f"{ms(v['mean'])} ± {ms(v['stddev'])} | {ms(v['min'])}-{ms(v['max'])} | {ms(v['cpu'])} | {v['runs']} |")
    w("")


sizes = [10000, 100000, 1000000]
detail("Start-up (size-independent)", "startup", [0],
       "What every command pays before it does anything: `true` is the cost of starting a process at all.")
detail("`todo list LIST --json`", "list-list", sizes,
       "The whole list's open tasks as JSON (70 at 10k, 700 at 100k, 7,000 at 1M). `same open rows` runs "
       "todo's own query (tasks joined with lists, the list looked up by name, `done = 0`, "
       "`ORDER BY due IS NULL, due, id`) on the same file; `plain table` selects them from the plain "
       "table, which has no index and must scan it.")
detail("`todo list LIST --tag errand --json`", "list-tag", sizes,
       "The open tasks of one list with the tag `errand` (a fifth of them), against `sqlite3` joining `task_tags` on todo's database.")
detail("`todo list LIST --limit 50`", "list-page", sizes, "The first page, against the same query with `LIMIT 50`.")
detail("`todo list --json`", "list", sizes,
       "`sqlite3 count lists` is the budget's reference; `lists with counts` prints what todo prints.")
detail("`todo add`", "add", sizes,
       "`plain table` inserts one row into the plain table (the budget's reference); `todo's schema` "
       "inserts one into todo's database, through its triggers and indexes.")
detail("`todo export`", "export", sizes)
detail("`todo import`", "import", sizes,
       "Each run writes a new file (`--prepare` removes the last one, not timed). todo imports the NDJSON "
       "file of the same rows; `bulk insert` is `benchmarks/generate.sql` (the budget's reference); "
       "`copy of the rows` copies them, already computed, from the plain database.")
detail("`todo done ID`", "done", sizes,
       "Each run first has the task opened again by `sqlite3` (`--prepare`, not timed), in todo's file "
       "and in the plain one, so every run marks an open task done; todo records the change in its "
       "history as every command does, and its triggers move the list's counts, which the plain "
       "table has no need of: its budget is 1.2× the plain update, as for the listings.")
detail("What the history costs", "history-add", sizes,
       "The same `todo add` on two copies of the database, one keeping the last 100 changes (the default), "
       "one with `TODO_HISTORY_LIMIT=0`; both started through `env`.")
detail("What the history costs (done)", "history-done", sizes)
detail("`todo undo` and `todo redo` of an import", "undo", sizes,
       "The cached database's one change is its import; each run undoes it on a fresh copy (`--prepare`, "
       "not timed): every imported task moved into the history, the lists it created deleted.")
detail("`todo redo` of an import", "redo", sizes)
detail("Taskwarrior 2.6 at 10k tasks", "taskwarrior-list", [10000])
detail("Taskwarrior 2.6 at 10k tasks (add)", "taskwarrior-add", [10000])

# --- memory ----------------------------------------------------------------------------------
if memory:
    w("## Peak memory")
    w("")
    w("Maximum resident set size from GNU time (`/usr/bin/time -f %M`): the largest of 3 separate "
      "runs, and for export and import the largest over all their timed runs. "
      "Budget: ≤ 16 MiB for every todo command, whatever the database size.")
    w("")
    w("| program | command | size | peak RSS | budget |")
    w("|---|---|---|---|---|")
    for kind, size, name, kib, _ in sorted(memory, key=lambda m: (m[0] != "todo", m[0], m[2], m[1])):
        verdict = ("PASS" if kib <= 16 * 1024 else "**FAIL**") if kind == "todo" else "(reference)"
        w(f"| {kind} | {name} | {size_name(size)} | {kib / 1024:.1f} MiB | {verdict} |")
    w("")

# --- taskwarrior -----------------------------------------------------------------------------
w("## Taskwarrior comparison (10,000 tasks)")
w("")
w("The Taskwarrior store holds the same 10,000 tasks as the 10k database (list → project, "
  "notes → annotation, priority → H/M/L, done → completed), loaded once with `task import` and "
  "cached; each run works on a fresh copy. `taskrc`: `data.location` under `benchmarks/.data/work`, "
  "`confirmation=off`, `verbose=nothing`, nothing else. `task limit:1000 list` shows 1,000 of the "
  f"{meta.get('tw_pending', '?')} pending tasks in the `list` report's order "
  f"({meta.get('tw_limit1000_lines', '?')} lines: notes show as annotation lines); "
  f"`task project:list042 list` shows the {meta.get('tw_project_tasks', '?')} open tasks of that list "
  f"({meta.get('tw_project_lines', '?')} lines), of which `todo list list042 --limit 50` shows the first 50 "
  f"({meta.get('todo_page_lines_10000', '?')} lines with its header). "
  "Listing is timed before adding, so the added tasks do not change what is listed.")
w("")
w("| | todo | Taskwarrior | todo is faster by |")
w("|---|---|---|---|")
for label, tg, tn, wg, wn in [
        ("add a task", "add", "todo add", "taskwarrior-add", "task add"),
        ("list 1,000 tasks (`task limit:1000 list`) vs `todo list LIST --limit 50`", "list-page", "todo list LIST --limit 50",
         "taskwarrior-list", "task limit:1000 list"),
        ("list one list (`task project:list042 list`) vs `todo list LIST --limit 50`", "list-page", "todo list LIST --limit 50",
         "taskwarrior-list", "task project:list042 list")]:
    t, tw = get(tg, 10000, tn), get(wg, 10000, wn)
    if t and tw:
        w(f"| {label} | {ms(t['median'])} | {ms(tw['median'])} | {tw['median'] / t['median']:.1f}× |")
w("")

# --- what the references are -----------------------------------------------------------------
w("## Data and references")
w("")
w("- **Rows**: `benchmarks/generate.sql` makes N tasks over 100 lists `list001`-`list100` as one plain "
  "table (no index, CHECK or trigger): ids interleaved across lists as in real use, 30 % done, 57 % "
  "with a due date (a quarter of those with a time), 22 % with notes, a mix of priorities. "
  "`benchmarks/export.sql` writes them out as NDJSON in todo's export shape.")
w("- **todo's databases**: `todo import` of that NDJSON into a new file, then used exactly as the "
  "import left it (the file with its `-wal` and `-shm`), never touched by sqlite3. Sizes: "
  + ", ".join(f"{size_name(int(k.split('_')[-1]))} = {int(v) / 1e6:.0f} MB"
              for k, v in meta.items() if k.startswith("db_bytes_")) + ".")
w("- **The plain database**: the table generate.sql made, in WAL mode like todo's file. The "
  "references for add, export and import run on it; those for listing run on todo's file, "
  "where the same query can use todo's index (a stricter reference than scanning the plain table).")
w("- **Working copies**: each size is copied fresh from the cache; the read benchmarks run first, "
  "then each writer adds to its own copy (a few hundred rows).")
w("- **`sqlite3 -json`** (reference for export): every row of the plain table, ordered by id, as one JSON array."
  + (f" Output size at {size_name(largest)}: todo export {int(meta[f'export_bytes_{largest}']) / 1e6:.0f} MB, "
     f"sqlite3 -json {int(meta[f'json_bytes_{largest}']) / 1e6:.0f} MB."
     if f"export_bytes_{largest}" in meta else ""))
w("- Output goes to /dev/null (hyperfine's default); stdout is not a terminal, so no colour.")
w("")

# --- commands --------------------------------------------------------------------------------
w("## Exact commands")
w("")
w(f"Run from `benchmarks/.data/work` with `{os.path.join('.build', 'release')}` first in `PATH`, "
  f"`TZ=UTC`. Each benchmark is 5 interleaved rounds of `hyperfine -N --runs K` over all its commands "
  f"(fast commands: K = {int(meta['runs']) // 5}, `--warmup 3` in the first round and 1 after; export: "
  "K = 2 at 100k, K = 1 at 1M after one warm-up; import: K = 1, 5 rounds at 100k, 3 rounds and no "
  "warm-up at 1M), pooled, so noise from other processes falls on todo and its reference alike. "
  "Export and import (todo and references alike) run under `/usr/bin/time -f %M -a -o FILE`, which "
  "records their peak memory on every timed run. `w-N.db`/`x-N.db` are copies of todo's N-task "
  "database, `p-N.db` of the plain one, `tasks-N.ndjson` the NDJSON of the same rows (in the cache "
  "folder), and `TASKRC` points at the taskrc described above.")
w("")
w("```sh")
seen = set()
for (group, size), cmds in commands.items():
    for name, command in cmds:
        command = re.sub(r"\b([wxp])-\d+\.db", r"\1-N.db", command)
        command = re.sub(r"\S*tasks-\d+\.ndjson", "tasks-N.ndjson", command)
        command = re.sub(r":n \d+", ":n N", command)
        command = re.sub(r"\S*/benchmarks/", "benchmarks/", command)
        if command in seen:
            continue
        seen.add(command)
        w(f"{command}")
w("```")
w("")

# The sections benchmarks/default-build and benchmarks/postgres write stay as their last run left
# them (each names its own commit), until those scripts, run next by benchmarks/run, replace them.
try:
    previous = open(out_path).read()
except FileNotFoundError:
    previous = ""
for marker in ("default-build", "postgres"):
    kept = re.search(f"<!-- {marker} -->.*?<!-- /{marker} -->", previous, re.S)
    if kept:
        w("")
        w(kept.group(0))

with open(out_path, "w") as f:
    f.write("\n".join(lines) + "\n")
print("\n".join(l for l in lines if l.startswith("| `todo") or l.startswith("| peak") or l.startswith("| 3,000") or l.startswith("**")))
