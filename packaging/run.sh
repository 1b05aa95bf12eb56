#!/usr/bin/env bash
# Builds Ridgeline and opens the bundled sample trace (or the trace given as
# the first argument) in the desktop app, on the caller's display.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
trace=${1:-resources/samples/transformer_block_mi300x.json.gz}
exec packaging/buildroot.sh bash -c '
    set -euo pipefail
    cmake --preset dev >/dev/null
    cmake --build build --parallel "$(nproc)"
    exec build/bin/ridgeline "$1"
' run "$(realpath "$trace")"
