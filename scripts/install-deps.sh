#!/usr/bin/env bash
# Installs what statectl needs beyond the Swift toolchain: Graphviz's C libraries
# (found through pkg-config). Does nothing when they are already there.
set -euo pipefail

if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcgraph libgvc; then
  exit 0
fi

echo "statectl: installing pkg-config and libgraphviz-dev (Graphviz's C libraries)" >&2
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
    echo "statectl: need root (or sudo) to apt-get install pkg-config libgraphviz-dev" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq pkg-config libgraphviz-dev >/dev/null
if ! pkg-config --exists libcgraph libgvc; then
  echo "statectl: pkg-config still cannot find libcgraph and libgvc after installing libgraphviz-dev" >&2
  exit 1
fi
