#!/usr/bin/env python3
"""`todo ui` timed on a pseudo-terminal, as a user at a terminal would see it.

    ui.py TODO DB OUT.json [ROUNDS]

Each frame todo draws ends with the end of a synchronized update (ESC [ ? 2026 l), so the time
from starting todo (or from writing a key) to that sequence is the time to a finished frame.
Per round: start `todo ui` on DB (80x40), wait for the first frame, open the first list (Enter),
then move down (j) 20 times and page down 20 times, then quit (q); the peak memory (VmHWM)
is read from /proc just before quitting. Medians over the rounds (and keys) go to OUT.json.
"""
import json, os, pty, select, statistics, struct, sys, time, fcntl, termios

END = b"\x1b[?2026l"


def read_frame(fd, timeout=10.0):
    """Reads until a frame ends; returns the seconds it took."""
    start = time.perf_counter()
    buffer = b""
    while True:
        left = timeout - (time.perf_counter() - start)
        if left <= 0:
            raise TimeoutError("no frame in %.0f s" % timeout)
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            buffer += os.read(fd, 65536)
            if END in buffer:
                return time.perf_counter() - start


def round_trip(todo, db):
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.pop("TODO_DB", None)
        os.execv(todo, [todo, "ui", "--db", db])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 80, 0, 0))
    times = {"first frame": [], "open a list (Enter)": [], "move (j)": [], "page down": []}
    start = time.perf_counter()
    read_frame(fd)
    times["first frame"].append(time.perf_counter() - start)

    def key(name, data):
        start = time.perf_counter()
        os.write(fd, data)
        read_frame(fd)
        times[name].append(time.perf_counter() - start)
        time.sleep(0.005)

    key("open a list (Enter)", b"\r")
    for _ in range(20):
        key("move (j)", b"j")
    for _ in range(20):
        key("page down", b"\x1b[6~")
    with open("/proc/%d/status" % pid) as f:
        peak = next(int(line.split()[1]) for line in f if line.startswith("VmHWM:"))
    os.write(fd, b"q")
    try:
        while os.read(fd, 65536):
            pass
    except OSError:
        pass
    os.waitpid(pid, 0)
    return times, peak


def main():
    todo, db, out = sys.argv[1], sys.argv[2], sys.argv[3]
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 10
    samples, peaks = {}, []
    for _ in range(rounds):
        times, peak = round_trip(todo, db)
        peaks.append(peak)
        for name, values in times.items():
            samples.setdefault(name, []).extend(values)
    result = {name: {"median": statistics.median(values), "max": max(values), "n": len(values)} for name, values in samples.items()}
    result["peak_kib"] = max(peaks)
    with open(out, "w") as f:
        json.dump(result, f, indent=1)
    for name, value in result.items():
        print(name, value)


if __name__ == "__main__":
    main()
