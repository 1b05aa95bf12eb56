// Folder anatomy/: the kernel's anatomy in the inspector.
// The kernel's source, read-only, with a gutter of line numbers and a bar
// in the access kind's colour on each load and store line, the line's kind
// and bytes written after it (and in its tooltip), and one line highlighted
// when a load, a pointer or a finding is selected.
#pragma once

#include <QHash>
#include <QPlainTextEdit>

namespace Ridgeline {

class AnatomySourceView final : public QPlainTextEdit
{
    Q_OBJECT
public:
    struct Annotation
    {
        QString text; // after the line: "in_ptr1 load · broadcast ×768 · 1.5 KB unique"
        QString tooltip;
        QColor color;
    };

    explicit AnatomySourceView(QWidget* parent = nullptr);

    // Annotations by 1-based line; replaces the previous ones.
    void setAnnotations(QHash<int, Annotation> annotations);
    // Highlights these 1-based lines (the first is scrolled to); none clears.
    void highlightLines(const QList<int>& lines);
    QList<int> highlightedLines() const { return m_highlighted; }
    QString annotationAt(int line) const { return m_annotations.value(line).text; }

protected:
    void resizeEvent(QResizeEvent* event) override;
    void paintEvent(QPaintEvent* event) override;
    bool viewportEvent(QEvent* event) override;

private:
    friend class SourceGutter;
    int gutterWidth() const;
    void paintGutter(QPaintEvent* event);

    QWidget* m_gutter;
    QHash<int, Annotation> m_annotations;
    QList<int> m_highlighted;
};

} // namespace Ridgeline
