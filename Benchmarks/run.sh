#!/usr/bin/env bash
# Every figure of Benchmarks/README.md, in one table: builds in release, runs each benchmark
# script of this folder in turn, and prints their rows under one heading each, with the
# ratio to the peer and the target on every row that has them.
#
#   Benchmarks/run.sh [quick]
#
# `quick` runs fewer repetitions (for a smoke test; the figures are noisier).
# Run it on a quiet machine: the scripts measure wall-clock time and resident memory.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

if [ "${1:-}" = quick ]; then
    repo_args=(1 1) tree_args=(1 2) validate_args=(1) routing_args=(100000) prompt_args=(30) form_args=(2000) lsp_args=(50) signal_args=(3) stack_args=(250) generate_args=(1)
else
    repo_args=() tree_args=() validate_args=() routing_args=() prompt_args=() form_args=() lsp_args=() signal_args=() stack_args=() generate_args=()
fi

section() {
    local title=$1 script=$2
    shift 2
    printf '\n## %s\n\n' "$title"
    "$here/$script" "$@" 2>"$here/out/$script.log" | sed 's/^/    /' || {
        echo "    $script failed; see Benchmarks/out/$script.log" >&2
        return 1
    }
}

mkdir -p "$here/out"
echo "# flowrun benchmarks ($(date -u +%Y-%m-%d), $(nproc) cores, $(uname -m))"
section "repository: a repository of flows, flowrun validate vs a C libyaml loop and yamllint" repository.sh "${repo_args[@]}"
section "YAML tree: vs bare libyaml; hostile inputs" yaml-tree.sh "${tree_args[@]}"
section "validate: flowrun validate at 1 MB and 10 MB vs bare libyaml" validate.sh "${validate_args[@]}"
section "routing: rate by responder-chain depth" routing.sh "${routing_args[@]}"
section "start-up: time to first prompt vs a Swift binary that prints a line" first-prompt.sh "${prompt_args[@]}"
section "terminal: key press to redrawn form in the terminal" form.sh "${form_args[@]}"
section "editors: keystroke to diagnostics in flowrun lsp" lsp.sh "${lsp_args[@]}"
section "signals: SIGTERM to exit, waiting, before and after a hostile answer" signal_latency.sh "${signal_args[@]}"
section "--state: a stack that grows to the limit" state_stack.sh "${stack_args[@]}"
section "test --generate: time and states searched per example, before and after" generate.sh "${generate_args[@]}"
