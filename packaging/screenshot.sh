#!/usr/bin/env bash
# Saves a screenshot of the main window with a trace loaded, under Xvfb:
#   packaging/screenshot.sh [OUT.png] [TRACE]
# Runs inside the build root (Xvfb and ImageMagick come with it).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
out=$(realpath -m "${1:-docs/screenshot.png}")
trace=$(realpath "${2:-resources/samples/transformer_block_mi300x.json.gz}")
exec packaging/buildroot.sh bash -c '
    set -euo pipefail
    out=$1 trace=$2
    cmake --preset dev >/dev/null && cmake --build build >/dev/null
    export QT_QPA_PLATFORM=xcb
    xvfb-run -a -s "-screen 0 1400x800x24" bash -c "
        build/bin/ridgeline \"$trace\" & app=\$!
        sleep 4
        import -window root \"$out\"
        kill \$app
    "
    echo "screenshot: $out"
' shot "$out" "$trace"
