#!/usr/bin/env bash
# Runs `statectl graph` under valgrind's memcheck in every path that touches Graphviz
# (DOT, SVG, PNG, PDF, a trace, an unknown format, an unwritable file), and `statectl run`
# on a script long enough to start its render thread, and fails on any memory error or
# definite or indirect leak outside Graphviz's and the font stack's own caches, which
# scripts/valgrind-graphviz.supp names.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/statectl}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

if ! command -v valgrind >/dev/null 2>&1; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "statectl: installing valgrind for the leak check" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq valgrind >/dev/null
fi

check() {
  local status=0
  valgrind --quiet --leak-check=full --errors-for-leak-kinds=definite,indirect \
    --show-leak-kinds=definite,indirect --suppressions=scripts/valgrind-graphviz.supp \
    --error-exitcode=99 "$bin" "$@" >/dev/null 2>"$out/valgrind.txt" || status=$?
  if [ "$status" -eq 99 ]; then
    echo "LEAK or memory error: statectl $*" >&2
    cat "$out/valgrind.txt" >&2
    return 1
  fi
  echo "no leaks: statectl $*"
}

check graph -T dot
check graph -o "$out/tree.svg"
check graph -o "$out/tree.png"
check graph -o "$out/tree.pdf"
check graph -T mermaid
check graph --trace docs/examples/first-load.script -o "$out/traced.svg"
check graph --trace docs/examples/first-load.script --trace docs/examples/unobtrusive-error.script -o "$out/coverage.svg"
check graph --trace docs/examples/custom-state-crash.txt -o "$out/crash.svg"
check graph -T nonsense
check graph -o /nonexistent/dir/tree.svg

# run: thousands of records pass through the encoder, the render thread's blocks, the
# line cache and the column cache; the second script stops at a runtime error.
python3 scripts/gen-bench-script.py 5000 > "$out/long.script"
check run "$out/long.script"
check run --format jsonl "$out/long.script"
check run docs/examples/custom-state-crash.txt

# A failed expect asks a copy of the model what pending work would do.
printf 'hasContent = false\nstart; expect state == loading\nend(animated: true); expect visible == [empty]\n' > "$out/pending.script"
check run "$out/pending.script"
