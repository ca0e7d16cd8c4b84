#!/usr/bin/env bash
# Building FlowKit's YAML tree vs. a bare libyaml event loop in C,
# on the same generated 10 MB flow-shaped file. Release builds; best of REPEAT runs.
#
#   Benchmarks/yaml-tree.sh [SIZE_MB] [REPEAT]
#
# Targets: tree throughput >= 60% of the bare loop's; peak memory <= 6x the file size.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

size_mb="${1:-10}"
repeat="${2:-5}"
out="$BENCH_DIR/out"
mkdir -p "$out"

file="$out/flow-${size_mb}mb.yaml"
bench_generate "$size_mb" "$file"
bare=$(bench_build_bare "$out")
bench=$(bench_build_product "$BENCH_DIR" flowkit-bench)

bare_line=$("$bare" "$file" "$repeat")
tree_line=$("$bench" tree "$file" "$repeat")
bytes=$(bench_field "$tree_line" bytes)
bare_rate=$(bench_field "$bare_line" mb_per_s)
tree_rate=$(bench_field "$tree_line" mb_per_s)
peak=$(bench_field "$tree_line" peak_bytes)

printf '%-34s %12s\n' "file" "$(basename "$file") ($bytes bytes)"
printf '%-34s %9.1f MB/s\n' "bare libyaml event loop (C, -O2)" "$bare_rate"
printf '%-34s %9.1f MB/s\n' "FlowKit YAML tree (release)" "$tree_rate"
printf '%-34s %12s   (target >= 0.60)\n' "tree / bare throughput" "$(bench_ratio "$tree_rate" "$bare_rate")"
printf '%-34s %12s   (target <= 6.00)\n' "tree peak memory / file size" "$(bench_ratio "$peak" "$bytes")"

# Hostile inputs: refused quickly and without expanding anything.
laughs="$BENCH_DIR/../Tests/FlowKitTests/Fixtures/YAML/billion-laughs.yaml"
grep -v '^ *\^ ' "$laughs" > "$out/billion-laughs.yaml"
python3 -c 'import sys; sys.stdout.write("[" * 100000 + "]" * 100000)' > "$out/deep-100000.yaml"
for hostile in billion-laughs deep-100000; do
    line=$("$bench" refuse "$out/$hostile.yaml")
    printf '%-34s %9.4f s, %s, peak +%s KiB   (target < 1 s)\n' "refuse $hostile" \
        "$(bench_field "$line" seconds)" "$(bench_field "$line" code)" "$(( $(bench_field "$line" peak_bytes) / 1024 ))"
done
