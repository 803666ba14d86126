"""Runs a command and measures its wall time and the peak RSS of its largest process.

Python cannot read that peak itself: a child it starts inherits, at exec, the high-water
mark of the Python process it was forked from (about 14 MiB), so `wait4`'s `ru_maxrss`
never reports less. GNU time, small itself, starts the command and reads it instead.
"""
import os
import subprocess
import tempfile
import time

GNU_TIME = "/usr/bin/time"


def run_measured(argv: list[str], stdout) -> tuple[float, int, float]:
    """Wall seconds, exit status and peak RSS (MiB) of `argv`, its output to `stdout`."""
    with tempfile.NamedTemporaryFile(mode="r", suffix=".peak") as report:
        start = time.perf_counter()
        status = subprocess.run([GNU_TIME, "-f", "%M", "-o", report.name, *argv], stdout=stdout).returncode
        wall = time.perf_counter() - start
        lines = report.read().split()
    # GNU time prints "Command exited with non-zero status N" before the figure.
    kib = int(lines[-1]) if lines and lines[-1].isdigit() else 0
    return wall, status, kib / 1024


def require_gnu_time() -> None:
    if not os.access(GNU_TIME, os.X_OK):
        raise SystemExit(f"{GNU_TIME} (GNU time) is needed to read peak memory: apt-get install -y time")
