#!/usr/bin/env bash
# Benchmark of `statectl explore` beside Spin on the same space (docs/performance.md).
#
#   bash scripts/bench-explore.sh            # both specs and Spin, one run each
#   RUNS=3 bash scripts/bench-explore.sh     # more runs each
#
# On one core (taskset -c 0), as the issue asks. Installs Debian's spin package when
# missing (apt-get, as root). Prints wall time, peak memory, configurations, rate and
# bytes per stored configuration for statectl; states, rate and memory for Spin.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH=/opt/swift/usr/bin:$PATH
RUNS=${RUNS:-1}
here=scripts/bench-explore
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! command -v spin >/dev/null; then
    echo "installing spin (apt-get install -y spin)" >&2
    apt-get install -y spin >/dev/null
fi
swift build -c release --static-swift-stdlib --product statectl >/dev/null
statectl=.build/release/statectl

measure() {  # label, command…: wall seconds and peak KB from GNU time
    local label=$1; shift
    for run in $(seq "$RUNS"); do
        /usr/bin/time -f "%e %M" -o "$work/time" taskset -c 0 "$@" > "$work/out" 2>&1 || true
        read -r seconds kilobytes < "$work/time"
        echo "$label run $run: ${seconds} s wall, $((kilobytes / 1024)) MiB peak"
    done
}

for spec in bench-depth bench-queue; do
    measure "statectl explore $spec.spec" "$statectl" explore --format json "$here/$spec.spec"
    python3 - "$work/out" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
rate = report["configurations"] / report["seconds"] if report["seconds"] else 0
print(f"  configurations {report['configurations']}, steps {report['steps']}, complete {report['complete']}, "
      f"{rate:,.0f} configurations/s, {report['bytesPerConfiguration']} bytes per stored configuration")
PY
done

cp "$here/StatefulViewController.pml" "$work/"
(cd "$work" && spin -a StatefulViewController.pml >/dev/null && gcc -O2 -w -DNOREDUCE -DSAFETY -o pan pan.c)
measure "spin (DFS) StatefulViewController.pml" "$work/pan" -m10000000
grep -E "states, stored|rate|total actual memory" "$work/out" | sed 's/^/  /'
# Spin's BFS refuses hidden variables; the model resets its temporaries at the end of
# every step, so without `hidden` they add no states.
mkdir "$work/bfs"
sed 's/^hidden //' "$here/StatefulViewController.pml" > "$work/bfs/StatefulViewController.pml"
(cd "$work/bfs" && spin -a StatefulViewController.pml >/dev/null && gcc -O2 -w -DNOREDUCE -DSAFETY -DBFS -o ../pan-bfs pan.c)
measure "spin (BFS) StatefulViewController.pml" "$work/pan-bfs"
grep -E "states, stored|rate|total actual memory" "$work/out" | sed 's/^/  /'
