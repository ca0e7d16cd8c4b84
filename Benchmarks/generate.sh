#!/usr/bin/env bash
# `flowrun test --generate` on each example of Flows/ (whole process, best of REPEAT):
# the time it takes and the states its search visits, next to the figures before the
# search merged the states no later decision tells apart (the binary of 2026-11-26,
# release build, 2 cores; release.yaml: before the search made up a program's output,
# when it stopped one branch short), and the coverage its cases reach.
#
#   Benchmarks/generate.sh [REPEAT]
#
# Target: every example covered in full, each in under 10 s.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

repeat="${1:-3}"
out="$BENCH_DIR/out"
mkdir -p "$out"
flowrun=$(bench_build_flowrun)
root="$(cd "$BENCH_DIR/.." && pwd)"

# Before: seconds (release) and states searched; sign-in stopped at the 50,000-state bound,
# release.yaml searched all its states one branch short.
declare -A before_seconds=([browser]=0.01 [incident]=0.05 [notes]=0.01 [release]=0.02 [scaffold]=0.01 [signin]=7.63)
declare -A before_states=([browser]=48 [incident]=495 [notes]=126 [release]=85 [scaffold]=50 [signin]=50009)

printf '%-10s %10s %10s %12s %12s  %s\n' example seconds before states before coverage
for example in browser incident notes release scaffold signin; do
    line=$(cd "$root" && python3 "$BENCH_DIR/measure.py" "$repeat" "$flowrun" test --generate "Flows/$example.yaml" -o "$out/$example.flowtest.yaml" --force)
    [ "$(bench_field "$line" status)" = 0 ] || { echo "generating $example failed" >&2; exit 1; }
    report=$(cd "$root" && "$flowrun" test --generate "Flows/$example.yaml" -o "$out/$example.flowtest.yaml" --force 2>&1)
    states=$(sed -n 's/^searched \([0-9]*\) state(s)$/\1/p' <<<"$report")
    stubs=$(grep -c "write its stub by hand" <<<"$report" || true)
    missed=$(sed -n 's/.*no input the search tries reaches \([0-9]*\) item(s).*/\1/p' <<<"$report")
    if grep -q "everything reachable is covered" <<<"$report"; then coverage="full"
    elif [ "${missed:-0}" = "$stubs" ]; then coverage="all but $stubs that need a stub written by hand"
    else coverage="NOT full"; fi
    printf '%-10s %10s %10s %12s %12s  %s\n' "$example" "$(printf '%.2f' "$(bench_field "$line" seconds)")" "${before_seconds[$example]}" \
        "$states" "${before_states[$example]}" "$coverage"
done
