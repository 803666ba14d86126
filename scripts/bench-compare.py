#!/usr/bin/env python3
"""Times shell commands side by side: one warm-up each, then RUNS rounds in which every
command runs once, in turn, so that a drift in the machine's speed touches them all alike.
For each it prints the median and the worst wall time, the peak RSS of its largest process,
and its ratios to the first command (median to median, worst to worst).

Usage: bench-compare.py RUNS NAME 'SHELL COMMAND' [NAME 'SHELL COMMAND' ...]
Standard output of each command goes to /dev/null unless the command redirects it.
"""
import os
import statistics
import subprocess
import sys

from peak_rss import require_gnu_time, run_measured


def run_once(command: str) -> tuple[float, float]:
    """Wall seconds and peak RSS (MiB) of the largest process of `sh -c command`."""
    with open(os.devnull, "wb") as devnull:
        wall, status, peak = run_measured(["sh", "-c", command], devnull)
    if status not in (0, 1):
        sys.exit(f"command failed with status {status}: {command}")
    return wall, peak


def main() -> None:
    arguments = sys.argv[1:]
    if not arguments or not arguments[0].isdigit():
        sys.exit(__doc__)
    require_gnu_time()
    runs = int(arguments[0])
    pairs = arguments[1:]
    if runs < 1 or not pairs or len(pairs) % 2:
        sys.exit(__doc__)
    commands = list(zip(pairs[0::2], pairs[1::2]))
    walls = {name: [] for name, _ in commands}
    peaks = {name: 0.0 for name, _ in commands}
    for _, command in commands:
        run_once(command)
    for _ in range(runs):
        for name, command in commands:
            wall, peak = run_once(command)
            walls[name].append(wall)
            peaks[name] = max(peaks[name], peak)
    reference = commands[0][0]
    reference_median = statistics.median(walls[reference])
    reference_worst = max(walls[reference])
    width = max(len(name) for name in walls)
    for name, command in commands:
        median, worst = statistics.median(walls[name]), max(walls[name])
        ratio = "" if name == reference else \
            f"  ×{median / reference_median:.2f} median, ×{worst / reference_worst:.2f} worst of {reference}"
        print(f"{name:<{width}}  median {median:.3f} s, worst {worst:.3f} s, "
              f"{peaks[name]:.1f} MiB peak{ratio}")
        print(f"{'':<{width}}  $ {command}")


if __name__ == "__main__":
    main()
