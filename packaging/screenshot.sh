#!/usr/bin/env bash
# Saves a screenshot of the main window with a trace loaded, rendered on a
# real X server (Xvfb) with the window grabbed by the app itself:
#   packaging/screenshot.sh [OUT.png] [TRACE]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=$(realpath -m "${1:-docs/screenshot.png}")
trace=$(realpath "${2:-resources/samples/transformer_block_mi300x.json.gz}")
exec packaging/buildroot.sh bash -c '
    set -euo pipefail
    cmake --preset dev >/dev/null && cmake --build build >/dev/null
    # A fresh settings folder: the picture should not depend on a saved layout.
    export XDG_CONFIG_HOME=$(mktemp -d) QT_QPA_PLATFORM=xcb RIDGELINE_SCREENSHOT=$1
    timeout 60 xvfb-run -a -s "-screen 0 1920x1080x24" build/bin/ridgeline "$2"
' shot "$out" "$trace"
