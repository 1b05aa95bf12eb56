// Folder anatomy/: the kernel's anatomy in the inspector.
// What the source view writes beside each load and store line (the
// pointer, its kind and unique bytes) and in the line's tooltip (its index
// expression and mask). Built as an index from line to accesses; the texts
// are made only for the lines asked for (those on screen, the one under
// the mouse), so a generated kernel of 100,000 loads costs no string per
// load when its tab opens. Holds copies, never a reference to the row.
#pragma once

#include "engine/kernelsource/kernelanatomy.h"

#include <QColor>
#include <QHash>
#include <QList>
#include <vector>

namespace Ridgeline {

class SourceAnnotations
{
public:
    SourceAnnotations() = default;
    SourceAnnotations(const KernelAnatomy& anatomy, bool dark);

    bool isEmpty() const { return m_lines.isEmpty(); }
    bool has(int line) const { return m_lines.contains(line); } // 1-based
    QColor color(int line) const; // the last pointer's kind on that line
    QString text(int line) const; // "in_ptr1 load · broadcast ×768 · 1.5 KB unique"; "; " between two
    QString tooltip(int line) const; // rich text

private:
    struct PointerText
    {
        QString arg;
        QString dtype;
        QString role;
        QString kind;
        QString bytes;
        QString perAccessBytes;
        QString why;
        QColor color;
    };
    struct Access
    {
        int pointer = 0;
        SourceAccess::Op op = SourceAccess::Op::Load;
        QString index; // shared with the anatomy's (implicitly shared)
        QString mask;
    };

    std::vector<PointerText> m_pointers;
    QHash<int, QList<Access>> m_lines;
};

} // namespace Ridgeline
