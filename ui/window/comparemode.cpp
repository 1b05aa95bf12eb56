#include "window/comparemode.h"

#include "analysiscontroller.h"
#include "engine/preparedtrace.h"
#include "itemmodels/kerneltablemodel.h"
#include "shownanalysis.h"
#include "table/kernelfilterbar.h"
#include "table/kerneltableview.h"
#include "window/traceinputs.h"

#include <QAction>
#include <QFileDialog>
#include <QHeaderView>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>
#include <QStatusBar>

namespace Ridgeline {
namespace {

std::optional<TimeRangeUs> rangeOf(const AnalysisResult& result)
{
    return result.gpuRangeUs ? std::optional(TimeRangeUs { result.gpuRangeUs->first, result.gpuRangeUs->second }) : std::nullopt;
}

} // namespace

CompareMode::CompareMode(ShownAnalysis* shown, AnalysisController* traceController, TraceInputs* inputs, QMainWindow* window)
    : QObject(window)
    , m_shown(shown)
    , m_traceController(traceController)
    , m_baselineController(new AnalysisController(this))
    , m_inputs(inputs)
    , m_window(window)
{
    connect(m_baselineController, &AnalysisController::finished, this, [this](std::shared_ptr<const AnalysisResult> baseline) {
        const QString name = TraceInputs::displayName(baseline->tracePath);
        m_shown->setBaseline(std::move(baseline));
        const TraceComparison* comparison = m_shown->comparison();
        const int regressions = comparison ? comparison->regressionCount : 0;
        m_window->statusBar()->showMessage(tr("Comparing with the baseline %1: %2 %3")
                .arg(name)
                .arg(regressions)
                .arg(regressions == 1 ? tr("regression") : tr("regressions")));
    });
    connect(m_baselineController, &AnalysisController::failed, this, [this](const QString& error) {
        m_window->statusBar()->showMessage(error);
        QMessageBox::warning(m_window, tr("Cannot Read Baseline"), error);
    });
    connect(m_inputs, &TraceInputs::baselineDropped, this, &CompareMode::compareWithBaseline);
    connect(m_shown, &ShownAnalysis::changed, this, &CompareMode::followRange);
}

void CompareMode::setTable(KernelTableView* table, KernelFilterBar* filterBar)
{
    m_table = table;
    m_filterBar = filterBar;
}

void CompareMode::addActions(QMenu* file)
{
    QAction* compare = file->addAction(tr("Compare with &Baseline…"), this, &CompareMode::chooseBaseline);
    compare->setShortcut(QKeySequence(tr("Ctrl+B")));
    compare->setToolTip(tr("Read another trace as the baseline of this one: matched kernels, speedups, roofline arrows "
                           "(or drop it on the window with Shift held)"));
    m_leave = file->addAction(tr("&Leave Compare Mode"), this, &CompareMode::leaveCompareMode);
    m_leave->setShortcut(QKeySequence(tr("Ctrl+Shift+B")));
    m_leave->setEnabled(false);
}

void CompareMode::chooseBaseline()
{
    const QString path = QFileDialog::getOpenFileName(m_window, tr("Compare with Baseline"), m_inputs->dialogFolder(),
        tr("PyTorch profiler traces (*.json *.json.gz *.gz *.bz2 *.xz *.zst);;All files (*)"));
    if (!path.isEmpty())
        compareWithBaseline(path);
}

void CompareMode::compareWithBaseline(const QString& path)
{
    if (!m_shown->result()) {
        m_window->statusBar()->showMessage(tr("Open a trace first: the baseline is compared with the open trace"), 6000);
        return;
    }
    analyseBaseline(path, nullptr, rangeOf(*m_shown->result()));
    m_window->statusBar()->showMessage(tr("Reading the baseline %1…").arg(TraceInputs::displayName(path)));
}

void CompareMode::analyseBaseline(const QString& path, std::shared_ptr<const PreparedTrace> prepared, std::optional<TimeRangeUs> range)
{
    m_baselineRangeUs = range ? std::optional(std::pair(range->startUs, range->endUs)) : std::nullopt;
    // Kept as read, like the open trace: its next range needs no file read.
    if (prepared) {
        m_baselineController->analyzeRange(std::move(prepared), range);
        return;
    }
    // The open trace's attached cache and captures are its own; the
    // baseline gets the default cache places (as --baseline does).
    AnalysisOptions options;
    options.read.searchDefaultInductorCache = m_traceController->currentOptions().read.searchDefaultInductorCache;
    options.figures.gpuRange = range;
    options.figures.keepPreparedTrace = true;
    m_baselineController->open(path, options);
}

void CompareMode::followRange()
{
    const auto& trace = m_shown->result();
    const auto& baseline = m_shown->baseline();
    if (!trace || !baseline || trace->gpuRangeUs == baseline->gpuRangeUs)
        return;
    if (m_baselineController->isRunning() && m_baselineRangeUs == trace->gpuRangeUs)
        return; // already on its way
    analyseBaseline(baseline->tracePath, baseline->prepared, rangeOf(*trace));
    m_window->statusBar()->showMessage(
        tr("Analysing the same range of the baseline %1…").arg(TraceInputs::displayName(baseline->tracePath)));
}

void CompareMode::leaveCompareMode()
{
    m_baselineController->cancel();
    m_shown->leaveCompareMode();
    m_window->statusBar()->showMessage(tr("Left compare mode"), 4000);
}

void CompareMode::followComparison()
{
    const bool comparing = m_shown->comparison() != nullptr;
    if (comparing == m_comparing)
        return;
    m_comparing = comparing;
    QHeaderView* header = m_table->horizontalHeader();
    for (int column = KernelTableModel::FirstComparisonColumn; column < KernelTableModel::ColumnCount; ++column)
        header->setSectionHidden(column, !comparing);
    // Where the eye is: right after the kernel's name and source, unless the
    // user has placed them elsewhere already.
    if (comparing && header->visualIndex(KernelTableModel::Match) == KernelTableModel::Match) {
        int to = header->visualIndex(KernelTableModel::Provenance) + 1;
        for (int column :
            { KernelTableModel::Match, KernelTableModel::Speedup, KernelTableModel::BaselineTime, KernelTableModel::DeltaTime })
            header->moveSection(header->visualIndex(column), to++);
    }
    if (comparing)
        m_table->fitFigureColumns(); // shown only now: "added" was cut to "a…d"
    m_filterBar->setCompareMode(comparing);
    m_leave->setEnabled(comparing);
}

} // namespace Ridgeline
