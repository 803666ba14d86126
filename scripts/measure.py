#!/usr/bin/env python3
"""Runs a command N times and prints the best wall time and the peak RSS of its children.

Usage: measure.py RUNS -- COMMAND... (standard output goes to /dev/null)
"""
import os
import sys

from peak_rss import require_gnu_time, run_measured


def main() -> None:
    require_gnu_time()
    runs = int(sys.argv[1])
    command = sys.argv[sys.argv.index("--") + 1:]
    best, peak = float("inf"), 0.0
    for _ in range(runs):
        with open(os.devnull, "wb") as devnull:
            wall, status, run_peak = run_measured(command, devnull)
        best, peak = min(best, wall), max(peak, run_peak)
        if status not in (0, 1):
            sys.exit(f"command failed with status {status}: {' '.join(command)}")
    print(f"{best:.3f} s best of {runs}, {peak:.1f} MiB peak")


if __name__ == "__main__":
    main()
