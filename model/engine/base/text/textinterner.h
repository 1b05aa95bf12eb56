// Stage base/: helpers every stage may use (text/: text for people).
// Makes equal texts share one copy. A row's sentences ("Concrete Inputs[2],
// the last integer", "TraceLens counts 0 bytes per element for dtype
// float") are formatted per row, so 200,000 rows of one kind of kernel held
// 200,000 copies of each: about 1.6 KB a row. QString is implicitly shared,
// so a text handed back from here costs a reference, not its characters.
#pragma once

#include <QSet>
#include <QString>
#include <QStringList>

namespace Ridgeline {

class TextInterner
{
public:
    // Replaces `text` by the first equal text seen, or keeps it as that.
    void intern(QString& text)
    {
        if (text.isEmpty())
            return;
        const auto it = m_texts.constFind(text);
        if (it != m_texts.constEnd())
            text = *it;
        else
            m_texts.insert(text);
    }
    void intern(QStringList& texts)
    {
        for (QString& text : texts)
            intern(text);
    }

private:
    QSet<QString> m_texts;
};

} // namespace Ridgeline
