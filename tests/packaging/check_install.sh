#!/usr/bin/env bash
# Packaging.InstallPlacesEveryFile: `cmake --install` into a staging prefix
# places the binary, its widgets module, the desktop file, the icon, the
# metainfo and the MIME type; the installed binary runs and finds its module
# in the installed tree (a roofline drawing needs it), and fails without it;
# the desktop file names only the icon and MIME types that were installed.
#   check_install.sh BUILD_DIR SOURCE_DIR VERSION
set -euo pipefail
build=${1:?usage: check_install.sh BUILD_DIR SOURCE_DIR VERSION}
source=${2:?usage: check_install.sh BUILD_DIR SOURCE_DIR VERSION}
version=${3:?usage: check_install.sh BUILD_DIR SOURCE_DIR VERSION}
id=io.github.ridgeline.Ridgeline

fail() { echo "FAIL: $*" >&2; exit 1; }

prefix=$(mktemp -d "${TMPDIR:-/tmp}/ridgeline-install.XXXXXX")
trap 'rm -rf "$prefix"' EXIT

cmake --install "$build" --prefix "$prefix" >"$prefix.log" 2>&1 \
    || { cat "$prefix.log" >&2; rm -f "$prefix.log"; fail "cmake --install $build --prefix $prefix failed"; }
rm -f "$prefix.log"

# Each file, and the source it must be a copy of (not a stale one).
expect() {
    local installed=$1 original=${2:-}
    [ -f "$prefix/$installed" ] || fail "cmake --install did not place $installed"
    if [ -n "$original" ]; then
        cmp -s "$prefix/$installed" "$source/$original" || fail "$installed differs from $original"
    fi
    echo "installed: $installed"
}
expect bin/ridgeline
[ -x "$prefix/bin/ridgeline" ] || fail "bin/ridgeline is not executable"
# lib/ridgeline/, or lib/<triplet>/ridgeline/ where GNUInstallDirs chose that.
mapfile -t modules < <(find "$prefix" -path "$prefix/lib*/ridgeline/ridgeline-widgets.so")
[ "${#modules[@]}" -gt 0 ] || fail "cmake --install did not place lib*/ridgeline/ridgeline-widgets.so"
[ "${#modules[@]}" -eq 1 ] || fail "more than one widgets module installed: ${modules[*]}"
echo "installed: ${modules[0]#"$prefix"/}"
expect share/applications/$id.desktop packaging/$id.desktop
expect share/icons/hicolor/scalable/apps/$id.svg resources/icons/$id.svg
expect share/metainfo/$id.metainfo.xml packaging/$id.metainfo.xml
expect share/mime/packages/$id.xml packaging/$id.mime.xml

# The binary that was installed, not the build tree's.
printed=$("$prefix/bin/ridgeline" --version) || fail "installed bin/ridgeline --version exited with $?"
[ "$printed" = "ridgeline $version" ] || fail "installed bin/ridgeline --version printed '$printed', expected 'ridgeline $version'"
echo "runs: $printed"

# A CSV roofline goes through the widgets module: the installed binary must
# find it from bin/ through the relative path app/CMakeLists.txt built in.
export QT_QPA_PLATFORM=offscreen
trace=$source/resources/samples/transformer_block_mi300x.json.gz
[ -f "$trace" ] || fail "the bundled sample trace $trace is missing"
csv=$prefix/roofline.csv
"$prefix/bin/ridgeline" --export-roofline "$csv" "$trace" -q --no-inductor-cache \
    || fail "installed bin/ridgeline --export-roofline exited with $? (module not found?)"
[ -s "$csv" ] || fail "installed bin/ridgeline --export-roofline wrote no $csv"
echo "module found: roofline CSV of $(wc -l <"$csv") lines"

# Without the module the same run must fail: it was the installed one.
mv "${modules[0]}" "${modules[0]}.away"
if "$prefix/bin/ridgeline" --export-roofline "$prefix/again.csv" "$trace" -q --no-inductor-cache 2>/dev/null; then
    fail "installed bin/ridgeline drew a roofline without its installed module: it loaded another one"
fi
mv "${modules[0]}.away" "${modules[0]}"

# The desktop file's Icon, Exec and MimeType name what was installed.
desktop=$prefix/share/applications/$id.desktop
value() { sed -n "s/^$1=//p" "$desktop"; }
[ "$(value Icon)" = "$id" ] || fail "$id.desktop: Icon=$(value Icon), expected $id (the installed icon)"
exec_binary=$(value Exec | cut -d' ' -f1)
[ -x "$prefix/bin/$exec_binary" ] || fail "$id.desktop: Exec names $exec_binary, which is not in bin/"
types=$(value MimeType | tr ';' '\n' | sed '/^$/d')
[ -n "$types" ] || fail "$id.desktop: no MimeType"
while IFS= read -r type; do
    [ "$type" = application/json ] && fail "$id.desktop claims all of application/json"
    grep -q "<mime-type type=\"$type\">" "$prefix/share/mime/packages/$id.xml" \
        || fail "$id.desktop: MimeType $type is not defined in share/mime/packages/$id.xml"
    grep -q "<mediatype>$type</mediatype>" "$prefix/share/metainfo/$id.metainfo.xml" \
        || fail "$id.desktop: MimeType $type is not a <mediatype> of $id.metainfo.xml"
done <<<"$types"
echo "desktop file: icon, binary and MIME types ($(echo $types)) all installed"

# The MIME XML compiles, and its globs are the PyTorch trace names.
if command -v update-mime-database >/dev/null; then
    # XDG_DATA_DIRS names the prefix only to quiet its "not in the search path" note.
    XDG_DATA_DIRS=$prefix/share update-mime-database "$prefix/share/mime" \
        || fail "update-mime-database rejected share/mime/packages/$id.xml"
    for pair in 'application/x-pytorch-trace+json:*.pt.trace.json' \
                'application/x-pytorch-trace+json-compressed:*.pt.trace.json.gz'; do
        grep -qxF "50:$pair" "$prefix/share/mime/globs2" \
            || fail "share/mime/packages/$id.xml: update-mime-database made no glob $pair"
    done
    echo "mime: update-mime-database compiled it: *.pt.trace.json and *.pt.trace.json.gz have their types"
else
    echo "mime: update-mime-database is not installed (package shared-mime-info): not compiled"
fi

if command -v desktop-file-validate >/dev/null; then
    desktop-file-validate "$desktop" || fail "desktop-file-validate rejected $id.desktop"
    echo "desktop-file-validate: $id.desktop is valid"
else
    echo "desktop-file-validate is not installed (package desktop-file-utils): desktop file not validated"
fi
echo "install: every file placed under $prefix"
