#!/usr/bin/env bash
# Benchmarks of the release build; everything docs/performance.md quotes, in one run.
#   1. statectl run on a 1,000,000-statement script, side by side: pinned to one core into a
#      file (the reference), into /dev/null, into a pipe, and pinned with a pinned reader;
#      JSON Lines; a plain-Python loop of the same semantics (same log, checked).
#   2. a 1,000,000-line script in which every line is distinct, on one core, into a file and
#      into /dev/null, beside cat writing its finished log into a file (the kernel's share);
#      instructions per line counted with callgrind when valgrind is installed.
#   3. start-up: a one-line script against a hello-world Swift binary.
#   4. statectl graph -o tree.svg against dot -Tsvg on the same graph's DOT file.
#   5. statectl test on 1,000 scripts of 100 statements.
# Needs python3, hyperfine and Graphviz's dot; valgrind for the instruction counts.
# Times are medians and worsts of several runs: quote the worst.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
out=bench-out
mkdir -p "$out"

bash scripts/install-deps.sh
if ! command -v hyperfine >/dev/null || ! command -v dot >/dev/null || [ ! -x /usr/bin/time ]; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine graphviz time >/dev/null
fi
swift build -c release --static-swift-stdlib --product statectl >/dev/null
bin=.build/release/statectl
echo "cores this process may run on: $(nproc) (sched_getaffinity); load average $(cut -d' ' -f1-3 /proc/loadavg)"

echo "== 1. statectl run, 1,000,000 statements"
million="$out/million.script"
python3 scripts/gen-bench-script.py 1000000 > "$million"
"$bin" run "$million" > "$out/million.txt" || true
"$bin" run --format jsonl "$million" > "$out/million.jsonl" || true
echo "$(wc -l < "$million") script lines; text log $(wc -l < "$out/million.txt") lines, $(wc -c < "$out/million.txt") bytes"
echo "md5 text log $(md5sum < "$out/million.txt" | cut -c1-32), JSON Lines $(md5sum < "$out/million.jsonl" | cut -c1-32)"
echo "-- where the output goes (targets: /dev/null ×1.1, | cat ×1.1, pinned | pinned cat ×1.5 of the first)"
python3 scripts/bench-compare.py 7 \
  "pinned, > file" "taskset -c 0 $bin run $million > $out/run.txt" \
  "> /dev/null" "$bin run $million > /dev/null" \
  "| cat" "$bin run $million | cat > /dev/null" \
  "pinned | pinned cat" "taskset -c 0 $bin run $million | taskset -c 0 cat > /dev/null"
echo "-- JSON Lines, pinned, > file (no target)"
python3 scripts/bench-compare.py 3 "jsonl" "taskset -c 0 $bin run --format jsonl $million > $out/run.jsonl"
echo "-- against a plain-Python loop of the same semantics (target: Python ≥ ×10)"
python3 scripts/bench-python-anchor.py "$million" > "$out/python.txt"
cmp -s "$out/python.txt" "$out/million.txt" && echo "the Python loop writes the same log" || echo "THE PYTHON LOOP'S LOG DIFFERS"
python3 scripts/bench-compare.py 3 \
  "statectl" "taskset -c 0 $bin run $million > /dev/null" \
  "python" "taskset -c 0 python3 scripts/bench-python-anchor.py $million > /dev/null"

echo "== 2. 1,000,000 distinct lines, one core (target: ≤ 0.5 s, ≤ 64 MiB)"
distinct="$out/distinct.script"
python3 scripts/gen-distinct-script.py 1000000 > "$distinct"
echo "$(wc -l < "$distinct") lines, $(sort "$distinct" | uniq -d | wc -l) repeated; log $(("$bin" run "$distinct" || true) | wc -l) lines"
# Beside the target's run: the same run into /dev/null (statectl's own work), and the finished
# log copied by cat into a file (what the kernel takes to truncate and write it: no change
# to statectl can go below that part of the first line's time).
"$bin" run "$distinct" > "$out/distinct-log.txt" || true
python3 scripts/bench-compare.py 5 \
  "distinct, pinned, > file" "taskset -c 0 $bin run $distinct > $out/distinct.txt" \
  "distinct, pinned, > /dev/null" "taskset -c 0 $bin run $distinct > /dev/null" \
  "its log, pinned cat > file" "taskset -c 0 cat $out/distinct-log.txt > $out/distinct-copy.txt"
if command -v valgrind >/dev/null; then
  # The difference between 20,000 and 10,000 lines: start-up cancels out.
  instructions() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" run "$1" 2>&1 >/dev/null \
      | sed -n 's/.*refs: *//p' | tr -d ,
  }
  for script in "$distinct" "$million"; do
    head -10000 "$script" > "$out/10k.script"; head -20000 "$script" > "$out/20k.script"
    small=$(instructions "$out/10k.script"); large=$(instructions "$out/20k.script")
    echo "$(basename "$script"): $(( (large - small) / 10000 )) instructions per line (callgrind, lines 10,001-20,000)"
  done
fi

echo "== 3. start-up"
printf 'print("hello")\n' > "$out/hello.swift"
swiftc -O -static-stdlib "$out/hello.swift" -o "$out/hello" 2>/dev/null
echo start > "$out/one.script"
hyperfine -N -w 5 -r 100 "$out/hello" "$bin run $out/one.script" 2>&1 | grep -E "Benchmark|Time"

echo "== 4. statectl graph vs dot"
"$bin" graph -o "$out/tree.dot"
hyperfine -N -w 3 -r 30 "$bin graph -o $out/tree.svg" "dot -Tsvg $out/tree.dot -o $out/tree-dot.svg" 2>&1 | grep -E "Benchmark|Time|faster"

echo "== 5. statectl test, 1,000 scripts x 100 statements"
rm -rf "$out/suite"
python3 scripts/gen-test-suite.py "$out/suite" 1000 100
"$bin" test --update "$out/suite" | tail -1
python3 scripts/measure.py 3 -- "$bin" test "$out/suite"
