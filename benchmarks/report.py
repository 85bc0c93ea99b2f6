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
has_limit = meta["has_limit"] == "1"


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
w("Reproduce: `benchmarks/run` (full, about 10-15 minutes on 2 cores, more when other work loads the machine) or `benchmarks/run --quick` "
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
w(f"At {at} tasks over 100 lists" + (" (budgets are defined at 1M: quick run)" if quick else "")
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
    if r is None or todo_name not in r:
        w(f"| {label} | not measured{note} | {ref_label} | "
          + (ms(r[ref_name]["median"]) if r and ref_name in r else "-") + f" | - | ≤ {limit}× | SKIPPED | - |")
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
           "`sqlite3` inserting one row", "sqlite3 insert", 1.2)
budget_row(f"`todo list LIST`{' --limit 50' if has_limit else ''} ({at})", "list-list", largest,
           "todo list LIST", "`sqlite3` first 50 open tasks of the list", "sqlite3 first 50 open", 1.5,
           "" if has_limit else " (no `--limit` yet: todo printed the whole list, see below)")
budget_row(f"`todo list` ({at})", "list", largest, "todo list",
           "`sqlite3 … 'select count(*) from lists'`", "sqlite3 count lists", 1.5)
budget_row(f"`todo import` NDJSON ({at})", "import", largest, "todo import",
           "`sqlite3` bulk insert, one transaction", "sqlite3 bulk insert", 3,
           "" if meta["has_import"] == "1" else " (`todo import` not implemented yet)")
budget_row(f"`todo export` NDJSON ({at})", "export", largest, "todo export",
           "`sqlite3 -json` of the same rows", "sqlite3 -json", 2,
           "" if meta["has_export"] == "1" else " (`todo export` not implemented yet)")

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
tw_row("`todo list LIST` vs Taskwarrior listing 1,000 (10k)", "list-list", "todo list LIST",
       "taskwarrior-list", "task limit:1000 list")
tw_row("`todo list LIST` vs Taskwarrior listing the same list (10k)", "list-list", "todo list LIST",
       "taskwarrior-list", "task project:list042 list")
w("")
failed = [v[0] for v in verdicts if v[1] == "FAIL"]
skipped = [v[0] for v in verdicts if v[1] == "SKIPPED"]
w(f"**{sum(1 for v in verdicts if v[1] == 'PASS')} passed, {len(failed)} failed, {len(skipped)} skipped.**")
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
       "What every command pays before it does anything: `true` is the cost of starting a process "
       "at all; `todo list` on an empty database adds opening and checking it.")
detail("`todo list LIST`", "list-list", sizes,
       ("todo prints the first page with `--limit 50`." if has_limit else
        "`todo list` has no `--limit` yet, so todo printed **every open task of the list** "
        "(70 at 10k, 700 at 100k, 7,000 at 1M) while the budget's reference selects 50; "
        "`sqlite3 all open` is the same query without `LIMIT`, the fair comparison until `--limit` exists.")
       + " The references run the query todo runs (tasks joined with lists, the list looked up by name, "
       "`done = 0`, `ORDER BY due IS NULL, due, id`) and print its rows.")
detail("`todo list`", "list", sizes,
       "`sqlite3 count lists` is the budget's reference; `lists with counts` reads what todo shows; "
       "`count tasks per list` shows what counting instead of keeping counts would cost.")
detail("`todo add`", "add", sizes)
detail("`todo export`", "export", sizes)
detail("`todo import`", "import", sizes,
       "Each run starts from a copy of an empty database made by todo (`--prepare`, not timed); "
       "todo imports the NDJSON that `todo export` wrote from the same-size database.")
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
        ("list 1,000 tasks (`task limit:1000 list`) vs `todo list LIST`", "list-list", "todo list LIST",
         "taskwarrior-list", "task limit:1000 list"),
        ("list one list (`task project:list042 list`) vs `todo list LIST`", "list-list", "todo list LIST",
         "taskwarrior-list", "task project:list042 list")]:
    t, tw = get(tg, 10000, tn), get(wg, 10000, wn)
    if t and tw:
        w(f"| {label} | {ms(t['median'])} | {ms(tw['median'])} | {tw['median'] / t['median']:.1f}× |")
w("")

# --- what the references are -----------------------------------------------------------------
w("## Data and references")
w("")
w("- **Databases**: an empty file made by `todo list --db FILE` (so todo's own migrations make "
  "the schema), filled by `benchmarks/generate.sql` through the sqlite3 shell in one transaction: "
  "N tasks spread evenly over 100 lists `list001`-`list100`, ids interleaved across lists, 30 % done, "
  "57 % with a due date (a quarter of those with a time), 22 % with notes, a mix of priorities. "
  "The schema's triggers keep the per-list counts (and any other derived tables). Sizes: "
  + ", ".join(f"{size_name(int(k.split('_')[-1]))} = {int(v) / 1e6:.0f} MB"
              for k, v in meta.items() if k.startswith("db_bytes_")) + ".")
w("- **Working copies**: each size is copied fresh from the cache; the read benchmarks run first, "
  "then `todo add` and `sqlite3 insert` write into that same copy (a few hundred rows).")
w("- **`sqlite3` inserting one row** (reference for add): one `INSERT INTO tasks` with the list "
  "looked up by name and `strftime('now')` timestamps, in autocommit, on the same WAL database.")
w("- **`sqlite3` first page** (reference for `list LIST`): the same SELECT as todo's (tasks joined "
  "with lists, `WHERE list_id = (list by name) AND done = 0 ORDER BY due IS NULL, due, id LIMIT 50`).")
w("- **SQLite bulk insert** (reference for import): `benchmarks/generate.sql` on a copy of the "
  "empty database: one transaction that inserts the 100 lists and then N tasks with "
  "`INSERT INTO tasks (...) WITH RECURSIVE seq(i) ... SELECT ... FROM seq` - computed titles, "
  "notes, due dates and timestamps - through every index, CHECK constraint and trigger of the "
  "schema, in the database's WAL mode with default settings (no PRAGMA changed); the time includes "
  "the checkpoint when sqlite3 closes.")
w("- **`sqlite3 -json`** (reference for export): every task joined with its list's name, "
  "ordered by id, as one JSON array to /dev/null."
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
  "Import runs with `--prepare ./fresh-empty`, which copies the empty database to `i.db`. Export and "
  "import (todo and reference alike) run under `/usr/bin/time -f %M -a -o FILE`, which records "
  "their peak memory on every timed run. `w-N.db`/`x-N.db` are copies of the N-task database "
  "(N = 10000, 100000, 1000000; export and import at 100000 and 1000000 only), `tasks-N.ndjson` "
  "is `todo export` of it, and `TASKRC` points at the taskrc described above.")
w("")
w("```sh")
seen = set()
for (group, size), cmds in commands.items():
    for name, command in cmds:
        command = re.sub(r"\b([wx])-\d+\.db", r"\1-N.db", command)
        command = re.sub(r"tasks-\d+\.ndjson", "tasks-N.ndjson", command)
        command = re.sub(r":n \d+", ":n N", command)
        if command in seen:
            continue
        seen.add(command)
        w(f"{command}")
w("```")
w("")
skipped_notes = []
if meta["has_export"] != "1":
    skipped_notes.append("`todo export` did not exist when this ran (`todo export --help` failed): export skipped.")
if meta["has_import"] != "1":
    skipped_notes.append("`todo import` did not exist when this ran (`todo import --help` failed): import skipped.")
elif meta["has_export"] != "1":
    skipped_notes.append("Import skipped too: its NDJSON input is made with `todo export`.")
if not has_limit:
    skipped_notes.append("`todo list LIST --limit` did not exist: `todo list LIST` printed the whole list.")
if skipped_notes:
    w("## Not measured in this run")
    w("")
    for note in skipped_notes:
        w(f"- {note}")
    w("")

with open(out_path, "w") as f:
    f.write("\n".join(lines))
print("\n".join(l for l in lines if l.startswith("| `todo") or l.startswith("| peak") or l.startswith("**")))
