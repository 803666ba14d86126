#!/usr/bin/env python3
"""Rewrites the output of ```console transcripts in Markdown files from what statectl prints now.

For help and usage transcripts, whose commands need no script block before them:
    python3 scripts/update-transcripts.py Tests/StatectlCLITests/transcripts/help.md
Blocks with a `...` line, a `<` redirection or a ```statectl block right before them are
left alone (edit those by hand). The executed-docs test is still the judge.
"""
import os, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = os.environ.get("STATECTL", os.path.join(ROOT, ".build/debug/statectl"))


def run_block(lines, scratch):
    out, status = [], 0
    for line in lines:
        if not line.startswith("$ "):
            continue
        command = line[2:]
        out.append(line)
        if command == "echo $?":
            out.append(str(status))
            continue
        words = command.split()
        assert words[0] == "statectl", command
        result = subprocess.run([BINARY] + words[1:], cwd=scratch, capture_output=True, text=True,
                                env=dict(os.environ, NO_COLOR="1"))
        status = result.returncode
        out.extend((result.stdout + result.stderr).splitlines())
    return out


def update(path):
    text = open(path).read().split("\n")
    result, i, previous_info = [], 0, None
    with tempfile.TemporaryDirectory() as scratch:
        for name in ("docs", "Tests"):
            os.symlink(os.path.join(ROOT, name), os.path.join(scratch, name))
        while i < len(text):
            line = text[i]
            if line.startswith("```") and len(line) > 3:
                info = line[3:].split(" ")[0]
                end = text.index("```", i + 1)
                body = text[i + 1:end]
                editable = (info == "console" and previous_info not in ("statectl", "statectl-script")
                            and "..." not in body and not any("<" in l for l in body if l.startswith("$ ")))
                result.append(line)
                result.extend(run_block(body, scratch) if editable else body)
                result.append("```")
                previous_info = info
                i = end + 1
                continue
            if line.strip():
                previous_info = None
            result.append(line)
            i += 1
    open(path, "w").write("\n".join(result))


for path in sys.argv[1:]:
    update(path)
