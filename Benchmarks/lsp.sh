#!/usr/bin/env bash
# The time from a keystroke to its diagnostics in `flowrun lsp`, for a 20 KB
# flow, as an editor sees it: a `didChange` sent, its `publishDiagnostics` received
# (the whole file loaded and checked again, the diagnostics encoded), release build.
#
#   Benchmarks/lsp.sh [EDITS]
#
# Target: under 10 ms.
#
# Then the server's peak memory (VmHWM) holding a generated 10 MB flow: after its
# `didOpen`, after one `didChange`, and after a `documentSymbol` request (which needs the
# outline), as a multiple of the file's size (`lsp_memory.py`). Target: under 12x.
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

big="$BENCH_DIR/out/flow-10mb.yaml"
bench_generate 10 "$big"
line=$("${PYTHON:-python3}" "$BENCH_DIR/lsp_memory.py" "$flowrun" "$big")
bytes=$(bench_field "$line" bytes)
baseline=$(bench_field "$line" baseline_bytes)
for stage in open change symbols; do
    peak=$(bench_field "$line" "${stage}_peak_bytes")
    printf '%-34s %12s   (%s x without the baseline of %s MiB; target < 12)\n' "peak memory / file, 10 MB, $stage" \
        "$(bench_ratio "$peak" "$bytes") x" "$(bench_ratio "$((peak - baseline))" "$bytes")" "$((baseline >> 20))"
done
