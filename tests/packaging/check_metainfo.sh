#!/usr/bin/env bash
# Packaging.MetainfoValidates: the AppStream metainfo passes
# `appstreamcli validate` (offline: the screenshot and homepage URLs are not
# fetched). Exits 77, which ctest reports as skipped, where appstreamcli is
# not installed (package appstream).
#   check_metainfo.sh SOURCE_DIR
set -euo pipefail
source=${1:?usage: check_metainfo.sh SOURCE_DIR}
metainfo=$source/packaging/io.github.ridgeline.Ridgeline.metainfo.xml

[ -f "$metainfo" ] || { echo "FAIL: $metainfo is missing" >&2; exit 1; }
if ! command -v appstreamcli >/dev/null; then
    echo "SKIPPED: appstreamcli is not installed (package appstream): $metainfo not validated"
    exit 77
fi
# --pedantic prints the pedantic hints too; they do not fail it, warnings and errors do.
appstreamcli validate --no-net --pedantic "$metainfo" \
    || { echo "FAIL: appstreamcli validate rejected $metainfo" >&2; exit 1; }
