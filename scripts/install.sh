#!/usr/bin/env bash
# Builds statectl in release mode and installs, under a prefix (default /usr/local):
#   bin/statectl
#   share/man/man1/statectl.1                       (made by `statectl help --man`)
#   share/bash-completion/completions/statectl      (`statectl completion bash`)
#   share/zsh/site-functions/_statectl              (`statectl completion zsh`)
#   share/fish/vendor_completions.d/statectl.fish   (`statectl completion fish`)
#   share/doc/statectl/                             (README.md and docs/, which help names)
# Usage: scripts/install.sh [--prefix DIR] [--binary FILE]
#   --binary FILE installs a statectl already built instead of building one.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"

prefix=/usr/local
bin=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a directory" >&2; exit 2; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --binary) [ $# -ge 2 ] || { echo "install.sh: --binary needs a file" >&2; exit 2; }; bin=$2; shift 2 ;;
    --binary=*) bin=${1#--binary=}; shift ;;
    -h|--help) sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument '$1'" >&2; echo "usage: scripts/install.sh [--prefix DIR] [--binary FILE]" >&2; exit 2 ;;
  esac
done

if [ -z "$bin" ]; then
  bash scripts/install-deps.sh
  # A static Swift runtime on Linux, so the installed binary needs no toolchain; macOS has one.
  static=""
  [ "$(uname -s)" = Linux ] && static="--static-swift-stdlib"
  swift build -c release $static --product statectl
  bin=$(swift build -c release $static --show-bin-path)/statectl
elif [ ! -x "$bin" ]; then
  echo "install.sh: '$bin' is not an executable file" >&2
  exit 2
fi

# Each file goes to a temporary name beside its destination, then is renamed into place,
# so an interrupted install never leaves half a file.
put() { # put MODE DESTINATION (contents on standard input)
  local temporary="$2.tmp.$$"
  cat > "$temporary" && chmod "$1" "$temporary" && mv -f "$temporary" "$2"
}
mkdir -p "$prefix/bin" "$prefix/share/man/man1" "$prefix/share/bash-completion/completions" \
         "$prefix/share/zsh/site-functions" "$prefix/share/fish/vendor_completions.d" \
         "$prefix/share/doc/statectl/models"
put 755 "$prefix/bin/statectl" < "$bin"
"$bin" help --man | put 644 "$prefix/share/man/man1/statectl.1"
"$bin" completion bash | put 644 "$prefix/share/bash-completion/completions/statectl"
"$bin" completion zsh | put 644 "$prefix/share/zsh/site-functions/_statectl"
"$bin" completion fish | put 644 "$prefix/share/fish/vendor_completions.d/statectl.fish"
put 644 "$prefix/share/doc/statectl/README.md" < README.md
for doc in docs/*.md docs/models/*.md; do
  put 644 "$prefix/share/doc/statectl/${doc#docs/}" < "$doc"
done

echo "installed statectl $("$prefix/bin/statectl" --version | sed 's/^statectl //') in $prefix"
case ":$PATH:" in *":$prefix/bin:"*) ;; *) echo "note: $prefix/bin is not on PATH" ;; esac
