#!/usr/bin/env python3
"""A plain-Python anchor for the `statectl run` benchmark: the same two passes (check every
line, then simulate), the same StatefulViewController rules and the same text log, for the
statements the benchmark script uses (scripts/gen-bench-script.py). Nothing else.

It exists so that scripts/bench.sh can time statectl against a straightforward loop of the
same semantics in one run; its output must match `statectl run` byte for byte (bench.sh
checks). Written as a Python programmer would write it: a regular-expression tokenizer,
a dictionary of lines already parsed, a list of output lines written in chunks.

Usage: bench-python-anchor.py SCRIPT > LOG
"""
import re
import sys

TOKEN = re.compile(r'\s*(?:(#.*)|("(?:[^"\\]|\\.)*")|(\d+(?:\.\d+)?(?:ms|s)?)|([A-Za-z_]\w*)|(==|!=|[=();:,\[\]]))')
ANIMATION_MS = 300
BOUNDS = (375, 667)


class ScriptError(Exception):
    pass


def tokenize(line):
    tokens = []
    position = 0
    while position < len(line):
        match = TOKEN.match(line, position)
        if not match:
            if line[position:].strip() == "":
                break
            raise ScriptError(f"unexpected character at column {position + 1}")
        position = match.end()
        comment, string, number, name, punctuation = match.groups()
        if comment is not None:
            break
        if string is not None:
            tokens.append(("string", string[1:-1].replace('\\"', '"').replace("\\\\", "\\")))
        elif number is not None:
            tokens.append(("number", number))
        elif name is not None:
            tokens.append(("name", name))
        else:
            tokens.append(("punct", punctuation))
    return tokens


def split_statements(tokens):
    statements, current = [], []
    for token in tokens:
        if token == ("punct", ";"):
            statements.append(current)
            current = []
        else:
            current.append(token)
    statements.append(current)
    return [statement for statement in statements if statement]


def duration(text):
    if text.endswith("ms"):
        return int(text[:-2])
    if text.endswith("s"):
        milliseconds = float(text[:-1]) * 1000
        if milliseconds != int(milliseconds):
            raise ScriptError("duration is not a whole number of milliseconds")
        return int(milliseconds)
    raise ScriptError("a duration needs a unit")


def value_text(tokens):
    """An expected value as a token list: a name, a number, true/false or a list of names."""
    if tokens[0] == ("punct", "["):
        names = [text for kind, text in tokens[1:-1] if kind == "name"]
        return sorted(names), "[" + ", ".join(names) + "]"
    kind, text = tokens[0]
    if kind == "number":
        return int(text), text
    return text, text


def arguments(tokens):
    """`(label: value, …)` after a call's name, as a dictionary; None without parentheses."""
    if not tokens:
        return {}
    if tokens[0] != ("punct", "(") or tokens[-1] != ("punct", ")"):
        raise ScriptError("expected '('")
    result = {}
    inner = tokens[1:-1]
    index = 0
    while index < len(inner):
        label = inner[index][1]
        if index + 1 < len(inner) and inner[index + 1] == ("punct", ":"):
            result[label] = inner[index + 2]
            index += 4
        else:
            result[label] = None
            index += 2
    return result


def flag(token, default):
    if token is None:
        return default
    if token[1] not in ("true", "false"):
        raise ScriptError("expected true or false")
    return token[1] == "true"


PROPERTIES = ("state", "lastState", "visible", "completions", "dropped", "unobtrusiveErrors", "hasContent", "pending")


def compile_statement(tokens):
    kind, word = tokens[0]
    if kind != "name":
        raise ScriptError("expected a statement")
    if len(tokens) == 3 and tokens[1] == ("punct", "=") and word == "hasContent":
        return ("hasContent", flag(tokens[2], None))
    if word == "wait":
        return ("wait", duration(tokens[1][1]))
    if word == "expect":
        if tokens[1][1] not in PROPERTIES:
            raise ScriptError(f"unknown property '{tokens[1][1]}'")
        expected, text = value_text(tokens[3:])
        return ("expect", tokens[1][1], tokens[2][1], expected, text)
    labels = arguments(tokens[1:])
    if word in ("start", "startLoading"):
        return ("start", flag(labels.get("animated"), False))
    if word in ("end", "endLoading"):
        error = None
        if "error" in labels:
            error = "error" if labels["error"] is None else labels["error"][1]
        return ("end", flag(labels.get("animated"), True), error)
    raise ScriptError(f"unknown statement '{word}'")


def compile_line(line, cache):
    compiled = cache.get(line)
    if compiled is None:
        compiled = [compile_statement(statement) for statement in split_statements(tokenize(line))]
        cache[line] = compiled
    return compiled


class Simulation:
    """StatefulViewController over its ViewStateMachine, writing the text log."""

    def __init__(self, out):
        self.out = out
        self.now = 0
        self.line = None
        self.has_content = True
        self.current = "content"
        self.last = "content"
        self.store = ["empty", "error", "loading"]
        self.container = []
        self.container_shown = False
        self.queue = []
        self.in_flight = None
        self.next_job = 1
        self.completions = 0
        self.dropped = 0
        self.unobtrusive = 0
        self.failed = 0

    def record(self, kind, message):
        line = "-" if self.line is None else str(self.line)
        self.out.append(f"{str(self.now) + 'ms':>8}  {line:>5}  {kind:<16}  {message}")

    def decide(self, entry, loading, error, animated):
        if self.has_content:
            if error is not None:
                path, target = "hasContent? YES → error? YES → handleErrorWhenContentAvailable(error) → content", "content"
            else:
                path, target = "hasContent? YES → error? NO → content", "content"
        elif loading:
            path, target = "hasContent? NO → loading? YES → loading", "loading"
        elif error is not None:
            path, target = "hasContent? NO → loading? NO → error? YES → error", "error"
        else:
            path, target = "hasContent? NO → loading? NO → error? NO → empty", "empty"
        self.record("decision", f"{entry}: {path}")
        if self.has_content and error is not None:
            self.unobtrusive += 1
            quoted = error.replace("\\", "\\\\").replace('"', '\\"')
            self.record("unobtrusiveError", f'handleErrorWhenContentAvailable("{quoted}") (#{self.unobtrusive})')
        self.request(target, animated)

    def request(self, target, animated):
        self.last = target
        job = self.next_job
        self.next_job += 1
        self.queue.append((job, target, animated))
        self.record("queued", f"#{job} → {target} ({'animated' if animated else 'not animated'})")

    def start_queued(self):
        while self.in_flight is None and self.queue:
            self.begin(*self.queue.pop(0))

    def begin(self, job, target, animated):
        if target == self.current:
            self.dropped += 1
            self.record("dropped", f"#{job} → {target}: already current, completion never called")
            return
        ends = self.now + (ANIMATION_MS if animated else 0)
        how = f"animated until {ends}ms" if animated else "not animated"
        self.record("began", f"#{job} {self.current} → {target}, {how}")
        self.current = target
        if target != "content":
            if not self.container_shown:
                self.container_shown = True
                self.record("containerAdded", "container view added to the backing view")
            if target in self.container:
                self.container.remove(target)
            self.container.append(target)
            fading = ", fading in" if animated else ""
            self.record("viewAdded", f"{target} view, frame (0, 0, {BOUNDS[0]}, {BOUNDS[1]}){fading}")
        self.in_flight = (job, target, ends)
        if not animated:
            self.complete()

    def complete(self):
        job, target, _ = self.in_flight
        self.in_flight = None
        for key in self.store:
            if key != target and key in self.container:
                self.container.remove(key)
                self.record("viewRemoved", f"{key} view")
        # master hides in this order: views, then the container, then the completion.
        if target == "content" and self.container_shown:
            self.container_shown = False
            self.record("containerRemoved", "container view removed from the backing view")
        self.completions += 1
        self.record("completed", f"#{job} → {target}; completion called ({self.completions} so far)")

    def advance(self, target):
        while self.in_flight is not None and self.in_flight[2] <= target:
            self.now = max(self.now, self.in_flight[2])
            self.complete()
            self.start_queued()
        self.now = target

    def observe(self, name):
        return {
            "state": self.current, "lastState": self.last, "visible": sorted(self.container),
            "completions": self.completions, "dropped": self.dropped, "unobtrusiveErrors": self.unobtrusive,
            "hasContent": "true" if self.has_content else "false", "pending": len(self.queue),
        }[name]

    def run_line(self, statements, number):
        self.line = number
        for statement in statements:
            kind = statement[0]
            if kind == "hasContent":
                self.record("statement", f"hasContent = {'true' if statement[1] else 'false'}")
                self.has_content = statement[1]
            elif kind == "start":
                self.record("statement", f"startLoading(animated: {'true' if statement[1] else 'false'})")
                self.decide("startLoading", True, None, statement[1])
            elif kind == "end":
                error = "nil" if statement[2] is None else '"' + statement[2].replace("\\", "\\\\").replace('"', '\\"') + '"'
                self.record("statement", f"endLoading(animated: {'true' if statement[1] else 'false'}, error: {error})")
                self.decide("endLoading", False, statement[2], statement[1])
            elif kind == "wait":
                self.record("statement", f"wait {statement[1]}ms")
                self.start_queued()
                self.advance(self.now + statement[1])
            elif kind == "expect":
                _, name, comparison, expected, text = statement
                actual = self.observe(name)
                holds = (actual == expected) == (comparison == "==")
                if holds:
                    self.record("expect", f"{name} {comparison} {text}: ok")
                else:
                    self.failed += 1
                    shown = "[" + ", ".join(actual) + "]" if isinstance(actual, list) else actual
                    self.record("expect", f"{name} {comparison} {text}: FAILED (actual: {shown})")
        self.start_queued()

    def finish(self):
        self.line = None
        self.start_queued()
        while self.in_flight is not None:
            self.now = max(self.now, self.in_flight[2])
            self.complete()
            self.start_queued()
        visible = "[" + ", ".join(sorted(self.container)) + "]"
        self.record("final", f"state: {self.current}, lastState: {self.last}, visible: {visible}, "
                             f"completions: {self.completions}, dropped: {self.dropped}, "
                             f"unobtrusiveErrors: {self.unobtrusive}")


def main() -> None:
    path = sys.argv[1]
    cache = {}
    with open(path, encoding="utf-8") as script:
        for number, line in enumerate(script, start=1):
            try:
                compile_line(line.rstrip("\n"), cache)
            except (ScriptError, IndexError, ValueError) as error:
                sys.exit(f"{path}:{number}: error: {error}")
    out = []
    simulation = Simulation(out)
    with open(path, encoding="utf-8") as script:
        for number, line in enumerate(script, start=1):
            simulation.run_line(compile_line(line.rstrip("\n"), cache), number)
            if len(out) >= 10000:
                sys.stdout.write("\n".join(out) + "\n")
                out.clear()
    simulation.finish()
    sys.stdout.write("\n".join(out) + "\n")
    sys.exit(1 if simulation.failed else 0)


if __name__ == "__main__":
    main()
