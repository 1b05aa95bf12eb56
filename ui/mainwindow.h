// The main window: summary strip, "Where the time goes" panel, filterable
// kernel table, roofline chart and formula inspector, with analysis
// progress and Cancel in the status bar. It keeps the layout, the menus,
// the status bar and the dialogs; what it shows is one ShownAnalysis (the
// result, the baseline, the lens and its judgement), which every view reads
// when it changes. The wiring lives in window/, one job per class: the
// lens's menus, the inputs, compare mode, the timeline, the time budget and
// the exports.
#pragma once

#include "engine/lens/judgement.h"
#include "roofline/rooflineview.h"
#include "tracesession.h"

#include <QMainWindow>
#include <memory>
#include <optional>

class QActionGroup;
class QLabel;
class QMenu;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTabWidget;

namespace Ridgeline {

class AnalysisController;
class CompareMode;
class FormulaInspector;
class FullTimeline;
class KernelFilterBar;
class KernelFilterProxy;
class KernelTableModel;
class KernelTableView;
class LensMenus;
class RecentFiles;
class ReportExports;
class SessionActions;
class ShownAnalysis;
class SummaryStrip;
class TimeBudgetLink;
class TimeBudgetPanel;
class TimelineLink;
class TimelinePane;
class TimelineView;
class TraceInputs;
class WindowExports;

class MainWindow final : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a trace; which Inductor cache comes with it is TraceSession's
    // rule (a cache attached to another trace is detached, this trace's
    // last one comes back).
    void openTrace(const QString& path);
    // Opens a trace with an Inductor cache attached (empty: the default places).
    void openTrace(const QString& path, const QString& inductorCache, const QStringList& captures = {});
    // Reads the open replay trace again with `path` (a capture trace of its
    // CUDA/HIP graphs, or a folder of them) attached; with none open, the
    // next trace opened gets it.
    void attachCaptureTrace(const QString& path);
    void detachCaptureTraces();
    // Compare mode: reads `path` as the baseline of the open trace; the table,
    // roofline, summary and inspector then show the comparison.
    void compareWithBaseline(const QString& path);
    void leaveCompareMode();
    const TraceComparison* comparison() const;
    QStringList attachedCaptureTraces() const;
    // Reads the open trace again with `path` as its Inductor cache, the V1
    // model's source; with no trace open, the next trace opened uses it.
    void attachInductorCache(const QString& path);
    // Back to the default cache places; reads the open trace again.
    void detachInductorCache();
    void reload();
    QString attachedInductorCache() const;
    // Whether a trace without an attached cache looks in the default places
    // ($TORCHINDUCTOR_CACHE_DIR, ~/.cache/torchinductor, ...). Default: yes.
    void setSearchDefaultInductorCache(bool search);

    // What the window shows, its lens and judgement: the GPU, the peak set,
    // t0 and cache roofs are set there (shown()->setLens, setPeakSet, ...),
    // by the View menu and by tests alike, and every view follows its `changed`.
    ShownAnalysis* shown() const { return m_shown; }
    const GpuSpec& currentGpu() const;
    // The user's own GPUs (the peaks editor's), merged over the built-in
    // ones; the GPU menu and every view follow.
    void applyUserPeaks(const GpuCatalog& user);
    const GpuCatalog& catalog() const;
    QString userPeaksPath() const;
    QStringList gpuWarnings() const; // the traces' GPUs unknown to the catalogue
    WindowExports* exports() const { return m_exports; }
    ReportExports* reportExports() const { return m_reportExports; }
    FullTimeline* fullTimeline() const { return m_fullTimeline; }
    SessionActions* sessions() const { return m_sessions; } // File > Open Session, Save Session

    // For tests and the screenshot script.
    AnalysisController* controller() const { return m_controller; }
    KernelTableView* kernelView() const { return m_table; }
    KernelFilterBar* filterBar() const { return m_filterBar; }
    RooflineView* rooflineView() const { return m_roofline; }
    TimelineView* timelineView() const { return m_timeline; }
    TimelinePane* timelinePane() const { return m_timelinePane; } // the Timeline tab: search row and view
    QTabWidget* chartTabs() const { return m_chartTabs; }
    FormulaInspector* inspector() const { return m_inspector; }
    SummaryStrip* summaryStrip() const { return m_summary; }
    TimeBudgetPanel* timeBudgetPanel() const { return m_budgetPanel; }
    QLabel* filterTotalsLabel() const { return m_filterTotals; }
    // What was wrong with the user's GPU peaks file; hidden when nothing.
    QLabel* peaksWarningLabel() const { return m_peaksWarning; }
    const AnalysisResult* result() const;

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragLeaveEvent(QDragLeaveEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void buildLayout();
    void createMenus();
    void createViewMenu();
    void connectViews();
    void showJudgement(); // after the shown analysis changed: every view
    void showResult(std::shared_ptr<const AnalysisResult> result);
    void showError(const QString& error);
    void showSummary(); // the judgement's, else the prompt
    void setBusy(bool busy);
    void updateInspector();
    QString comparisonPreface(int sourceRow) const;
    void followTableFilter();
    void updateTableEmptyText();
    // Holds the painting of summary, table and side panes while a result is
    // shown in steps (showResult).
    void holdPainting(bool hold);
    void showAbout();
    void restoreSettings();
    void saveSettings() const;

    AnalysisController* m_controller;
    ShownAnalysis* m_shown;
    KernelTableModel* m_model;
    KernelFilterProxy* m_proxy;
    KernelTableView* m_table;
    KernelFilterBar* m_filterBar;
    SummaryStrip* m_summary;
    RooflineView* m_roofline;
    TimelineView* m_timeline = nullptr; // in the timeline pane, a tab beside the roofline
    TimelinePane* m_timelinePane = nullptr;
    QTabWidget* m_chartTabs = nullptr;
    FormulaInspector* m_inspector;
    TimeBudgetPanel* m_budgetPanel;
    QLabel* m_filterTotals;
    int m_inspectedRow = -1; // its row of the table model (not the filter's), -1 for none
    int m_rowBeforeFilter = -1;
    QWidget* m_tablePane = nullptr; // filter bar and table
    QSplitter* m_mainSplitter = nullptr;
    QSplitter* m_sideSplitter = nullptr;
    QProgressBar* m_progress;
    QPushButton* m_cancel;
    // In the status bar for as long as it holds: a status message would be
    // overwritten by the next one.
    QLabel* m_peaksWarning;
    RecentFiles* m_recent = nullptr;
    QActionGroup* m_frameGroup = nullptr;
    LensMenus* m_lensMenus = nullptr;
    TraceInputs* m_inputs = nullptr;
    CompareMode* m_compare = nullptr;
    TimelineLink* m_timelineLink = nullptr;
    TimeBudgetLink* m_budgetLink = nullptr;
    WindowExports* m_exports = nullptr;
    ReportExports* m_reportExports = nullptr;
    FullTimeline* m_fullTimeline = nullptr;
    SessionActions* m_sessions = nullptr;
    // The judgement the views show: its traces tell a new row set from a new lens.
    std::shared_ptr<const Judgement> m_shownJudgement;
};

} // namespace Ridgeline
