#!/usr/bin/env bash
# A repository of flows. `flowrun validate --strict --quiet DIR` (release
# build with --static-swift-stdlib, as the README installs it; whole process, best of
# REPEAT) on 2,000 generated flow files of 2-20 KB in nested folders, against a C loop
# that walks the folder, reads each file and runs libyaml's event parser over it on one
# thread (bare_libyaml_files.c, gcc -O2, best of REPEAT), and against yamllint on the
# same folder (what a team would otherwise run in CI; slow, so best of YAMLLINT_RUNS).
#
#   Benchmarks/repository.sh [REPEAT [YAMLLINT_RUNS]]
#
# Targets: flowrun takes <= 1.6x the C loop's time; yamllint takes >= 70x flowrun's.
# The folder is Benchmarks/out/flow-repo (generate_flow_repo.py, a fixed seed), written
# once and reused while the generator, the count and the seed stay the same.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

repeat="${1:-5}"
lint_runs="${2:-1}"
count=2000
seed=7
out="$BENCH_DIR/out"
repo="$out/flow-repo"
mkdir -p "$out"

summary=$(bench_generate_repo "$repo" "$count" "$seed")
files=$(bench_field "$summary" files)
bytes=$(bench_field "$summary" bytes)
peer=$(bench_build_c bare_libyaml_files "$out")
flowrun=$(bench_build_flowrun)

# yamllint's default rules, with the four whose style the flow files do not follow
# (the examples' style: `{ a: b }`, `on:` keys, no `---`, long lines) set to accept it,
# so it reports nothing and every rule still runs.
lint_config='{extends: default, rules: {
  braces: {max-spaces-inside: 1}, brackets: {max-spaces-inside: 1},
  document-start: disable, line-length: {max: 200}, truthy: {check-keys: false}}}'
if command -v yamllint > /dev/null 2>&1; then
    yamllint=(yamllint)
else
    if ! "${PYTHON:-python3}" -c 'import yamllint' > /dev/null 2>&1; then
        echo "bench: yamllint not found; installing it with pip" >&2
        "${PYTHON:-python3}" -m pip install --quiet yamllint >&2
    fi
    yamllint=("${PYTHON:-python3}" -m yamllint)
fi

# Every file must validate with no diagnostic, so the figure times the checks and not
# the printing of problems. This run also brings the folder into the page cache.
# (`--quiet` may still print the summary line, `0 errors, 0 warnings in N files`.)
report=$("$flowrun" validate --strict --quiet "$repo" 2>&1) && status=0 || status=$?
problems=$(grep -v -e "^0 errors, 0 warnings in $files files\$" -e '^$' <<< "$report" || true)
if [ "$status" != 0 ] || [ -n "$problems" ]; then
    printf '%s\n' "$problems" | head -20 >&2
    echo "bench: flowrun validate --strict found problems in $repo (exit status $status)" >&2
    exit 1
fi

line=$(python3 "$BENCH_DIR/measure.py" "$repeat" "$flowrun" validate --strict --quiet "$repo")
flowrun_s=$(bench_field "$line" seconds)
peer_line=$("$peer" "$repo" "$repeat")
[ "$(bench_field "$peer_line" files)" = "$files" ] || { echo "bench: the C loop read a different number of files" >&2; exit 1; }
peer_s=$(bench_field "$peer_line" best_seconds)
lint_line=$(python3 "$BENCH_DIR/measure.py" "$lint_runs" "${yamllint[@]}" -f parsable -d "$lint_config" "$repo")
lint_s=$(bench_field "$lint_line" seconds)

s3() { awk -v s="$1" 'BEGIN { printf "%.3f", s }'; }
printf '%-44s %10s\n' "cores (nproc)" "$(nproc)"
printf '%-44s %10s   (%s bytes, %s folders, seed %s)\n' "files, 2-20 KB" "$files" "$bytes" \
    "$(bench_field "$summary" dirs)" "$seed"
printf '%-44s %10s s (best of %s, whole process)\n' "flowrun validate --strict --quiet DIR" "$(s3 "$flowrun_s")" "$repeat"
printf '%-44s %10s s (best of %s, %s MB/s)\n' "C loop: read + libyaml events, one thread" "$(s3 "$peer_s")" \
    "$repeat" "$(bench_field "$peer_line" mb_per_s)"
printf '%-44s %10s   (target <= 1.60)\n' "flowrun / C loop" "$(bench_ratio "$flowrun_s" "$peer_s")"
printf '%-44s %10s s (best of %s, exit status %s)\n' "yamllint DIR (default rules, 4 relaxed)" "$(s3 "$lint_s")" \
    "$lint_runs" "$(bench_field "$lint_line" status)"
printf '%-44s %10s   (target >= 70)\n' "yamllint / flowrun" "$(bench_ratio "$lint_s" "$flowrun_s")"
