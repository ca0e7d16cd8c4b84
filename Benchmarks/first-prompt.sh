#!/usr/bin/env bash
# Time from process start to the first prompt written (plain mode), against
# a Swift binary that only prints a line (the floor), and against one that first parses
# a command line with swift-argument-parser, as flowrun does (the parser's floor). All
# three are built the same way (release, with --static-swift-stdlib) and installed with
# `install`. Each is timed from its start to its text ("> " for flowrun's action prompt,
# "hello" for the others) arriving on the pipe that reads its output.
#
#   Benchmarks/first-prompt.sh [RUNS]
#
# The three are run in turns (alternate.py), RUNS times each, and compared quantile by
# quantile: the quickest run, the quickest tenth, the quickest quarter and the median.
# Target: <= 2.5x the floor. The parser's floor shows how much of that the parser alone
# takes before flowrun reads a flow.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

runs="${1:-200}"
root="$BENCH_DIR/.."
# Both are timed as installed, copied by `install` as the README does: a binary as the
# linker wrote it started 5-6% slower than a copy of the same bytes (2% for the small
# floor). The page cache holds what the linker wrote in small pages; a file written (or
# read back) sequentially gets large ones, which the loader maps with cheaper faults.
# Users run the copy.
installed=$(mktemp -d)
trap 'rm -rf "$installed"' EXIT
install "$(bench_build_flowrun)" "$installed/flowrun"
install "$(bench_build_product "$BENCH_DIR" hello --static-swift-stdlib)" "$installed/hello"
install "$(bench_build_product "$BENCH_DIR" argument-parser-hello --static-swift-stdlib)" "$installed/argument-parser-hello"
flowrun="$installed/flowrun" hello="$installed/hello" parser="$installed/argument-parser-hello"

{ read -r floor; read -r parsed; read -r first; } < <(python3 "$BENCH_DIR/alternate.py" "$runs" \
    --until hello "$hello" \
    --then --until hello "$parser" run flow.yaml --output yaml --set a=1 \
    --then --until "> " "$flowrun" run "$root/Flows/signin.yaml" --output none)
ms() { awk -v s="$(bench_field "$1" "$2")" 'BEGIN { printf "%.2f", s * 1000 }'; }
printf '%-42s %8s %8s %8s %8s\n' "" min p10 p25 median
printf '%-42s %8s %8s %8s %8s ms\n' "Swift binary printing a line (floor)" \
    "$(ms "$floor" min)" "$(ms "$floor" p10)" "$(ms "$floor" p25)" "$(ms "$floor" median)"
printf '%-42s %8s %8s %8s %8s ms\n' "the same, parsing its arguments first" \
    "$(ms "$parsed" min)" "$(ms "$parsed" p10)" "$(ms "$parsed" p25)" "$(ms "$parsed" median)"
printf '%-42s %8s %8s %8s %8s ms\n' "flowrun run Flows/signin.yaml, no input" \
    "$(ms "$first" min)" "$(ms "$first" p10)" "$(ms "$first" p25)" "$(ms "$first" median)"
ratio() { bench_ratio "$(bench_field "$1" "$3")" "$(bench_field "$2" "$3")"; }
printf '%-42s %8s %8s %8s %8s\n' "argument parsing alone / floor" \
    "$(ratio "$parsed" "$floor" min)" "$(ratio "$parsed" "$floor" p10)" "$(ratio "$parsed" "$floor" p25)" "$(ratio "$parsed" "$floor" median)"
printf '%-42s %8s %8s %8s %8s    (target <= 2.50)\n' "time to first prompt / floor" \
    "$(ratio "$first" "$floor" min)" "$(ratio "$first" "$floor" p10)" "$(ratio "$first" "$floor" p25)" "$(ratio "$first" "$floor" median)"
