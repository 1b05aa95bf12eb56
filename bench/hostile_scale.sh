#!/usr/bin/env bash
# Peak RSS, wall and CPU time of the headless export on the synthetic traces of
# hostile scale that issue 22 names, generated here by make_hostile_trace.py
# (the biggest is 2.1 GB of JSON, gzipped to a few MB). Measures; asserts
# nothing: the figures go in a closing note.
#
#   bench/hostile_scale.sh [BUILD_DIR] [WORK_DIR] [CASE...]
#
# CASE: calls-5m kernel-calls-5m identical-20m names-1m kernels-200k
# shapes-200k (200k kernels whose models all differ: none shared) long-args
# long-args-distinct long-args-distinct-200 (two hundred such ops: under the
# args reader's cap, every list kept) overlap-1m (the timeline of a million
# kernels running at once, as PNG and SVG, and the window's pane drawing
# them: ridgeline_timeline_bench --overlap) identical-20m-timeline (the 20M
# file's timeline export, against its plain export) compare-100k (100k
# distinct kernels against a baseline of the same 100k) (default all).
# Runs the binary inside the build root when the host lacks its libraries
# (with the host's GNU time copied beside it: the root has none, and the
# binary must be run as itself to find ridgeline-widgets.so). Prints wall and
# CPU (user + system) seconds: on a shared machine the wall time says more
# about the other jobs than about this one.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="$(cd "${1:-$here/../build}" && pwd)"
work="${2:-/tmp/ridgeline-hostile}"
shift $(( $# > 2 ? 2 : $# )) || true
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(calls-5m kernel-calls-5m identical-20m names-1m kernels-200k shapes-200k compare-100k long-args overlap-1m identical-20m-timeline)
mkdir -p "$work"

generate() { # name kind n [entries]
    local out="$work/$1.json.gz"
    [ -s "$out" ] || python3 "$here/make_hostile_trace.py" "$2" "$3" "$out" ${4:-}
    echo "$out"
}

run() { # label trace [export options: default --export LABEL.out.json]
    local label="$1" trace="$2"
    shift 2
    local outputs=("$@")
    [ ${#outputs[@]} -gt 0 ] || outputs=(--export "$work/$label.out.json")
    local log="$work/$label.time"
    local cmd=(/usr/bin/time -f '%e %U %S %M' -o "$log" "$build/bin/ridgeline" "${outputs[@]}" -q "$trace")
    # ldd's output read whole: `ldd | grep -q` under pipefail fails when
    # grep stops reading first (SIGPIPE), which hid the missing libraries.
    local libs; libs="$(ldd "$build/bin/ridgeline" 2>&1 || echo "not found")"
    if [[ "$libs" == *"not found"* ]]; then
        cmp -s /usr/bin/time "$build/gnu-time" || cp /usr/bin/time "$build/gnu-time"
        cmd=("$here/../packaging/buildroot.sh" "$build/gnu-time" "${cmd[@]:1}")
    fi
    set +e
    QT_QPA_PLATFORM=offscreen "${cmd[@]}" >/dev/null 2>"$work/$label.err"
    local rc=$?
    set -e
    read -r seconds user system kib < <(tail -1 "$log")
    printf '%-22s exit %d  %7.1f s wall  %6.1f s CPU  %6.0f MB peak RSS  (%s)\n' "$label" "$rc" "$seconds" \
        "$(echo "$user + $system" | bc)" "$((kib / 1024))" "$(du -h "$trace" | cut -f1)"
}

for c in "${cases[@]}"; do
    case "$c" in
        calls-5m) run "$c" "$(generate calls-5m calls 5000000)" ;;
        kernel-calls-5m) run "$c" "$(generate kernel-calls-5m kernel-calls 5000000)" ;;
        identical-20m) run "$c" "$(generate identical-20m identical-kernels 20000000)" ;;
        names-1m) run "$c" "$(generate names-1m distinct-names 1000000)" ;;
        kernels-200k) run "$c" "$(generate kernels-200k distinct-kernels 200000)" ;;
        shapes-200k) run "$c" "$(generate shapes-200k distinct-shapes 200000)" ;;
        compare-100k)
            trace="$(generate kernels-100k distinct-kernels 100000)"
            run "$c" "$trace" --baseline "$trace" --export "$work/$c.out.json" ;;
        long-args) run "$c" "$(generate long-args long-args 1500 4096)" ;;
        long-args-distinct) run "$c" "$(generate long-args-distinct long-args-distinct 1500 4096)" ;;
        long-args-distinct-200) run "$c" "$(generate long-args-distinct-200 long-args-distinct 200 4096)" ;;
        overlap-1m)
            trace="$(generate overlap-1m overlapping-kernels 1000000)"
            run overlap-1m-json "$trace"
            run overlap-1m-png "$trace" --export-timeline "$work/overlap.png"
            run overlap-1m-svg "$trace" --export-timeline "$work/overlap.svg"
            ls -la "$work/overlap.png" "$work/overlap.svg"
            # The window's pane drawing them (frame times and peak RSS), when built.
            if [ -x "$build/bin/ridgeline_timeline_bench" ]; then
                "$here/../packaging/buildroot.sh" "$build/bin/ridgeline_timeline_bench" --overlap 1000000
            fi ;;
        identical-20m-timeline)
            trace="$(generate identical-20m identical-kernels 20000000)"
            run identical-20m-json "$trace"
            run identical-20m-png "$trace" --export-timeline "$work/identical.png" ;;
        *) echo "unknown case $c" >&2; exit 2 ;;
    esac
done
