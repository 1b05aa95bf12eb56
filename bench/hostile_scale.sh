#!/usr/bin/env bash
# Peak RSS and wall time of the headless export on the synthetic traces of
# hostile scale that issue 22 names, generated here by make_hostile_trace.py
# (the biggest is 2.1 GB of JSON, gzipped to a few MB). Measures; asserts
# nothing: the figures go in a closing note.
#
#   bench/hostile_scale.sh [BUILD_DIR] [WORK_DIR] [CASE...]
#
# CASE: calls-5m kernel-calls-5m identical-20m names-1m kernels-200k long-args long-args-distinct
# overlap-1m (the timeline of a million kernels running at once, as PNG and
# SVG) identical-20m-timeline (the 20M file's timeline export, against its
# plain export) (default all).
# Runs the binary inside the build root when the host lacks its libraries.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
build="$(cd "${1:-$here/../build}" && pwd)"
work="${2:-/var/tmp/ridgeline-hostile}"
shift $(( $# > 2 ? 2 : $# )) || true
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(calls-5m kernel-calls-5m identical-20m names-1m kernels-200k long-args overlap-1m identical-20m-timeline)
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
    # The build root's libraries, through its loader, when the host has no KF6.
    local root; root="$(ls -d /var/tmp/ridgeline-buildroot-* 2>/dev/null | grep -v '\.log$' | head -1 || true)"
    local cmd=("$build/bin/ridgeline" "${outputs[@]}" -q "$trace")
    # ldd's output read whole: `ldd | grep -q` under pipefail fails when
    # grep stops reading first (SIGPIPE), which hid the missing libraries.
    local libs; libs="$(ldd "$build/bin/ridgeline" 2>&1 || echo "not found")"
    if [ -n "$root" ] && [[ "$libs" == *"not found"* ]]; then
        cmd=("$root/lib64/ld-linux-x86-64.so.2" --library-path "$root/usr/lib/x86_64-linux-gnu:$root/lib/x86_64-linux-gnu" "${cmd[@]}")
    fi
    set +e
    QT_QPA_PLATFORM=offscreen /usr/bin/time -f '%e %M' -o "$log" "${cmd[@]}" >/dev/null 2>"$work/$label.err"
    local rc=$?
    set -e
    read -r seconds kib < "$log"
    printf '%-14s exit %d  %7.1f s  %7.0f MB peak RSS  (%s)\n' "$label" "$rc" "$seconds" "$((kib / 1024))" "$(du -h "$trace" | cut -f1)"
}

for c in "${cases[@]}"; do
    case "$c" in
        calls-5m) run "$c" "$(generate calls-5m calls 5000000)" ;;
        kernel-calls-5m) run "$c" "$(generate kernel-calls-5m kernel-calls 5000000)" ;;
        identical-20m) run "$c" "$(generate identical-20m identical-kernels 20000000)" ;;
        names-1m) run "$c" "$(generate names-1m distinct-names 1000000)" ;;
        kernels-200k) run "$c" "$(generate kernels-200k distinct-kernels 200000)" ;;
        long-args) run "$c" "$(generate long-args long-args 1500 4096)" ;;
        long-args-distinct) run "$c" "$(generate long-args-distinct long-args-distinct 1500 4096)" ;;
        overlap-1m)
            trace="$(generate overlap-1m overlapping-kernels 1000000)"
            run overlap-1m-json "$trace"
            run overlap-1m-png "$trace" --export-timeline "$work/overlap.png"
            run overlap-1m-svg "$trace" --export-timeline "$work/overlap.svg"
            ls -la "$work/overlap.png" "$work/overlap.svg" ;;
        identical-20m-timeline)
            trace="$(generate identical-20m identical-kernels 20000000)"
            run identical-20m-json "$trace"
            run identical-20m-png "$trace" --export-timeline "$work/identical.png" ;;
        *) echo "unknown case $c" >&2; exit 2 ;;
    esac
done
