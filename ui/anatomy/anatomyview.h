// Folder anatomy/: the kernel's anatomy in the inspector.
// The inspector's Anatomy tab: a Triton kernel's source read by
// kernelsource/, shown where the engineer looks. Its pointers and their
// loads and stores (kind and bytes), its findings, its facts (the
// decorator's metadata, the fused ATen ops and source nodes, the launch,
// the source bytes beside the model's and Inductor's), the dataflow drawing
// and the syntax-coloured source. Selecting a load, a pointer or a finding
// highlights its line and its pointer everywhere. A row without source says
// why and how to attach one. Built lazily: setKernel keeps a copy of what
// it shows, the views are filled when the tab is first shown for it.
#pragma once

#include "engine/lens/judgement.h"
#include "engine/results/kernelrow.h"

#include <QWidget>

class QLabel;
class QListWidget;
class QStackedWidget;
class QTabWidget;
class QTreeWidget;
class QTreeWidgetItem;

namespace Ridgeline {

class AnatomySourceView;
class DataflowDiagram;
class PythonHighlighter;

class AnatomyView final : public QWidget
{
    Q_OBJECT
public:
    explicit AnatomyView(QWidget* parent = nullptr);

    // `row` may be null; nothing of it is kept by reference.
    void setKernel(const KernelRow* row, const TraceJudgement* judged);
    // Fills the views now if setKernel changed them (done on show).
    void ensureBuilt();

    // Sources above this size are shown without colouring: the highlighter
    // colours a whole document at once, on the GUI thread.
    static constexpr qsizetype maxColouredChars = 1 << 20;
    // Accesses listed per pointer in the tree; selectAccess reaches all.
    static constexpr int maxListedAccesses = 500;

    bool showsSource() const;
    QString noSourceText() const; // the reason and the way to attach one
    QString factsText() const;
    QString highlightedPointer() const; // the arg, empty when none
    QTreeWidget* accessTree() const { return m_tree; }
    QListWidget* findingList() const { return m_findings; }
    QWidget* currentList() const; // the Accesses, Findings or Facts tab in front
    AnatomySourceView* sourceView() const { return m_source; }
    DataflowDiagram* diagram() const { return m_diagram; }

public Q_SLOTS:
    void selectPointer(int pointer);
    void selectAccess(int pointer, int access);
    void selectFinding(int index);

protected:
    void showEvent(QShowEvent* event) override;
    void changeEvent(QEvent* event) override;

private:
    void build();
    void fillTree();
    void fillFindings();
    void fillFacts();
    void annotateSource();
    void highlight(int pointer, int access, const QList<int>& lines);
    QTreeWidgetItem* itemFor(int pointer, int access) const;
    const KernelAnatomy* anatomy() const;

    static QString signature(const KernelRow* row, const std::vector<JudgedFinding>& findings);

    // What setKernel copied from the row.
    QString m_signature;
    QString m_name;
    std::optional<FoundSource> m_found;
    // Under the lens when there is one (its time at stake), else the row's own.
    std::vector<JudgedFinding> m_kernelFindings;
    bool m_findingsJudged = false;
    std::optional<LaunchFacts> m_launch;
    std::optional<double> m_modelBytes;
    bool m_dirty = false;
    bool m_selecting = false;

    QStackedWidget* m_stack;
    QTabWidget* m_lists; // Accesses, Findings, Facts
    QLabel* m_noSource;
    QTreeWidget* m_tree;
    QListWidget* m_findings;
    QLabel* m_facts;
    DataflowDiagram* m_diagram;
    AnatomySourceView* m_source;
    PythonHighlighter* m_highlighter = nullptr;
};

} // namespace Ridgeline
