#!/usr/bin/env bash
# Builds Ridgeline with warnings as errors and runs every test, inside the
# Debian 13 build root when the host lacks the dependencies. No display needed.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
exec packaging/buildroot.sh bash -c '
    set -euo pipefail
    # The sources as .clang-format says, by the pinned clang-format 19.
    tests/format/check_format.sh .
    cmake --preset ci >/dev/null
    cmake --build build --parallel "$(nproc)"
    # One test measures GUI event-loop latency during a load: it runs alone,
    # after the rest ran side by side on every core.
    QT_QPA_PLATFORM=offscreen ctest --test-dir build --output-on-failure -j"$(nproc)" -E MainWindowLatency
    QT_QPA_PLATFORM=offscreen ctest --test-dir build --output-on-failure -R MainWindowLatency

    # The whole suite again under AddressSanitizer + UBSan (Debug). The
    # event-loop latency test measures wall-clock time, which ASan slows by
    # design: it runs in the plain build above only.
    cmake --preset asan >/dev/null
    cmake --build build-asan --parallel "$(nproc)"
    # The checks of the source tree (layout, metainfo) read no build: they ran above.
    ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 QT_QPA_PLATFORM=offscreen \
        ctest --test-dir build-asan --output-on-failure -j"$(nproc)" -E "MainWindowLatency|^Layout\\.|^Packaging\\.MetainfoValidates$"

    # Every parser of untrusted input fuzzed (libFuzzer, ASan + UBSan), over
    # seeds from the project'"'"'s fixtures, within one fixed budget that the
    # targets share: a new target does not lengthen CI.
    if command -v clang++ >/dev/null; then
        cmake --preset fuzz >/dev/null
        cmake --build --preset fuzz --parallel "$(nproc)"
        tests/fuzz/run.sh build-fuzz "${RIDGELINE_FUZZ_BUDGET_SECONDS:-300}"
    else
        echo "fuzz: clang++ is not installed here (packages clang libclang-rt-dev): the fuzz targets did not run" >&2
    fi
'
