#!/usr/bin/env bash
# The reader against `gzip -dc` on the same files, side by side: the median
# of RUNS wall times of each, and their ratio (issue 11 asks <= 0.8). Run it
# where ridgeline runs (packaging/buildroot.sh bench/reader_vs_gzip.sh ...).
#
#   bench/reader_vs_gzip.sh [--runs N] [--ridgeline BIN] TRACE.json.gz...
set -euo pipefail

runs=7
bin=build/bin/ridgeline
while [ $# -gt 0 ]; do
    case $1 in
    --runs) runs=$2; shift 2 ;;
    --ridgeline) bin=$2; shift 2 ;;
    *) break ;;
    esac
done
[ $# -gt 0 ] || { echo "usage: $0 [--runs N] [--ridgeline BIN] TRACE.json.gz..." >&2; exit 2; }

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

# Median wall seconds of `runs` runs of a command.
median() {
    local times=()
    for _ in $(seq "$runs"); do
        local start end
        start=$(date +%s.%N)
        "$@" >/dev/null
        end=$(date +%s.%N)
        times+=("$(awk -v a="$start" -v b="$end" 'BEGIN {print b - a}')")
    done
    printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

printf '%-40s %10s %10s %10s %8s\n' trace "JSON MB" "gzip -dc" ridgeline ratio
for trace in "$@"; do
    mb=$(gzip -dc "$trace" | wc -c | awk '{printf "%.0f", $1 / 1e6}')
    gz=$(median gzip -dc "$trace")
    rl=$(median "$bin" -q --no-inductor-cache --export "$out/out.json" "$trace")
    printf '%-40s %10s %9.3fs %9.3fs %8.2f\n' "$(basename "$trace")" "$mb" "$gz" "$rl" "$(awk -v a="$rl" -v b="$gz" 'BEGIN {print a / b}')"
done
