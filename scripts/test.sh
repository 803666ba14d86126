#!/usr/bin/env bash
# The whole test suite: unit and end-to-end tests (swift test), then statectl checking
# its own documentation examples against their golden logs; then the suite again under
# AddressSanitizer and ThreadSanitizer, and a short fuzzing run (Linux).
# STATECTL_QUICK=1 stops after the examples (for a quick local run; CI runs everything).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

# Say what may be installed before anything is.
missing=()
command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcgraph libgvc || missing+=("Graphviz's C libraries (scripts/install-deps.sh)")
command -v valgrind >/dev/null 2>&1 || missing+=("valgrind, for the leak check (scripts/leak-check.sh)")
if [ ${#missing[@]} -gt 0 ]; then
  echo "statectl: scripts/test.sh will install what is missing:" >&2
  printf '  - %s\n' "${missing[@]}" >&2
fi
bash scripts/install-deps.sh
swift build --build-tests
swift test --skip-build
bash scripts/leak-check.sh .build/debug/statectl
.build/debug/statectl test --coverage docs/examples
[ "${STATECTL_QUICK:-}" = 1 ] && exit 0

# Each sanitizer builds into its own scratch directory, so the plain build above stays
# valid. Leaks are left to leak-check.sh (valgrind): LeakSanitizer would also report
# Graphviz's and the test runtime's own. scripts/asan.supp says what is suppressed, and why.
echo "== swift test under AddressSanitizer"
swift build --build-tests --sanitize=address --scratch-path .build-asan
ASAN_OPTIONS="detect_leaks=0:suppressions=$PWD/scripts/asan.supp" \
  swift test --skip-build --sanitize=address --scratch-path .build-asan
echo "== swift test under ThreadSanitizer"
swift build --build-tests --sanitize=thread --scratch-path .build-tsan
swift test --skip-build --sanitize=thread --scratch-path .build-tsan

if [ "$(uname -s)" = Linux ]; then
  echo "== 30 s of fuzzing (scripts/fuzz.sh)"
  bash scripts/fuzz.sh 30
fi
