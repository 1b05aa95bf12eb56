// The main window: summary strip, "Where the time goes" panel, filterable
// kernel table, roofline chart and formula inspector, with analysis
// progress and Cancel in the status bar.
// It owns the wiring between them; each view does one job. How traces and
// Inductor caches come in (menu, dialog, drop) is in mainwindowinputs.cpp.
#pragma once

#include "engine/comparison/tracecomparison.h"
#include "engine/lens/judgement.h"
#include "engine/results/analysisresult.h"
#include "engine/roofline/gpuspec.h"
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
struct DroppedInputs;
class FormulaInspector;
class KernelFilterBar;
class KernelFilterProxy;
class KernelTableModel;
class KernelTableView;
class RecentFiles;
class SummaryStrip;
class TimeBudgetPanel;
class TimelineView;

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
    const TraceComparison* comparison() const { return m_comparison.get(); }
    QStringList attachedCaptureTraces() const { return m_session.attachedCaptures(); }
    // Reads the open trace again with `path` as its Inductor cache, the V1
    // model's source; with no trace open, the next trace opened uses it.
    void attachInductorCache(const QString& path);
    // Back to the default cache places; reads the open trace again.
    void detachInductorCache();
    void reload();
    QString attachedInductorCache() const { return m_session.attachedCache(); }
    // Whether a trace without an attached cache looks in the default places
    // ($TORCHINDUCTOR_CACHE_DIR, ~/.cache/torchinductor, ...). Default: yes.
    void setSearchDefaultInductorCache(bool search) { m_session.setSearchDefaultCache(search); }

    // The GPU whose roofs are drawn; an empty name follows the trace's GPU.
    void setGpuChoice(const QString& gpuName);
    void setPeakSet(PeakSet peaks);
    const GpuSpec& currentGpu() const;
    // The user's own GPUs (the peaks editor's), merged over the built-in
    // ones; the GPU menu and every view follow. mainwindowpeaks.cpp.
    void applyUserPeaks(const GpuCatalog& user);
    const GpuCatalog& catalog() const { return m_catalog; }
    QString userPeaksPath() const { return m_userPeaksPath; }
    QStringList gpuWarnings() const; // the trace's GPU unknown to the catalogue
    // The open trace (and baseline) judged under the View menu's choices, for the exports. Needs a result.
    std::shared_ptr<const Judgement> judgement() const;
    PeakSet peakSet() const { return m_peaks; }
    // The latency floor t0 of attainable times (nullopt: the trace's own);
    // the table, the panel and the inspector follow. mainwindowtimebudget.cpp.
    void setLatencyFloorOverride(std::optional<double> us);

    // For tests and the screenshot script.
    AnalysisController* controller() const { return m_controller; }
    KernelTableView* kernelView() const { return m_table; }
    KernelFilterBar* filterBar() const { return m_filterBar; }
    RooflineView* rooflineView() const { return m_roofline; }
    TimelineView* timelineView() const { return m_timeline; }
    QTabWidget* chartTabs() const { return m_chartTabs; }
    FormulaInspector* inspector() const { return m_inspector; }
    SummaryStrip* summaryStrip() const { return m_summary; }
    TimeBudgetPanel* timeBudgetPanel() const { return m_budgetPanel; }
    QLabel* filterTotalsLabel() const { return m_filterTotals; }
    // What was wrong with the user's GPU peaks file; hidden when nothing.
    QLabel* peaksWarningLabel() const { return m_peaksWarning; }
    const AnalysisResult* result() const { return m_result.get(); }

protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragLeaveEvent(QDragLeaveEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void closeEvent(QCloseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void buildLayout();
    void createMenus();
    void createGpuMenu(QMenu* view);
    void fillGpuMenu();
    void loadUserPeaks();
    void showPeaksWarnings(const QStringList& warnings);
    void editPeaks();
    void connectViews();
    void connectTimeline();      // mainwindowtimeline.cpp
    void updateTimelineFilter(); // the table's filter dims the timeline's boxes
    void showTimelineOf(const std::shared_ptr<const AnalysisResult>& result);
    void filterToRange(std::optional<std::pair<double, double>> rangeUs); // nullopt: the whole trace again
    void updateTimelineBaseline(); // compare mode: the baseline's timeline below
    // mainwindowtimebudget.cpp: the panel, the filter totals and t0.
    void connectTimeBudget();
    void updateTimeBudget();
    void updateFilterTotals();
    void selectOpportunity(int index);
    // "trace.json.gz", or "name (bundled sample)" for the built-in one.
    static QString displayName(const QString& path);
    // mainwindowinputs.cpp: traces and caches by menu, dialog or drop.
    void start(const TraceSession::Start& start);
    bool hasGraphReplays() const; // the open trace launches CUDA/HIP graphs
    void updateComparison(); // after either trace of a comparison changed
    void chooseBaseline();
    void connectCompareMode();
    QString comparisonPreface(int sourceRow) const;
    // The trace being read or shown; empty when none (or it failed to load).
    QString currentTracePath() const;
    // Where file dialogs start: the open trace's folder, else the last one.
    QString dialogFolder() const;
    QString dropDescription(const DroppedInputs& dropped) const;
    void chooseInductorCache(bool archive);
    void showResult(std::shared_ptr<const AnalysisResult> result);
    void showError(const QString& error);
    void setBusy(bool busy);
    void applyGpu();
    void updateInspector();
    void followTableFilter();
    void updateTableEmptyText();
    // Holds the painting of summary, table and side panes while a result is
    // shown in steps (showResult).
    void holdPainting(bool hold);
    void exportKernelTable();
    void exportRoofline();
    void showAbout();
    void restoreSettings();
    void saveSettings() const;

    AnalysisController* m_controller;
    KernelTableModel* m_model;
    KernelFilterProxy* m_proxy;
    KernelTableView* m_table;
    KernelFilterBar* m_filterBar;
    SummaryStrip* m_summary;
    RooflineView* m_roofline;
    TimelineView* m_timeline = nullptr; // a tab beside the roofline
    QTabWidget* m_chartTabs = nullptr;
    QLabel* m_rangeIndicator = nullptr; // "range: ... [clear]" beside the tabs
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
    QLabel* m_dropOverlay;
    // In the status bar for as long as it holds: a status message would be
    // overwritten by the next one.
    QLabel* m_peaksWarning;
    RecentFiles* m_recent = nullptr;
    QActionGroup* m_gpuGroup = nullptr;
    QActionGroup* m_peakGroup = nullptr;
    QActionGroup* m_frameGroup = nullptr;
    QAction* m_detachCache = nullptr;
    QAction* m_detachCaptures = nullptr;
    QAction* m_reload = nullptr;

    QMenu* m_gpuMenu = nullptr;
    GpuCatalog m_catalog; // built in, with the user's merged over it
    GpuCatalog m_userPeaks;
    QString m_userPeaksPath;
    QString m_gpuChoice; // empty: match the trace
    PeakSet m_peaks = PeakSet::Datasheet;
    std::shared_ptr<const AnalysisResult> m_result;
    AnalysisController* m_baselineController;
    std::shared_ptr<const AnalysisResult> m_baseline; // compare mode's baseline
    std::shared_ptr<const TraceComparison> m_comparison;
    QAction* m_leaveCompare = nullptr;
    TraceSession m_session; // which trace, with which Inductor cache
    QString m_cacheNote; // what opening the trace did to the cache, said once it is shown
};

} // namespace Ridgeline
