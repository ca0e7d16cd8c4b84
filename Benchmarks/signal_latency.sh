#!/usr/bin/env bash
# SIGINT/SIGTERM must end any long computation within 100 ms. The time from
# SIGTERM to the process's end, while `run` waits for a line, before and after an answer
# to a pattern that a backtracking engine would take hours over (RE2 refuses it at once),
# release build.
#
#   Benchmarks/signal_latency.sh [RUNS]
#
# Target: under 100 ms.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

runs="${1:-20}"
flowrun=$(bench_build_flowrun)
line=$("${PYTHON:-python3}" "$BENCH_DIR/signal_latency.py" "$flowrun" "$runs")
printf '%-34s %12s   (p95 %s ms over %s runs; target < 100 ms)\n' "SIGTERM to exit" \
    "$(bench_field "$line" median_ms) ms" "$(bench_field "$line" p95_ms)" "$(bench_field "$line" runs)"
