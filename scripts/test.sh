#!/usr/bin/env bash
# The whole test suite: unit and end-to-end tests (swift test), then statectl checking
# its own documentation examples against their golden logs.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

bash scripts/install-deps.sh
swift build --build-tests
swift test --skip-build
bash scripts/leak-check.sh .build/debug/statectl
.build/debug/statectl test --coverage docs/examples
