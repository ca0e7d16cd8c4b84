#!/usr/bin/env bash
# Issue [5/6]: the time from a keystroke to its diagnostics in `flowrun lsp`, for a 20 KB
# flow, as an editor sees it: a `didChange` sent, its `publishDiagnostics` received
# (the whole file loaded and checked again, the diagnostics encoded), release build.
#
#   Benchmarks/lsp.sh [EDITS]
#
# Target: under 10 ms.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

edits="${1:-300}"
flowrun=$(bench_build_flowrun)
flow="$BENCH_DIR/out/lsp-20k.yaml"
mkdir -p "$BENCH_DIR/out"
# About 20 KB: the generator's flows, cut at the first child flow past the size.
"${PYTHON:-python3}" "$BENCH_DIR/generate_flow_yaml.py" "$flow" 0.02 >/dev/null
line=$("${PYTHON:-python3}" "$BENCH_DIR/lsp_keystroke.py" "$flowrun" "$flow" "$edits")
printf '%-34s %12s   (p95 %s ms; a %s-byte flow; target < 10 ms)\n' "keystroke to diagnostics, 20 KB" \
    "$(bench_field "$line" median_ms) ms" "$(bench_field "$line" p95_ms)" "$(bench_field "$line" bytes)"
