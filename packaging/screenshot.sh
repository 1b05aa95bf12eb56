#!/usr/bin/env bash
# Saves a screenshot of the main window with a trace loaded, rendered on a
# real X server (Xvfb) with the window grabbed by the app itself:
#   packaging/screenshot.sh [OUT.png] [TRACE] [ridgeline options...]
# e.g. packaging/screenshot.sh docs/screenshot-graphs.png REPLAY --capture CAPTURE_FOLDER
# RIDGELINE_SCREEN=1366x768 sets Xvfb's screen (default 1920x1080),
# QT_SCALE_FACTOR=2 the scale, RIDGELINE_COLOR_SCHEME=dark a dark palette,
# RIDGELINE_SCREENSHOT_KERNEL=TEXT selects the first kernel whose name holds TEXT,
# RIDGELINE_SCREENSHOT_TAB=timeline shows the timeline tab (RIDGELINE_SCREENSHOT_RANGE=START_US:END_US
# zooms it to that range, in us from the first GPU event), =fulltimeline the full-window timeline, =anatomy the
# inspector's Anatomy tab, =findings the same with its Findings in front and the first selected.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=$(realpath -m "${1:-docs/screenshot.png}")
trace=$(realpath "${2:-resources/samples/transformer_block_mi300x.json.gz}")
shift $(( $# < 2 ? $# : 2 ))
# The build root starts from an empty environment: the screen size and the
# scale travel as arguments.
exec packaging/buildroot.sh bash -c '
    set -euo pipefail
    cmake --preset dev >/dev/null && cmake --build build >/dev/null
    # A fresh settings folder: the picture should not depend on a saved layout.
    export XDG_CONFIG_HOME=$(mktemp -d) QT_QPA_PLATFORM=xcb RIDGELINE_SCREENSHOT=$1 QT_SCALE_FACTOR=$4 RIDGELINE_COLOR_SCHEME=$5 RIDGELINE_SCREENSHOT_KERNEL=$6 RIDGELINE_SCREENSHOT_TAB=$7 RIDGELINE_SCREENSHOT_RANGE=$8
    out=$1 trace=$2 screen=$3
    shift 8
    timeout 60 xvfb-run -a -s "-screen 0 ${screen}x24" build/bin/ridgeline "$@" "$trace"
' shot "$out" "$trace" "${RIDGELINE_SCREEN:-1920x1080}" "${QT_SCALE_FACTOR:-1}" "${RIDGELINE_COLOR_SCHEME:-}" "${RIDGELINE_SCREENSHOT_KERNEL:-}" "${RIDGELINE_SCREENSHOT_TAB:-}" "${RIDGELINE_SCREENSHOT_RANGE:-}" "$@"
