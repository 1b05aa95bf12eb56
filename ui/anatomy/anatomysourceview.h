// Folder anatomy/: the kernel's anatomy in the inspector.
// The kernel's source, read-only, with a gutter of line numbers and a bar
// in the access kind's colour on each load and store line, the line's kind
// and bytes written after it (and in its tooltip), and one line highlighted
// when a load, a pointer or a finding is selected. A large source is
// loaded a chunk per event-loop turn (the first at once), so a generated
// 10 MB kernel never freezes the window; highlights and the line shown
// wait for their lines to arrive.
#pragma once

#include "anatomy/sourceannotations.h"

#include <QPlainTextEdit>
#include <memory>

namespace Ridgeline {

class AnatomySourceView final : public QPlainTextEdit
{
    Q_OBJECT
public:
    // Characters set at once, and then appended per event-loop turn: about
    // 30 ms of text layout each.
    static constexpr qsizetype chunkChars = 1 << 18;

    explicit AnatomySourceView(QWidget* parent = nullptr);

    // Replaces the text (null clears it); what is past the first chunk follows.
    void setSource(std::shared_ptr<const QString> text);
    bool isLoading() const { return m_text && m_loadedChars < m_text->size(); }
    // Replaces the annotations (by 1-based line).
    void setAnnotations(SourceAnnotations annotations);
    // Highlights these 1-based lines (the first is scrolled to); none clears.
    void highlightLines(const QList<int>& lines);
    // Scrolls so that this 1-based line is the top one.
    void showLineAtTop(int line);
    QList<int> highlightedLines() const { return m_highlighted; }
    QString annotationAt(int line) const { return m_annotations.text(line); }

Q_SIGNALS:
    void loaded(); // the whole text is in the document

protected:
    void resizeEvent(QResizeEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    bool viewportEvent(QEvent* event) override;

private:
    friend class SourceGutter;
    int gutterWidth() const;
    void paintGutter(QPaintEvent* event);
    qsizetype chunkEnd(qsizetype from) const;
    void appendChunk(quint64 generation);
    // Tints the highlighted lines that are loaded; scrolls to the first (and
    // to the line asked at the top) once it is.
    void applyHighlights();

    QWidget* m_gutter;
    SourceAnnotations m_annotations;
    QList<int> m_highlighted;
    bool m_scrollToHighlight = false;
    int m_topLine = 0; // asked for and not yet loaded: 0 when none
    std::shared_ptr<const QString> m_text;
    qsizetype m_loadedChars = 0;
    quint64 m_generation = 0; // a new text stops the old one's chunks
};

} // namespace Ridgeline
