// Stage base/: shared by every stage of the engine.
// Text from a trace (kernel, op, GPU, stream and file names) escaped for the
// place it goes, once, by these functions alone. A trace is untrusted input:
// a backtick in a kernel name must not end a Markdown code span and leave a
// live `<img onerror>` behind it, a `\r` must not split a CSV record or a
// report's table row, a name starting with `=` must not be a spreadsheet
// formula, and a control character must not make an SVG invalid XML.
//
// Every function keeps the text readable: what it cannot keep (a control
// character) it shows as its Unicode control picture (U+2400 + code: a `\r`
// reads "␍"), never drops silently.
#pragma once

#include <QString>
#include <QStringView>

namespace Ridgeline {

// Control characters (C0, DEL, C1) and the Unicode line and paragraph
// separators as visible pictures; everything else as it is. Safe in XML 1.0
// text (after the XML writer's own escaping of & < >), in a label, in a line
// of a log.
QString printableText(QStringView text);

// Where a Markdown fragment goes: GitHub-flavoured tables split a row at
// every unescaped `|`, even inside a code span.
enum class MarkdownPlace
{
    Prose,
    TableCell
};

// A code span that shows `text` literally under CommonMark, cmark-gfm and
// Python-Markdown: fenced by one backtick more than the longest run of
// backticks inside, padded with a space where the text begins or ends with
// a backtick, control characters as pictures. In a table cell `|` is
// written `\|` (GFM's rule; Python-Markdown shows the backslash).
QString markdownCodeSpan(QStringView text, MarkdownPlace place = MarkdownPlace::Prose);

// Plain inline text (a heading, a sentence, a cell) that no renderer reads
// as markup: HTML's & < > and Markdown's inline punctuation (\ ` * _ [ ]
// | ~ #) as numeric character references, which both CommonMark and
// Python-Markdown decode to the character itself; control characters as
// pictures. A `#` or `>`
// at the start cannot open a heading or a quote, a `|` cannot split a cell;
// `_` inside a word and `#` after a non-space stay as they are.
QString markdownText(QStringView text);

// Text of our own that quotes names between backticks ("no model:
// `cunn_SoftMaxForward` 153.7 ms"): each quoted name a code span, the rest
// plain text. A name holding backticks splits it elsewhere, never unsafely.
QString markdownTextWithCode(QStringView text, MarkdownPlace place = MarkdownPlace::Prose);

// A relative file path as a Markdown link or image target: every byte but
// unreserved ones and `/` percent-encoded (a space, `)`, `<`, `:` too, so
// no scheme such as `javascript:` can be read from it), and `./` before a
// path that does not start with `/` or `.`.
QString markdownLinkTarget(QStringView path);

// One CSV text field: RFC 4180 quoting when it holds a comma, a quote, a
// `\r` or a `\n` (quotes doubled), and a leading `'` when it starts with
// `=`, `+`, `-`, `@`, a tab or `\r`, the characters spreadsheets read as
// the start of a formula (OWASP's CSV injection guard). For text only: a
// number is written as a number.
QString csvTextField(QStringView text);

} // namespace Ridgeline
