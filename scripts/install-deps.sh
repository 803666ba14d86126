#!/usr/bin/env bash
# Installs what statectl needs beyond the Swift toolchain: Graphviz's C libraries, found
# through pkg-config. On Debian/Ubuntu: apt's pkg-config and libgraphviz-dev (as root or
# through sudo); on macOS: Homebrew's graphviz and pkg-config. Does nothing when
# pkg-config already finds libcgraph and libgvc, and says what it installs before it does.
set -euo pipefail

if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libcgraph libgvc; then
  exit 0
fi

if [ "$(uname -s)" = Darwin ]; then
  if ! command -v brew >/dev/null 2>&1; then
    echo "statectl: need Homebrew (https://brew.sh) to install graphviz and pkg-config" >&2
    exit 1
  fi
  echo "statectl: installing graphviz and pkg-config with Homebrew (Graphviz's C libraries)" >&2
  brew install graphviz pkg-config
else
  echo "statectl: installing pkg-config and libgraphviz-dev with apt-get (Graphviz's C libraries)" >&2
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
fi
if ! pkg-config --exists libcgraph libgvc; then
  echo "statectl: pkg-config still cannot find libcgraph and libgvc after installing Graphviz" >&2
  exit 1
fi
