#!/usr/bin/env bash
# Issue [4/6]: time from process start to the first prompt written (plain mode, release
# build), against a Swift binary that only prints a line: each is timed from its start
# to its text ("> " for flowrun's action prompt, "hello" for the floor) arriving on the
# pipe that reads its output.
#
#   Benchmarks/first-prompt.sh [RUNS]
#
# Target: <= 1.5x the floor.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

runs="${1:-50}"
root="$BENCH_DIR/.."
flowrun=$(bench_build_flowrun)
hello=$(bench_build_product "$BENCH_DIR" hello)

# Both are timed in turns, five rounds of runs/5, and each keeps its best time: a machine
# that gets busier or quieter halfway through then skews neither side.
rounds=5
per_round=$(((runs + rounds - 1) / rounds))
floor_s="" first_s=""
best() { awk -v a="$1" -v b="$2" 'BEGIN { print (a == "" || b + 0 < a + 0) ? b : a }'; }
for _ in $(seq "$rounds"); do
    floor=$(python3 "$BENCH_DIR/measure.py" "$per_round" --until hello "$hello")
    first=$(python3 "$BENCH_DIR/measure.py" "$per_round" --until "> " "$flowrun" run "$root/Flows/signin.yaml" --output none)
    floor_s=$(best "$floor_s" "$(bench_field "$floor" seconds)")
    first_s=$(best "$first_s" "$(bench_field "$first" seconds)")
done
printf '%-40s %10.2f ms\n' "Swift binary printing a line (floor)" "$(awk -v s="$floor_s" 'BEGIN { print s * 1000 }')"
printf '%-40s %10.2f ms\n' "flowrun run Flows/signin.yaml, no input" "$(awk -v s="$first_s" 'BEGIN { print s * 1000 }')"
printf '%-40s %10s    (target <= 1.50)\n' "time to first prompt / floor" "$(bench_ratio "$first_s" "$floor_s")"
