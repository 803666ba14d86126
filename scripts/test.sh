#!/usr/bin/env bash
# The whole test suite: unit and end-to-end tests (swift test), then statectl checking
# its own documentation examples against their golden logs.
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
