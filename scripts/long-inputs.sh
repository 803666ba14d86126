#!/usr/bin/env bash
# Long and hostile inputs against the release build: each must end with its expected
# exit status (never a signal) within its time, memory and stderr budgets. A benchmark,
# not a unit test: timings depend on the machine. Results go into docs/performance.md.
#
#   bash scripts/long-inputs.sh            # all inputs
#   bash scripts/long-inputs.sh NAME…      # some (names as in scripts/gen-long-input.py)
#
# Needs GNU time (/usr/bin/time, installed with apt-get if missing) and python3.
# Exits 1 if any input misses its budget.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
out=bench-out/long
mkdir -p "$out"

if [ ! -x /usr/bin/time ]; then
  echo "long-inputs.sh: installing GNU time" >&2
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq time >/dev/null
fi
bash scripts/install-deps.sh
swift build -c release --static-swift-stdlib --product statectl >/dev/null
bin=.build/release/statectl

# name | expected exit | seconds at most | peak MiB at most | stderr bytes at most
budgets="
keys-near-miss      2 5  512 1048576
identifier-10mb     2 3  512 1048576
state-name-10mb     2 3  512 1048576
bogus-line-1mb      2 5  512 1048576
errors-10m-lines    2 10 512 1048576
error-string-100mb  0 10 512 1048576
distinct-views-1m   0 5  512 1048576
deep-nesting        2 3  512 1048576
negative-duration   2 3  512 1048576
"

wanted=" $* "
failed=0
printf '| input | size | exit | time | peak memory | stderr | budget | |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n'
while read -r name status seconds mib stderr_max; do
  [ -z "$name" ] && continue
  if [ $# -gt 0 ] && [[ "$wanted" != *" $name "* ]]; then continue; fi
  input="$out/$name.script"
  [ -s "$input" ] || python3 scripts/gen-long-input.py "$name" > "$input"
  set +e
  # Killed past ten times its budget: a hang is reported, not waited out.
  /usr/bin/time -f "%e %M" -o "$out/$name.time" timeout $((seconds * 10)) "$bin" run "$input" > /dev/null 2> "$out/$name.stderr"
  actual=$?
  [ "$actual" -eq 124 ] && actual="killed after $((seconds * 10)) s"
  set -e
  read -r elapsed kib < <(tail -n 1 "$out/$name.time")
  peak=$((kib / 1024))
  errbytes=$(stat -c %s "$out/$name.stderr")
  size=$(stat -c %s "$input")
  verdict=met
  if [ "$actual" != "$status" ] || [ "$peak" -gt "$mib" ] || [ "$errbytes" -gt "$stderr_max" ] \
     || ! awk -v e="$elapsed" -v s="$seconds" 'BEGIN { exit !(e <= s) }'; then
    verdict="**not met**"; failed=1
  fi
  printf '| %s | %s | %s | %s s | %s MiB | %s B | exit %s, ≤ %s s, ≤ %s MiB, stderr ≤ %s B | %s |\n' \
    "$name" "$(numfmt --to=iec "$size")" "$actual" "$elapsed" "$peak" "$errbytes" "$status" "$seconds" "$mib" "$stderr_max" "$verdict"
done <<< "$budgets"
exit "$failed"
