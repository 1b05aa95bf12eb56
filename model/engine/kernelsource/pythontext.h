// Stage kernelsource/: a Triton kernel's source read: Inductor's Python subset, its facts and accesses.
// Just enough of Python's lexical rules to read Inductor wrapper files:
// string literals, balanced brackets and flat dict/list literals.
#pragma once

#include <QList>
#include <QString>
#include <QStringView>
#include <optional>

namespace Ridgeline::PythonText {

// Whether a string literal (of either quote, single or triple) starts at pos.
bool startsString(QStringView text, qsizetype pos);
bool startsTripleString(QStringView text, qsizetype pos);

// Index just past the string literal starting at pos. A single-quoted
// string ends at the line's end when unterminated (Python forbids newlines
// in it, so the next line is code again); -1 for an unterminated triple-
// quoted string.
qsizetype skipString(QStringView text, qsizetype pos);

// Index of the bracket closing the one at open ('(', '[' or '{'), strings
// and comments skipped; -1 when it is never closed (or not before giveUpAt,
// which keeps a search that may fail from costing the rest of the file).
qsizetype matchingBracket(QStringView text, qsizetype open, qsizetype giveUpAt = -1);

// The parts of a bracket's content separated by top-level commas, trimmed;
// an empty trailing part (a trailing comma) is dropped.
QList<QStringView> splitTopLevel(QStringView content);

// The value of a plain 'abc' or "abc" literal; nullopt for anything else.
std::optional<QString> unquote(QStringView literal);

// The entries of a flat dict literal "{k: v, ...}" as (key, value) text,
// or nullopt when it is not one.
std::optional<QList<std::pair<QStringView, QStringView>>> dictEntries(QStringView literal);

} // namespace Ridgeline::PythonText
