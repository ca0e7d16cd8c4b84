#!/usr/bin/env bash
# Actions routed per second through the responder chain, in process,
# release build. A screen DEPTH flows below the root offers `ping`; only the root
# handles it, with a branch that makes no transition (the screen is shown again).
#
#   Benchmarks/routing.sh [ACTIONS]
#
# Target: >= 1,000,000 routed actions/s at depth 32; cost linear in chain depth.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

actions="${1:-1000000}"
bench=$(bench_build_product "$BENCH_DIR" flowkit-bench)
declare -A seconds
for depth in 1 8 16 32; do
    line=$("$bench" routing "$depth" "$actions")
    seconds[$depth]=$(bench_field "$line" seconds)
    printf '%-34s %12s actions/s\n' "routing, chain depth $depth" "$(bench_field "$line" per_second)"
done
per_level=$(awk -v a="${seconds[32]}" -v b="${seconds[1]}" -v n="$actions" 'BEGIN { printf "%.1f", (a - b) / 31 / n * 1e9 }')
printf '%-34s %12s ns per action per level   (linear in depth)\n' "cost of one more level" "$per_level"
