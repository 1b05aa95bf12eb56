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

    # The whole suite again under AddressSanitizer + UBSan, then every parser
    # of untrusted input fuzzed (libFuzzer, ASan + UBSan) over seeds from the
    # project'"'"'s fixtures, within one fixed budget that the targets share (a
    # new target does not lengthen CI). With clang both come from one build
    # (the sanitizers preset); without it the suite is built by GCC and the
    # fuzz targets do not run. The event-loop latency test measures wall-clock
    # time, which ASan slows by design: it runs in the plain build above only.
    # The checks of the source tree (layout, metainfo) read no build: they ran above.
    if command -v clang++ >/dev/null; then
        preset=sanitizers
    else
        preset=asan
        echo "fuzz: clang++ is not installed here (packages clang libclang-rt-dev): the fuzz targets will not run" >&2
    fi
    cmake --preset "$preset" >/dev/null
    cmake --build --preset "$preset" --parallel "$(nproc)"
    ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 QT_QPA_PLATFORM=offscreen \
        ctest --test-dir "build-$preset" --output-on-failure -j"$(nproc)" -E "MainWindowLatency|^Layout\\.|^Packaging\\.MetainfoValidates$"
    if [ "$preset" = sanitizers ]; then
        tests/fuzz/run.sh build-sanitizers "${RIDGELINE_FUZZ_BUDGET_SECONDS:-300}"
    fi
'
