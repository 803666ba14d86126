#!/usr/bin/env python3
"""Writes a StatefulViewController event script of N statements (default 1,000,000).

The mix cycles through a realistic session: loads that end empty, with content,
with an error, unobtrusive errors, waits that let animations finish, and checks.

Usage: gen-bench-script.py [N] [--distinct]
  --distinct  number the error texts, so that the lines carrying them (2 in 15) are all
              different and statectl's cache of compiled lines cannot help with them.
"""
import sys

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


def main() -> None:
    arguments = [argument for argument in sys.argv[1:] if argument != "--distinct"]
    distinct = "--distinct" in sys.argv[1:]
    count = int(arguments[0]) if arguments else 1_000_000
    written = 0
    index = 0
    chunk = []
    while written < count:
        line = CYCLE[index % len(CYCLE)].replace("{n}", f"-{index}" if distinct else "")
        statements = line.count(";") + 1
        if written + statements > count:
            line = "start"
            statements = 1
        chunk.append(line)
        written += statements
        index += 1
        if len(chunk) >= 10000:
            sys.stdout.write("\n".join(chunk) + "\n")
            chunk.clear()
    if chunk:
        sys.stdout.write("\n".join(chunk) + "\n")


if __name__ == "__main__":
    main()
