#!/usr/bin/env python3
"""Writes a StatefulViewController event script of N lines (default 1,000,000) in which no
line repeats: every line carries the number of its cycle in an error text, a duration, an
expected count, a size or an inset, as real scripts do. statectl's cache of compiled lines
cannot help: each line is parsed, checked and compiled (once into a file, where one pass
checks and runs; twice into a pipe, where the whole script is checked first).

View keys are drawn from a bounded set (8), as in a real app; every expectation holds.

Usage: gen-distinct-script.py [N]
"""
import sys

from script_lines import write_lines

KEYS = 8

# One cycle: a load that ends in an error, one that ends empty, a custom placeholder,
# an unobtrusive error once content has arrived. `{c}` is the cycle's number.
CYCLE = [
    "hasContent = false; bounds(width: {w}, height: {h})",
    "startLoading(animated: true); wait {c300}ms",
    "expect state == loading; end(error: \"request {c} failed: timed out after {c300}ms\")",
    "wait {c301}ms; expect visible == [error]",
    "transitionViewStates(loading: true, error: \"retry {c}\", animated: false)",
    "end(animated: false); expect completions == {completions}",
    "addView(v{key}, top: {c1000}, left: {c1000b}, bottom: 0, right: 0)",
    "transition(to: v{key}, animated: true); wait {c302}ms",
    "hasContent = true; end(error: \"stale response #{c} from cache\")",
    "expect unobtrusiveErrors == {unobtrusive}",
    "wait {c303}ms; expect state == content",
]


def lines(count: int):
    """The script's `count` lines."""
    written = 0
    cycle = 0
    while written < count:
        values = {
            "c": cycle,
            "w": 320 + cycle % 1000,
            "h": 480 + cycle // 1000 % 1000,
            "c300": 300 + cycle,
            "c301": 301 + cycle,
            "c302": 302 + cycle,
            "c303": 303 + cycle,
            "c1000": cycle % 1000,
            "c1000b": cycle // 1000 % 1000,
            "key": cycle % KEYS,
            # Six transitions a cycle, each completing; this check comes after the third.
            "completions": 6 * cycle + 3,
            "unobtrusive": cycle + 1,
        }
        for template in CYCLE:
            if written == count:
                break
            yield template.format(**values)
            written += 1
        cycle += 1


def main() -> None:
    write_lines(lines(int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000))


if __name__ == "__main__":
    main()
