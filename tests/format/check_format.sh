#!/usr/bin/env bash
# The tree's C++ is formatted as .clang-format says, by clang-format 19:
# other versions format some constructs differently, so the check is pinned
# (clang-format-19 is in packaging/buildroot.sh's package list). Prints each
# file that differs and how to fix it, and exits 1 when there is one.
#   check_format.sh SOURCE_DIR        check
#   check_format.sh SOURCE_DIR --fix  format in place
set -uo pipefail
root=${1:?usage: check_format.sh SOURCE_DIR [--fix]}
cd "$root" || exit 2
formatter=${CLANG_FORMAT:-clang-format-19}
if ! command -v "$formatter" >/dev/null; then
    echo "format: $formatter is not installed (package clang-format-19)" >&2
    exit 2
fi
version=$("$formatter" --version)
case "$version" in
*"version 19."*) ;;
*) echo "format: $formatter is not version 19 ($version): versions format differently" >&2; exit 2 ;;
esac

# The project's own sources: not the build trees, not third-party code.
mapfile -t files < <(find app bench model ui tests \( -name '*.h' -o -name '*.cpp' \) -not -path '*/build*' | sort)
if [ "${2:-}" = --fix ]; then
    printf '%s\0' "${files[@]}" | xargs -0 -n 32 -P "$(nproc)" "$formatter" -i
    exit 0
fi
differ=0
while IFS= read -r file; do
    echo "$file: not formatted (run tests/format/check_format.sh . --fix)"
    differ=$((differ + 1))
done < <(printf '%s\0' "${files[@]}" | xargs -0 -n 32 -P "$(nproc)" sh -c '
    for f; do "$0" --dry-run --Werror "$f" >/dev/null 2>&1 || echo "$f"; done' "$formatter" | sort)
if [ "$differ" -gt 0 ]; then
    echo "format: $differ of ${#files[@]} files differ from .clang-format"
    exit 1
fi
echo "format: ${#files[@]} files as .clang-format says"
