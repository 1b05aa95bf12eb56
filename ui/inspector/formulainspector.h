// Folder inspector/: the formula inspector widget.
// Shows the selected kernel's derivation (raw args, element counts, bytes,
// FLOPs, throughput, bounding roof, TraceLens differences, the source's
// anatomy and findings) and copies it as Markdown; a second tab shows the
// kernel's anatomy (anatomy/AnatomyView), built when that tab is shown.
#pragma once

#include "engine/lens/judgement.h"
#include "engine/results/kernelrow.h"

#include <QWidget>

class QAction;
class QLabel;
class QTabWidget;
class QTextBlock;
class QTextBrowser;
class QTextDocument;

namespace Ridgeline {

class AnatomyView;

class FormulaInspector final : public QWidget
{
    Q_OBJECT
public:
    explicit FormulaInspector(QWidget* parent = nullptr);

    // `row` may be null (nothing selected); it must outlive the next call.
    // `preface` (Markdown) comes before the derivation: compare mode's pair.
    // Derived under `judged`'s GPU, peaks and t0; nothing shown when either is null.
    void setKernel(const KernelRow* row, const TraceJudgement* judged, const QString& preface = {});
    QString markdown() const { return m_markdown; }
    QString plainText() const; // what the user sees, for tests
    const QTextDocument* document() const; // with its highlighting, for tests
    // The toolbar's "Copy as Markdown" action: disabled while nothing is shown.
    QAction* copyAction() const { return m_copy; }
    AnatomyView* anatomy() const { return m_anatomy; }
    // Brings the Anatomy tab (or the Derivation tab) to the front.
    void showAnatomy(bool anatomy = true);

public Q_SLOTS:
    void copyMarkdown();

protected:
    void changeEvent(QEvent* event) override;

private:
    void showMarkdown();
    void styleDocument(QTextDocument* document) const;
    static void compactTitle(const QTextBlock& block);

    QTabWidget* m_tabs;
    QTextBrowser* m_view;
    AnatomyView* m_anatomy;
    QLabel* m_badge;
    QAction* m_copy;
    QString m_markdown;
};

} // namespace Ridgeline
