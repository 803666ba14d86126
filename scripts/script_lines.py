"""Writing a generated script to standard output: the benchmark generators share this."""
import sys
from typing import Iterable


def write_lines(lines: Iterable[str]) -> None:
    """Writes the lines, newline-terminated, in blocks of 10,000 rather than one by one."""
    chunk = []
    for line in lines:
        chunk.append(line)
        if len(chunk) >= 10000:
            sys.stdout.write("\n".join(chunk) + "\n")
            chunk.clear()
    if chunk:
        sys.stdout.write("\n".join(chunk) + "\n")
