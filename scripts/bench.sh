#!/usr/bin/env bash
# Benchmarks of the release build; the figures go into docs/performance.md.
#   1. statectl run on a 1,000,000-statement script: best wall time of 3, peak memory;
#      then the same as JSON Lines, and with most error texts distinct (for reference).
#   2. start-up: a one-line script against a hello-world Swift binary.
#   3. statectl graph -o tree.svg against dot -Tsvg on the same graph's DOT file.
#   4. statectl test on 1,000 scripts of 100 statements.
# Needs python3 and hyperfine (apt-get install hyperfine) and Graphviz's dot (graphviz).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
out=bench-out
mkdir -p "$out"

bash scripts/install-deps.sh
if ! command -v hyperfine >/dev/null || ! command -v dot >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hyperfine graphviz >/dev/null
fi
swift build -c release --static-swift-stdlib --product statectl >/dev/null
bin=.build/release/statectl

echo "== 1. statectl run, 1,000,000 statements"
python3 scripts/gen-bench-script.py 1000000 > "$out/million.script"
python3 scripts/measure.py 3 -- "$bin" run "$out/million.script"
"$bin" run "$out/million.script" | wc -l | sed 's/$/ log lines/'
echo "-- the same as JSON Lines (no target)"
python3 scripts/measure.py 3 -- "$bin" run --format jsonl "$out/million.script"
echo "-- the same cycle with numbered error texts: 2 lines in 15 all distinct (no target)"
python3 scripts/gen-bench-script.py 1000000 --distinct > "$out/distinct.script"
python3 scripts/measure.py 3 -- "$bin" run "$out/distinct.script"

echo "== 2. start-up"
printf 'print("hello")\n' > "$out/hello.swift"
swiftc -O -static-stdlib "$out/hello.swift" -o "$out/hello" 2>/dev/null
echo start > "$out/one.script"
hyperfine -N -w 5 -r 100 "$out/hello" "$bin run $out/one.script" 2>&1 | grep -E "Benchmark|Time"

echo "== 3. statectl graph vs dot"
"$bin" graph -o "$out/tree.dot"
hyperfine -N -w 3 -r 30 "$bin graph -o $out/tree.svg" "dot -Tsvg $out/tree.dot -o $out/tree-dot.svg" 2>&1 | grep -E "Benchmark|Time|faster"

echo "== 4. statectl test, 1,000 scripts x 100 statements"
rm -rf "$out/suite"
python3 scripts/gen-test-suite.py "$out/suite" 1000 100
"$bin" test --update "$out/suite" | tail -1
python3 scripts/measure.py 3 -- "$bin" test "$out/suite"
