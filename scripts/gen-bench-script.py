#!/usr/bin/env python3
"""Writes a StatefulViewController event script of N statements (default 1,000,000).

The mix cycles through a realistic session: loads that end empty, with content,
with an error, unobtrusive errors, waits that let animations finish, and checks.

Usage: gen-bench-script.py [N] [--distinct]
  --distinct  number the error texts, so that the lines carrying them (2 in 15) are all
              different and statectl's cache of compiled lines cannot help with them.
"""
import sys

from script_lines import write_lines

CYCLE = [
    "hasContent = false",
    "start",
    "expect state == loading",
    "end(animated: true)",
    "wait 300ms",
    "expect state == empty",
    "start(animated: true)",
    "wait 0.3s",
    "end(error: \"offline{n}\")",
    "wait 300ms",
    "expect visible == [error]",
    "hasContent = true",
    "end(error: \"again{n}\"); expect unobtrusiveErrors != 0",
    "wait 300ms",
    "expect state == content",
]


def lines(count: int, distinct: bool):
    """The script's lines, `count` statements in all."""
    written = 0
    index = 0
    while written < count:
        line = CYCLE[index % len(CYCLE)].replace("{n}", f"-{index}" if distinct else "")
        statements = line.count(";") + 1
        if written + statements > count:
            line = "start"
            statements = 1
        yield line
        written += statements
        index += 1


def main() -> None:
    arguments = [argument for argument in sys.argv[1:] if argument != "--distinct"]
    count = int(arguments[0]) if arguments else 1_000_000
    write_lines(lines(count, "--distinct" in sys.argv[1:]))


if __name__ == "__main__":
    main()
