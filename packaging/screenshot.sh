#!/usr/bin/env bash
# Saves a screenshot of the main window with a trace loaded, rendered on a
# real X server (Xvfb) with the window grabbed by the app itself:
#   packaging/screenshot.sh [OUT.png] [TRACE] [ridgeline options...]
# e.g. packaging/screenshot.sh docs/screenshot-graphs.png REPLAY --capture CAPTURE_FOLDER
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=$(realpath -m "${1:-docs/screenshot.png}")
trace=$(realpath "${2:-resources/samples/transformer_block_mi300x.json.gz}")
shift $(( $# < 2 ? $# : 2 ))
exec packaging/buildroot.sh bash -c '
    set -euo pipefail
    cmake --preset dev >/dev/null && cmake --build build >/dev/null
    # A fresh settings folder: the picture should not depend on a saved layout.
    export XDG_CONFIG_HOME=$(mktemp -d) QT_QPA_PLATFORM=xcb RIDGELINE_SCREENSHOT=$1
    out=$1 trace=$2
    shift 2
    timeout 60 xvfb-run -a -s "-screen 0 ${RIDGELINE_SCREEN:-1920x1080}x24" build/bin/ridgeline "$@" "$trace"
' shot "$out" "$trace" "$@"
