#!/usr/bin/env bash
# Two ridgeline binaries' headless exports of the same trace, side by side:
# runs alternate (A, B, A, B, ...) so that a machine's drift hits both alike;
# prints each one's median wall time and B's cost over A's. A release must not
# cost more than 5 % over the previous one on the 62 MB xDiT trace. Run it
# where ridgeline runs (packaging/buildroot.sh bench/export_side_by_side.sh ...).
#
#   bench/export_side_by_side.sh [--runs N] OLD_BIN NEW_BIN TRACE.json.gz
set -euo pipefail

runs=9
if [ "${1:-}" = --runs ]; then runs=$2; shift 2; fi
[ $# -eq 3 ] || { echo "usage: $0 [--runs N] OLD_BIN NEW_BIN TRACE.json.gz" >&2; exit 2; }
old=$1 new=$2 trace=$3

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

seconds() {
    local start end
    start=$(date +%s.%N)
    "$1" -q --no-inductor-cache --export "$out/out.json" "$trace" >/dev/null
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN {print b - a}'
}

median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# Each must export at all: a failing binary would time as fast.
for bin in "$old" "$new"; do
    "$bin" -q --no-inductor-cache --export "$out/out.json" "$trace" >/dev/null || { echo "$bin failed on $trace" >&2; exit 1; }
done

a=() b=()
for _ in $(seq "$runs"); do
    a+=("$(seconds "$old")")
    b+=("$(seconds "$new")")
done
ma=$(printf '%s\n' "${a[@]}" | median)
mb=$(printf '%s\n' "${b[@]}" | median)
printf 'old %s s, new %s s (medians of %d alternating runs): new costs %s %%\n' "$ma" "$mb" "$runs" \
    "$(awk -v a="$ma" -v b="$mb" 'BEGIN {printf "%+.1f", 100 * (b - a) / a}')"
