#!/usr/bin/env bash
# Issue #24 ("stack growth"): the time of N pushes of a screen onto its own flow's stack
# (plain mode, one `more` line each), run with and without `--state` (saved after every
# transition). Saving costs what the state holds, so without a cheaper save N pushes cost
# O(N²) with `--state`.
#
#   Benchmarks/state_stack.sh [N...]
#
# Target: with `--state` within 3× of without, at every N (linear, not quadratic).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(1000 2500 5000 9999)
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

printf '%-8s %14s %14s %8s\n' pushes "without (s)" "--state (s)" ratio
for n in "${counts[@]}"; do
    plain=$(seconds "$n")
    rm -f "$BENCH_DIR/out/state-stack.json"
    saved=$(seconds "$n" --state "$BENCH_DIR/out/state-stack.json")
    printf '%-8s %14s %14s %8s\n' "$n" "$plain" "$saved" "$(bench_ratio "$saved" "$plain")"
done
