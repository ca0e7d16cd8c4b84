#!/usr/bin/env bash
# The time from a key press to the redrawn form, in process, release build:
# a screen of 20 fields (ten answered, the eleventh being typed into), each key handled
# by FlowKit's `Form` and the whole form rendered again at 80 columns.
#
#   Benchmarks/form.sh [KEYS]
#
# Target: under 1 ms a key (typing must never lag).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

keys="${1:-20000}"
bench=$(bench_build_product "$BENCH_DIR" flowkit-bench)
line=$("$bench" form "$keys")
per_key=$(bench_field "$line" microseconds_per_key)
printf '%-34s %12s   (%s form lines a redraw; target < 1000 µs)\n' "key press to redrawn form, 20 fields" \
    "$(awk -v m="$per_key" 'BEGIN { printf "%.1f µs", m }')" "$(bench_field "$line" lines)"
