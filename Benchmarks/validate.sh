#!/usr/bin/env bash
# `flowrun validate` (release build with --static-swift-stdlib) on generated
# flow files of 1 MB and 10 MB, against the bare libyaml event loop in C on the same bytes.
#
#   Benchmarks/validate.sh [REPEAT]
#
# Floors: validate throughput >= 25% of the bare loop's; peak memory <= 12x the file
# size; cost linear in size (10 MB takes about 10x as long as 1 MB).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

repeat="${1:-5}"
out="$BENCH_DIR/out"
mkdir -p "$out"
bare=$(bench_build_bare "$out")
flowrun=$(bench_build_flowrun)

baseline=$(python3 "$BENCH_DIR/measure.py" "$repeat" "$flowrun" --version)
baseline_rss=$(bench_field "$baseline" max_rss_bytes)
printf '%-40s %s\n' "process baseline (flowrun --version)" "$(bench_field "$baseline" seconds) s, $((baseline_rss / 1024)) KiB"

declare -A seconds
for size in 1 10; do
    file="$out/flow-${size}mb.yaml"
    bench_generate "$size" "$file"
    bytes=$(wc -c < "$file")
    line=$(python3 "$BENCH_DIR/measure.py" "$repeat" "$flowrun" validate --strict --quiet "$file")
    [ "$(bench_field "$line" status)" = 0 ] || { echo "validate found problems in $file" >&2; exit 1; }
    seconds[$size]=$(bench_field "$line" seconds)
    rss=$(bench_field "$line" max_rss_bytes)
    rate=$(awk -v b="$bytes" -v s="${seconds[$size]}" 'BEGIN { printf "%.1f", b / 1e6 / s }')
    bare_rate=$(bench_field "$("$bare" "$file" "$repeat")" mb_per_s)
    printf '%-40s %9s MB/s  (bare libyaml %s MB/s, ratio %s, target >= 0.25)\n' \
        "validate ${size} MB" "$rate" "$bare_rate" "$(bench_ratio "$rate" "$bare_rate")"
    printf '%-40s %9s x file  (%s x with the process baseline subtracted; target <= 12)\n' \
        "validate ${size} MB peak memory" "$(bench_ratio "$rss" "$bytes")" "$(bench_ratio "$((rss - baseline_rss))" "$bytes")"
done
printf '%-40s %9s      (linear: about 10)\n' "time 10 MB / time 1 MB" "$(bench_ratio "${seconds[10]}" "${seconds[1]}")"
