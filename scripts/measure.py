#!/usr/bin/env python3
"""Runs a command N times and prints the best wall time and the peak RSS of its children.

Usage: measure.py RUNS -- COMMAND... (standard output goes to /dev/null)
"""
import os
import resource
import subprocess
import sys
import time


def main() -> None:
    runs = int(sys.argv[1])
    command = sys.argv[sys.argv.index("--") + 1:]
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        with open(os.devnull, "wb") as devnull:
            status = subprocess.run(command, stdout=devnull).returncode
        best = min(best, time.perf_counter() - start)
        if status not in (0, 1):
            sys.exit(f"command failed with status {status}: {' '.join(command)}")
    peak_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    print(f"{best:.3f} s best of {runs}, {peak_kib / 1024:.1f} MiB peak")


if __name__ == "__main__":
    main()
