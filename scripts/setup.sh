#!/usr/bin/env bash
# From a fresh Debian machine with the Swift toolchain to statectl built and running on
# an example: installs Graphviz's libraries if missing, builds the release binary, and
# simulates docs/examples/first-load.script.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

bash scripts/install-deps.sh
swift build -c release --static-swift-stdlib --product statectl
.build/release/statectl run docs/examples/first-load.script
