#!/usr/bin/env bash
# Benchmark: N lines of distinct `addView(vN)` (default 1,000,000), the view-store case of
# the long-input list (issue 15: ≤ 5 s). Prints the best wall time of 3 and peak memory for
# N/10 and N lines, so that a quadratic store shows as a ratio far above 10, and
# the instructions per line from callgrind on N/10 lines when valgrind is installed.
# Figures go into docs/performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
lines=${1:-1000000}
out=bench-out
mkdir -p "$out"
swift build -c release --static-swift-stdlib --product statectl >/dev/null
bin=.build/release/statectl

for n in $((lines / 10)) "$lines"; do
  python3 -c "import sys; sys.stdout.writelines(f'addView(v{i})\n' for i in range($n))" > "$out/addview-$n.script"
  echo "-- $n lines of distinct addView"
  python3 scripts/measure.py 3 -- "$bin" run "$out/addview-$n.script"
done
"$bin" run "$out/addview-$lines.script" | tail -1 | cut -c1-60

if command -v valgrind >/dev/null; then
  n=$((lines / 10))
  total=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" run "$out/addview-$n.script" 2>&1 >/dev/null \
    | sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
  echo "callgrind: $total instructions for $n lines, $((total / n)) per line (both passes and rendering)"
fi
