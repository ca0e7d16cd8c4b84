#!/usr/bin/env bash
# Stack growth: the time of N pushes of a screen onto its own flow's stack
# (plain mode, one `more` line each), run with and without `--state` (saved after every
# transition). Each save writes the whole state, so N pushes cost O(N²) with `--state`.
#
#   Benchmarks/state_stack.sh [N...]
#
# The stack limit (1,000 screens on one flow's stack) bounds N: the 1,000th push stops the
# run (exit 2). Each save is synced to disk (fsync), which without `--state` never happens,
# so the ratio is large at any N; what matters is the cost of one push with `--state` as
# the stack grows. Target: 999 pushes (the most the limit allows) with `--state` in under
# 5 s. Why the limit is 1,000, not spec §11's 10,000: docs/decisions.md.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(250 500 999)
flowrun=$(bench_build_flowrun)
mkdir -p "$BENCH_DIR/out"
flow="$BENCH_DIR/out/state-stack.yaml"
cat > "$flow" <<'YAML'
version: 1
flow: deep
start: page
on:
  more: { push: page }
screens:
  page:
    title: A page
    actions: [more, quit]
YAML

# seconds N [--state FILE]: the wall-clock time of one run of N pushes then `quit`.
seconds() {
    local n=$1 start end
    shift
    start=$(date +%s.%N)
    { yes more | head -n "$n"; echo quit; } | "$flowrun" run --plain "$flow" --output none "$@" 2>/dev/null || true
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'
}

printf '%-8s %14s %14s %8s %18s\n' pushes "without (s)" "--state (s)" ratio "--state ms/push"
for n in "${counts[@]}"; do
    plain=$(seconds "$n")
    rm -f "$BENCH_DIR/out/state-stack.json"
    saved=$(seconds "$n" --state "$BENCH_DIR/out/state-stack.json")
    printf '%-8s %14s %14s %8s %18s\n' "$n" "$plain" "$saved" "$(bench_ratio "$saved" "$plain")" \
        "$(awk -v s="$saved" -v n="$n" 'BEGIN { printf "%.2f", 1000 * s / n }')"
done
