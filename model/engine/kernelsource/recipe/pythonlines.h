// Stage kernelsource/: a Triton kernel's source read: Inductor's Python subset, its facts and accesses.
// Python's logical lines and tokens, as far as Inductor's kernels need them:
// a statement that spans lines inside brackets is one logical line, strings
// and comments are skipped, and an unbalanced bracket stops the reading with
// a reason naming its line. One pass over the text: linear, no recursion.
#pragma once

#include <QString>
#include <QStringView>
#include <vector>

namespace Ridgeline::KernelSourceText {

struct LogicalLine
{
    qsizetype begin = 0; // offsets in the source: [begin, end), the newline excluded
    qsizetype end = 0;
    int line = 0; // 1-based line of its first character
    int indent = 0; // columns of leading blanks (a tab counts 8)
};

struct LogicalLines
{
    std::vector<LogicalLine> lines; // blank and comment-only lines left out
    QString error; // an unbalanced bracket or an unterminated string: the reading stopped there
};

LogicalLines splitLogicalLines(QStringView source);

struct Token
{
    enum class Kind
    {
        Name,
        Number,
        String,
        Op,
    };
    Kind kind = Kind::Op;
    qsizetype begin = 0; // offsets in the source
    qsizetype end = 0;
};

// The tokens of one logical line, appended to `out` (cleared first). False
// with *why when the line holds more than maxTokens tokens (the rest is not
// read) or a character Python does not allow.
bool tokenize(QStringView source, const LogicalLine& line, std::vector<Token>* out, qsizetype maxTokens, QString* why);

} // namespace Ridgeline::KernelSourceText
