#!/usr/bin/env python3
"""Writes COUNT scripts of STATEMENTS statements each into DIR, for benchmarking `statectl test`.

Usage: gen-test-suite.py DIR [COUNT=1000] [STATEMENTS=100]
Goldens are recorded afterwards with `statectl test --update DIR`.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from importlib import import_module

CYCLE = import_module("gen-bench-script").CYCLE


def main() -> None:
    directory = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
    statements = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    os.makedirs(directory, exist_ok=True)
    for number in range(count):
        # Every script follows the same session, with its own error texts, so each one
        # passes its expectations and has a log of its own.
        lines, written, position = [], 0, 0
        while written < statements:
            line = CYCLE[position % len(CYCLE)].replace('"offline"', f'"offline {number}"')
            if written + line.count(";") + 1 > statements:
                line = "start"
            lines.append(line)
            written += line.count(";") + 1
            position += 1
        with open(os.path.join(directory, f"case-{number:04d}.script"), "w") as handle:
            handle.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
