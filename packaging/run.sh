#!/usr/bin/env bash
# Builds Ridgeline and opens the bundled sample trace (or the trace given as
# the first argument) in the desktop app, on the caller's display. Options
# go to the app as they are, before or after the trace:
#   packaging/run.sh REPLAY.json.gz --capture capture_traces/ --baseline BASE.json.gz
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
# Paths become absolute: the build root starts in the checkout.
args=()
trace=""
expects_value=0
for arg in "$@"; do
    if [ "$expects_value" = 1 ]; then
        args+=("$(realpath -m "$arg")")
        expects_value=0
    elif [[ $arg == --capture || $arg == --baseline || $arg == --baseline-capture || $arg == --inductor-cache \
            || $arg == --baseline-inductor-cache || $arg == --gpu-file ]]; then
        args+=("$arg")
        expects_value=1
    elif [[ $arg == --*=* ]]; then
        args+=("${arg%%=*}=$(realpath -m "${arg#*=}")")
    elif [[ $arg == -* ]]; then
        args+=("$arg")
    elif [ -z "$trace" ]; then
        trace=$(realpath "$arg")
    else
        args+=("$arg")
    fi
done
trace=${trace:-$(realpath resources/samples/transformer_block_mi300x.json.gz)}
exec packaging/buildroot.sh bash -c '
    set -euo pipefail
    cmake --preset dev >/dev/null
    cmake --build build --parallel "$(nproc)"
    exec build/bin/ridgeline "$@"
' run "${args[@]}" "$trace"
