#!/usr/bin/env bash
# Fuzzes the whole pipeline (parse, compile, simulate, render; for an input with explore's
# directives, the search) with libFuzzer under AddressSanitizer for SECONDS (default 60).
# Linux only: it links the toolchain's libFuzzer runtime. The target is a package of its own (Fuzz/), so the main build never
# sees these flags.
#
#   bash scripts/fuzz.sh 30
#
# Seeds: every script and explore spec under docs/examples, Tests/ and scripts/bench-explore/
# (plus what earlier runs found, kept in .build/fuzz-corpus). A crash leaves its input in .build/fuzz-crashes/ and exits 1;
# add that input to Tests/FailCases/ with the fix, so the ordinary suite replays it.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
seconds="${1:-60}"

swiftc_path="$(command -v swiftc)"
runtime="$(ls "$(dirname "$(dirname "$(readlink -f "$swiftc_path")")")"/lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a 2>/dev/null | head -n 1)"
if [ -z "$runtime" ]; then
    echo "fuzz.sh: libFuzzer's runtime (libclang_rt.fuzzer_no_main) is not in this Swift toolchain" >&2
    exit 2
fi

# -sanitize=fuzzer would link libFuzzer's own main, which clashes with the one SwiftPM
# gives every executable; so: coverage instrumentation plus the no-main runtime, and the
# target's main calls LLVMFuzzerRunDriver.
(cd Fuzz && swift build -c release \
    -Xswiftc -sanitize=address \
    -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table \
    -Xlinker "$runtime" -Xlinker -lstdc++)

corpus=.build/fuzz-corpus
crashes=.build/fuzz-crashes
mkdir -p "$corpus" "$crashes"
find docs/examples Tests scripts/bench-explore \( -name '*.script' -o -name '*.spec' \) -size -64k -exec cp {} "$corpus/" \;

# -timeout: an input that runs 10 s is a hang; -rss_limit_mb: one that takes 2 GiB a balloon.
Fuzz/.build/release/StatectlFuzz \
    -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -dict=Fuzz/statectl.dict -artifact_prefix="$crashes/" -print_final_stats=1 \
    "$corpus"
