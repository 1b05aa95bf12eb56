#!/usr/bin/env bash
# Builds Ridgeline with warnings as errors and runs every test, inside the
# Debian 13 build root when the host lacks the dependencies. No display needed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec packaging/buildroot.sh bash -c '
    set -euo pipefail
    cmake --preset ci >/dev/null
    cmake --build build --parallel "$(nproc)"
    # Serially: one test measures GUI event-loop latency during a load.
    QT_QPA_PLATFORM=offscreen ctest --test-dir build --output-on-failure
'
