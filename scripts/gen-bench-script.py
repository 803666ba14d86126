#!/usr/bin/env python3
"""Writes a StatefulViewController event script of N statements (default 1,000,000).

The mix cycles through a realistic session: loads that end empty, with content,
with an error, unobtrusive errors, waits that let animations finish, and checks.
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
    "end(error: \"offline\")",
    "wait 300ms",
    "expect visible == [error]",
    "hasContent = true",
    "end(error: \"again\"); expect unobtrusiveErrors != 0",
    "wait 300ms",
    "expect state == content",
]


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    out = sys.stdout
    written = 0
    lines = []
    while written < count:
        line = CYCLE[(len(lines)) % len(CYCLE)]
        statements = line.count(";") + 1
        if written + statements > count:
            line = "start"
            statements = 1
        lines.append(line)
        written += statements
        if len(lines) >= 10000:
            out.write("\n".join(lines) + "\n")
            lines_written = len(lines)
            lines.clear()
            # keep the cycle position across chunks
            CYCLE[:] = CYCLE[lines_written % len(CYCLE):] + CYCLE[:lines_written % len(CYCLE)]
    if lines:
        out.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
