#!/usr/bin/env python3
"""Writes one of the long or hostile inputs scripts/long-inputs.sh measures, to stdout.

    python3 scripts/gen-long-input.py NAME

Streams what it writes, so even the 100 MB inputs take no memory to make.
"""
import sys

MB = 1 << 20
out = sys.stdout


def keys_then_near_misses():
    for n in range(200_000):
        out.write(f"addView(v{n})\n")
    # A near miss: the right name with a letter added, the commonest kind of typo.
    for n in range(1_000):
        out.write(f"expect state == v{n * 199}x\n")


def megabyte_identifier():
    out.write("a" * (10 * MB) + "\n")


def megabyte_state_name():
    out.write("expect state == " + "x" * (10 * MB) + "\n")


def bogus_line():
    out.write("bogus; " * (MB // 7) + "\n")


def erroneous_lines():
    chunk = "bogus\n" * 100_000
    for _ in range(100):
        out.write(chunk)


def long_error_string():
    out.write("hasContent = false\nstart\nend(error: \"")
    block = "x" * MB
    for _ in range(100):
        out.write(block)
    out.write("\")\n")


def distinct_views():
    for n in range(1_000_000):
        out.write(f"addView(v{n})\n")


def deep_nesting():
    out.write("expect visible == " + "[" * 100_000 + "\n")


def negative_duration():
    out.write("model StateViewController\nchild List(duration: -9223372036854775808)\n")


INPUTS = {
    "keys-near-miss": keys_then_near_misses,
    "identifier-10mb": megabyte_identifier,
    "state-name-10mb": megabyte_state_name,
    "bogus-line-1mb": bogus_line,
    "errors-10m-lines": erroneous_lines,
    "error-string-100mb": long_error_string,
    "distinct-views-1m": distinct_views,
    "deep-nesting": deep_nesting,
    "negative-duration": negative_duration,
}

if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in INPUTS:
        sys.exit("usage: gen-long-input.py " + "|".join(INPUTS))
    INPUTS[sys.argv[1]]()
