#!/usr/bin/env bash
#
# Fuzz/run.sh - build the libFuzzer targets and fuzz FlowKit.
#
#     Fuzz/run.sh [SECONDS] [TARGET...]
#
# Runs each TARGET (default: all four) for SECONDS (default 60) with
# -sanitize=fuzzer,address. Targets:
#
#     yaml        the YAML layer: parse any bytes, walk every node
#     validate    loader + validator, then compile and start what validates
#     expression  expression parser + checker + evaluator, and templates
#     session     a session on the flows in Flows/, driven by fuzzed input lines
#
# Corpora live in Fuzz/out/corpus/TARGET (kept between runs; seeded from Flows/,
# the test fixtures, ../shared's YAML test suite and Fuzz/Seeds). A crash is
# copied to Tests/flowrunTests/Fixtures/Fuzz/TARGET/, which FuzzCorpusTests
# replays through the flowrun binary on every `swift test`; the script then
# exits 1. Each run's statistics go to Fuzz/out/TARGET.log; a summary line per
# target is printed. FUZZ_PARALLEL=1 runs the targets at the same time.
#
# Leak detection is off: Swift keeps pointers in the spare bits of enum payloads,
# where LeakSanitizer cannot see them, so it reports live objects as leaks.
set -euo pipefail

FUZZ_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(dirname "$FUZZ_DIR")"
SECONDS_PER_TARGET="${1:-60}"
shift || true
TARGETS=("$@")
[[ ${#TARGETS[@]} -gt 0 ]] || TARGETS=(yaml validate expression session)

# lld: gold fails with an internal error on the fuzzer's objects.
swift build -c release --package-path "$FUZZ_DIR" \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld >&2
BIN="$FUZZ_DIR/.build/release"

seed() {
    local target=$1 corpus=$2
    case $target in
        yaml|validate)
            find "$ROOT/Flows" "$ROOT/Tests" -name '*.yaml' -size -64k -exec cp -t "$corpus" {} + 2>/dev/null || true
            if [[ -d "$ROOT/../shared/conformance/yaml-test-suite" ]]; then
                local n=0
                while IFS= read -r file; do
                    cp "$file" "$corpus/suite-$n.yaml"; n=$((n + 1))
                done < <(find "$ROOT/../shared/conformance/yaml-test-suite" -name 'in.yaml')
            fi ;;
        expression|session)
            cp "$FUZZ_DIR/Seeds/$target"/* "$corpus/" ;;
    esac
}

# Runs one target; prints its summary line; returns 1 when it kept a crash.
fuzz_target() {
    local target=$1
    local corpus="$FUZZ_DIR/out/corpus/$target" crashes="$FUZZ_DIR/out/crashes/$target"
    mkdir -p "$corpus" "$crashes"
    [[ -n "$(ls -A "$corpus")" ]] || seed "$target" "$corpus"
    local log="$FUZZ_DIR/out/$target.log" status=0
    ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" "$BIN/fuzz-$target" "$corpus" -max_total_time="$SECONDS_PER_TARGET" \
        -timeout=10 -rss_limit_mb=4096 -detect_leaks=0 -print_final_stats=1 -artifact_prefix="$crashes/" >"$log" 2>&1 || status=$?
    local execs cov
    execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | grep -o '[0-9]*$' || echo 0)
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$log" | tail -1 || true)
    echo "$target: ${SECONDS_PER_TARGET}s, $execs execs, $cov, corpus $(ls "$corpus" | wc -l), exit $status"
    local kept=0 crash
    for crash in "$crashes"/*; do
        [[ -e "$crash" ]] || continue
        local keep="$ROOT/Tests/flowrunTests/Fixtures/Fuzz/$target"
        mkdir -p "$keep"
        cp "$crash" "$keep/"
        echo "  kept $(basename "$crash") in ${keep#"$ROOT/"}" >&2
        kept=1
    done
    return $kept
}

failed=0
if [[ "${FUZZ_PARALLEL:-0}" == 1 ]]; then
    pids=()
    for target in "${TARGETS[@]}"; do fuzz_target "$target" & pids+=($!); done
    for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
else
    for target in "${TARGETS[@]}"; do fuzz_target "$target" || failed=1; done
fi
exit $failed
