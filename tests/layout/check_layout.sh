#!/usr/bin/env bash
# The layout's rules, checked on the source tree (run by ctest):
#  - the engine's stages include only stages above them in STAGES (arrows
#    run downstream); the engine's root holds only its two entry points,
#    analysis.{h,cpp} and preparedtrace.{h,cpp}, which may include any
#    stage; no stage includes them, and the first (reading) includes not
#    the second (figures);
#  - the engine includes nothing of the item models, derivation or widgets;
#    model/ includes no widget code;
#  - the executable's own sources (app/, but for the widgets module's
#    widgetsentry.cpp) include no widget code: a headless run must not load
#    QtWidgets (app/widgetsmodule.h);
#  - no source file past 600 lines, no source folder past 16 files;
#  - a class's member functions are defined in one .cpp (in ui/ and model/),
#    but for the classes of GRANDFATHERED; MainWindow in ui/mainwindow.cpp
#    alone, no other ui/mainwindow*.cpp.
# Prints every breach with file and line and exits 1 when there is one.
set -uo pipefail
root=${1:?usage: check_layout.sh SOURCE_DIR}
cd "$root" || exit 2

STAGES=(base triton input kernelsource inductorcache linking graphs activity perfmodel launch findings libraryops results roofline advice timebudget timeline comparison lens export session)
declare -A rank
for i in "${!STAGES[@]}"; do rank[${STAGES[$i]}]=$i; done

breaches=0
# Every C++ source of the project's own folders (not the build tree).
sources() { find app bench model ui tests \( -name '*.h' -o -name '*.cpp' \) | sort; }
breach() { echo "$1"; breaches=$((breaches + 1)); }

# Quoted includes of one file as "line:path".
includes() { grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$1" | sed -E 's/^([0-9]+):.*"([^"]+)".*/\1:\2/'; }

ROOT_FILES=(analysis.h analysis.cpp preparedtrace.h preparedtrace.cpp)
while IFS= read -r file; do
    rel=${file#model/engine/}
    stage=${rel%%/*}
    [ "$stage" = "$rel" ] && stage="" # a file at the engine's root
    if [ -z "$stage" ] && [[ ! " ${ROOT_FILES[*]} " == *" $rel "* ]]; then
        breach "$file: the engine's root holds only its entry points (${ROOT_FILES[*]}): put it in the stage it serves"
    fi
    if [[ "$rel" == preparedtrace.* ]] && grep -qn '#include "engine/analysis.h"' "$file"; then
        breach "$file: the reading stage includes the figures' engine/analysis.h (options for reading live in preparedtrace.h)"
    fi
    if [ -n "$stage" ] && [ -z "${rank[$stage]+x}" ]; then
        breach "$file: stage folder '$stage' is not in STAGES of tests/layout/check_layout.sh"
        continue
    fi
    while IFS=: read -r line inc; do
        [ -z "$inc" ] && continue
        case "$inc" in
        engine/*/*)
            target=${inc#engine/}; target=${target%%/*}
            if [ -z "${rank[$target]+x}" ]; then
                breach "$file:$line: includes $inc from unknown stage '$target'"
            elif [ -n "$stage" ] && [ "${rank[$target]}" -gt "${rank[$stage]}" ]; then
                breach "$file:$line: stage $stage includes later stage $target ($inc)"
            fi ;;
        engine/*)
            [ -n "$stage" ] && breach "$file:$line: stage $stage includes the engine's entry $inc" ;;
        *)
            # A test support header or a local one would not start with engine/.
            breach "$file:$line: engine file includes $inc, which is not an engine header" ;;
        esac
    done < <(includes "$file")
done < <(find model/engine -name '*.h' -o -name '*.cpp' | sort)

# No widget code in the files read on stdin: no ui/ header, no GUI module.
# $1 names them in the message ("model code"), $2 adds to it.
forbid_widgets() {
    local who=$1 note=$2 file line inc
    while IFS= read -r file; do
        while IFS=: read -r line inc; do
            [ -z "$inc" ] && continue
            [ -e "ui/$inc" ] && breach "$file:$line: $who includes widget header $inc$note"
        done < <(includes "$file")
        if grep -nE '#include *<(QApplication|QtWidgets|QtCharts|QWidget|QChart|QPainter|QImage)' "$file"; then
            breach "$file: $who includes a GUI header$note"
        fi
    done
}
# Not a pipe: the function must count its breaches in this shell.
forbid_widgets "model code" "" < <(find model -name '*.h' -o -name '*.cpp' | sort)
forbid_widgets "the executable" " (only widgetsentry.cpp may)" \
    < <(find app \( -name '*.h' -o -name '*.cpp' \) ! -name widgetsentry.cpp | sort)

while read -r lines file; do
    [ "$file" = total ] && continue
    [ "$lines" -gt 600 ] && breach "$file: $lines lines (at most 600)"
done < <(sources | xargs wc -l)

while read -r count dir; do
    [ "$count" -gt 16 ] && breach "$dir/: $count source files (at most 16)"
done < <(sources | xargs -n1 dirname | sort | uniq -c)

# Classes whose member functions were spread over files before this rule:
# the roofline chart draws its arrows, cache roofs, looks and edge markers
# in files of their own (ui/roofline/). No class joins this list.
GRANDFATHERED=(RooflineChart)
# Each "Class::member(" at the start of a line (a definition, not a call,
# which is indented) names the class and the file that defines it.
while IFS=: read -r class files; do
    [[ " ${GRANDFATHERED[*]} " == *" $class "* ]] && continue
    breach "$class: member functions defined in more than one .cpp:$files (one class, one .cpp)"
done < <(for file in $(find ui model -name '*.cpp' | sort); do
             grep -E '^[A-Za-z_~][^;]*\b[A-Za-z_][A-Za-z0-9_]*::~?[A-Za-z_][A-Za-z0-9_]*\(' "$file" \
                 | grep -oE '[A-Za-z_][A-Za-z0-9_]*::~?[A-Za-z_][A-Za-z0-9_]*\(' \
                 | grep -vE '^(std|Qt|Ridgeline|QString)::' | sed -E 's/::.*//' | sort -u | sed "s|\$| $file|"
         done | sort -u | awk '{ files[$1] = files[$1] " " $2; n[$1]++ } END { for (c in n) if (n[c] > 1) print c ":" files[c] }' | sort)
for file in ui/mainwindow*.cpp; do
    [ "$file" != ui/mainwindow.cpp ] && breach "$file: MainWindow is defined in ui/mainwindow.cpp alone"
done

if [ "$breaches" -gt 0 ]; then
    echo "$breaches layout rule(s) broken"
    exit 1
fi
echo "layout: arrows run downstream, files and folders within size"
