# shellcheck shell=bash
#
# Benchmarks/lib.sh - shared helpers for flowrun benchmark scripts.
#
# Source it; do not execute it:
#
#     source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
#
# Functions (all safe under `set -euo pipefail`; errors go to stderr and the
# function returns non-zero, so callers can rely on `set -e` or `|| ...`):
#
#     bench_generate SIZE_MB OUT   generate OUT with generate_flow_yaml.py unless
#                                  it already exists in the right size class
#     bench_generate_repo DIR COUNT SEED
#                                  generate the folder DIR of COUNT flow files with
#                                  generate_flow_repo.py unless it is already there
#                                  from the same generator, COUNT and SEED; print
#                                  the generator's summary line
#     bench_build_c NAME OUTDIR    compile NAME.c (a C peer of this folder, with
#                                  libyaml) into OUTDIR and print the binary's path
#     bench_build_bare OUTDIR      bench_build_c bare_libyaml OUTDIR
#     bench_field LINE KEY         print the value of KEY from a key=value line
#     bench_ratio A B              print A/B with two decimals
#     bench_build_product PACKAGE PRODUCT [FLAG...]
#                                  build PRODUCT in release mode and print its path
#     bench_build_flowrun          build flowrun as the README installs it and
#                                  print its path (or print $FLOWRUN_BIN, if set,
#                                  and build nothing)
#
# Environment: PYTHON (default python3), CC (default gcc), and the usual
# CPPFLAGS / CFLAGS / LDFLAGS for finding libyaml outside the default paths.
# FLOWRUN_BIN: a flowrun binary built elsewhere, measured instead of building one.

if [[ "${BASH_SOURCE[0]}" == "${0}" ]]; then
    echo "lib.sh is meant to be sourced, not executed" >&2
    exit 2
fi

# Directory holding this file, the generator and the C baseline.
BENCH_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

_bench_die() {
    echo "bench: $*" >&2
    return 1
}

# Size of FILE in bytes (portable: GNU and BSD userlands).
_bench_file_size() {
    local size
    size=$(wc -c < "$1") || return 1
    echo $((size))
}

# bench_generate SIZE_MB OUT
#
# The generator stops at the first child flow that reaches SIZE_MB * 1e6
# bytes, so a correct file is at least that big and overshoots by at most one
# flow (a few KB).  An existing OUT whose size lies in
# [target, target + max(64 KiB, 1%)] and that is newer than the generator is reused;
# anything else is regenerated.
# Output is written to a temporary file first so an interrupted run never
# leaves a half-written OUT behind.
bench_generate() {
    local size_mb="${1:-}" out="${2:-}"
    if [[ -z "$size_mb" || -z "$out" ]]; then
        _bench_die "usage: bench_generate SIZE_MB OUT"
        return 1
    fi
    if ! [[ "$size_mb" =~ ^[0-9]+$ ]] || ((size_mb == 0)); then
        _bench_die "bench_generate: SIZE_MB must be a positive integer, got '$size_mb'"
        return 1
    fi

    local target=$((size_mb * 1000000))
    local slack=$((target / 100))
    if ((slack < 65536)); then
        slack=65536
    fi

    if [[ -f "$out" && "$BENCH_DIR/generate_flow_yaml.py" -nt "$out" ]]; then
        echo "bench: the generator changed since $out was written; regenerating" >&2
    elif [[ -f "$out" ]]; then
        local have
        have=$(_bench_file_size "$out") || return 1
        if ((have >= target && have <= target + slack)); then
            return 0
        fi
        echo "bench: $out has $have bytes, expected ~$target; regenerating" >&2
    fi

    local tmp="$out.tmp.$$"
    if ! "${PYTHON:-python3}" "$BENCH_DIR/generate_flow_yaml.py" "$tmp" "$size_mb"; then
        rm -f "$tmp"
        _bench_die "bench_generate: generator failed for $out"
        return 1
    fi
    mv -f "$tmp" "$out" || return 1
}

# bench_generate_repo DIR COUNT SEED
#
# Writes COUNT flow files into the folder DIR with generate_flow_repo.py and
# prints its summary line (`flow-repo files=N bytes=B dirs=D seed=S`).  The line
# is kept in DIR.stamp with the generator's checksum; a DIR whose stamp names the
# same COUNT, SEED and generator is reused, anything else at DIR is removed and
# written again.  The files are written to a temporary folder first, so an
# interrupted run never leaves a half-written DIR behind.
bench_generate_repo() {
    local dir="${1:-}" count="${2:-}" seed="${3:-}"
    if [[ -z "$dir" || -z "$count" || -z "$seed" ]]; then
        _bench_die "usage: bench_generate_repo DIR COUNT SEED"
        return 1
    fi
    if ! [[ "$count" =~ ^[0-9]+$ && "$seed" =~ ^[0-9]+$ ]] || ((count == 0)); then
        _bench_die "bench_generate_repo: COUNT and SEED must be integers, got '$count' and '$seed'"
        return 1
    fi
    local generator="$BENCH_DIR/generate_flow_repo.py" sum line
    sum=$(cksum < "$generator" | awk '{ print $1 "-" $2 }') || return 1
    if [[ -d "$dir" && -f "$dir.stamp" ]]; then
        line=$(cat "$dir.stamp")
        if [[ "$(bench_field "$line" files)" == "$count" && "$(bench_field "$line" seed)" == "$seed" &&
            "$(bench_field "$line" generator)" == "$sum" ]]; then
            echo "$line"
            return 0
        fi
        echo "bench: $dir was generated with another count, seed or generator; regenerating" >&2
    fi

    local tmp="$dir.tmp.$$"
    rm -rf "$tmp" "$dir.stamp" || return 1
    if ! line=$("${PYTHON:-python3}" "$generator" "$tmp" "$count" "$seed"); then
        rm -rf "$tmp"
        _bench_die "bench_generate_repo: generator failed for $dir"
        return 1
    fi
    rm -rf "$dir" && mv "$tmp" "$dir" || return 1
    echo "$line generator=$sum" > "$dir.stamp"
    echo "$line generator=$sum"
}

# bench_build_c NAME OUTDIR
#
# Compiles NAME.c of this folder with -O2 against libyaml to OUTDIR/NAME
# (skipped when the binary is newer than the source) and prints the binary's
# path on stdout, so callers can write:  bare=$(bench_build_c bare_libyaml "$dir")
bench_build_c() {
    local name="${1:-}" outdir="${2:-}"
    if [[ -z "$name" || -z "$outdir" ]]; then
        _bench_die "usage: bench_build_c NAME OUTDIR"
        return 1
    fi
    local src="$BENCH_DIR/$name.c"
    local bin="$outdir/$name"
    local cc="${CC:-gcc}"

    if [[ ! -f "$src" ]]; then
        _bench_die "bench_build_c: $src not found"
        return 1
    fi
    mkdir -p "$outdir" || return 1
    if [[ -x "$bin" && "$bin" -nt "$src" && "$bin" -nt "$BENCH_DIR/libyaml_loop.h" ]]; then
        echo "$bin"
        return 0
    fi

    if ! command -v "$cc" > /dev/null 2>&1; then
        _bench_die "bench_build_c: C compiler '$cc' not found (set CC)"
        return 1
    fi
    # Probe for the header first so a missing dev package gets a clear message
    # instead of a compiler error.  Flags are word-split on purpose.
    # shellcheck disable=SC2086
    if ! printf '#include <yaml.h>\n' \
        | "$cc" ${CPPFLAGS:-} ${CFLAGS:-} -E -x c - > /dev/null 2>&1; then
        _bench_die "bench_build_c: libyaml headers (yaml.h) not found;" \
            "install libyaml-dev (Debian/Ubuntu), libyaml-devel (Fedora)" \
            "or libyaml (Homebrew, then set CPPFLAGS/LDFLAGS)"
        return 1
    fi
    # shellcheck disable=SC2086
    if ! "$cc" -O2 ${CPPFLAGS:-} ${CFLAGS:-} -o "$bin" "$src" ${LDFLAGS:-} -lyaml; then
        _bench_die "bench_build_c: failed to compile $src"
        return 1
    fi
    echo "$bin"
}

# bench_build_bare OUTDIR
#
# Compiles bare_libyaml.c to OUTDIR/bare_libyaml and prints the binary's path
# (see bench_build_c).
bench_build_bare() {
    if [[ -z "${1:-}" ]]; then
        _bench_die "usage: bench_build_bare OUTDIR"
        return 1
    fi
    bench_build_c bare_libyaml "$1"
}

# bench_field LINE KEY
#
# Prints the value of KEY from a space separated key=value line such as
#   bare-libyaml bytes=100 events=7 best_seconds=0.01 mb_per_s=10.00
# Returns 1 (printing nothing) when KEY is absent.
bench_field() {
    local line="${1:-}" key="${2:-}"
    if [[ -z "$key" ]]; then
        _bench_die "usage: bench_field LINE KEY"
        return 1
    fi
    local -a tokens=()
    local tok
    read -r -a tokens <<< "$line"
    for tok in ${tokens[@]+"${tokens[@]}"}; do
        if [[ "$tok" == "$key="* ]]; then
            echo "${tok#*=}"
            return 0
        fi
    done
    return 1
}

# bench_ratio A B
#
# Prints A/B with two decimals (e.g. a speedup).  Fails if either argument is
# not a number or B is zero.
bench_ratio() {
    local a="${1:-}" b="${2:-}"
    local num='^[+-]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][+-]?[0-9]+)?$'
    if ! [[ "$a" =~ $num && "$b" =~ $num ]]; then
        _bench_die "bench_ratio: expected two numbers, got '$a' and '$b'"
        return 1
    fi
    awk -v a="$a" -v b="$b" 'BEGIN {
        if (b + 0 == 0) { print "bench: bench_ratio: division by zero" > "/dev/stderr"; exit 1 }
        printf "%.2f\n", a / b
    }'
}

# bench_build_product PACKAGE PRODUCT [FLAG...]
#
# Builds PRODUCT of the Swift package at PACKAGE in release mode, with any extra
# `swift build` FLAGs (build progress on stderr), and prints the binary's path.
bench_build_product() {
    local package="${1:-}" product="${2:-}"
    if [[ -z "$package" || -z "$product" ]]; then
        _bench_die "usage: bench_build_product PACKAGE PRODUCT [FLAG...]"
        return 1
    fi
    shift 2
    swift build -c release "$@" --package-path "$package" --product "$product" >&2 || return 1
    local bin_path
    bin_path=$(swift build -c release "$@" --package-path "$package" --show-bin-path) || return 1
    echo "$bin_path/$product"
}

# bench_build_flowrun
#
# Builds flowrun as the README's "Installing" section does (release, the Swift
# runtime linked statically) and prints the binary's path.  With FLOWRUN_BIN set,
# prints that instead and builds nothing (to measure a binary built elsewhere).
bench_build_flowrun() {
    if [[ -n "${FLOWRUN_BIN:-}" ]]; then
        if [[ ! -f "$FLOWRUN_BIN" || ! -x "$FLOWRUN_BIN" ]]; then
            _bench_die "bench_build_flowrun: FLOWRUN_BIN=$FLOWRUN_BIN is not an executable file"
            return 1
        fi
        echo "bench: measuring FLOWRUN_BIN=$FLOWRUN_BIN (not built here)" >&2
        echo "$FLOWRUN_BIN"
        return 0
    fi
    bench_build_product "$BENCH_DIR/.." flowrun --static-swift-stdlib
}
