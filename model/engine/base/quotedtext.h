// Stage base/: shared by every stage of the engine.
// File content quoted in a message: at most a few hundred characters, the
// rest elided with its length said. A hostile file must not turn one
// warning into megabytes of text for a message box to lay out.
#pragma once

#include <QString>
#include <string_view>

namespace Ridgeline {

constexpr qsizetype maxQuotedChars = 200;

inline QString quotedText(const QString& text, qsizetype max = maxQuotedChars)
{
    if (text.size() <= max)
        return text;
    return text.left(max) + QStringLiteral("… (%1 characters in all)").arg(text.size());
}

inline QString quotedText(std::string_view text, qsizetype max = maxQuotedChars)
{
    // Decoding only the head: a few bytes more than shown, for a character cut in two.
    const auto head = QString::fromUtf8(text.data(), qsizetype(std::min(text.size(), size_t(max) * 4)));
    if (text.size() <= size_t(max))
        return head;
    return head.left(max) + QStringLiteral("… (%1 bytes in all)").arg(text.size());
}

} // namespace Ridgeline
