#include "window/timelinelink.h"

#include "analysiscontroller.h"
#include "itemmodels/kernelfilterproxy.h"
#include "itemmodels/kerneltablemodel.h"
#include "table/kerneltableview.h"
#include "timeline/timelinepainter.h"
#include "timeline/timelineview.h"
#include "window/traceinputs.h"

#include <QItemSelectionModel>
#include <QLabel>
#include <QMainWindow>
#include <QStatusBar>
#include <QTabWidget>

namespace Ridgeline {

TimelineLink::TimelineLink(TimelineView* timeline, QTabWidget* tabs, KernelTableView* table, KernelFilterProxy* proxy,
    AnalysisController* controller, TraceInputs* inputs, QMainWindow* window)
    : QObject(window)
    , m_timeline(timeline)
    , m_tabs(tabs)
    , m_table(table)
    , m_proxy(proxy)
    , m_controller(controller)
    , m_inputs(inputs)
    , m_window(window)
    , m_rangeIndicator(new QLabel)
{
    m_rangeIndicator->setObjectName(QStringLiteral("timelineRange"));
    m_rangeIndicator->setTextFormat(Qt::RichText);
    m_rangeIndicator->setContentsMargins(4, 0, 6, 0);
    m_rangeIndicator->hide();
    m_tabs->setCornerWidget(m_rangeIndicator, Qt::TopRightCorner);
    connect(m_rangeIndicator, &QLabel::linkActivated, this, [this] { filterToRange(std::nullopt); });

    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex& current) {
        const int kernel = current.isValid() ? current.data(KernelTableModel::RowIndexRole).toInt() : -1;
        const int library = current.isValid() ? current.data(KernelTableModel::LibraryIndexRole).toInt() : -1;
        if (kernel >= 0 || library < 0)
            m_timeline->setHighlightedKernel(kernel);
        else
            m_timeline->setHighlightedLibraryKernel(library);
    });
    connect(m_timeline, &TimelineView::kernelClicked, this, [this](int kernelIndex) {
        if (!m_table->selectKernel(kernelIndex))
            m_window->statusBar()->showMessage(tr("That kernel is hidden by the table's filter"), 4000);
    });
    connect(m_timeline, &TimelineView::libraryKernelClicked, this, [this](int libraryIndex) {
        for (int row = 0; row < m_proxy->rowCount(); ++row) {
            const QModelIndex index = m_proxy->index(row, 0);
            if (index.data(KernelTableModel::LibraryIndexRole).toInt() == libraryIndex) {
                m_table->selectionModel()->setCurrentIndex(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
                static_cast<QAbstractItemView*>(m_table)->scrollTo(index); // protected in the view, public in its base
                return;
            }
        }
        m_window->statusBar()->showMessage(tr("That library kernel is hidden by the table's filter"), 4000);
    });
    connect(m_timeline, &TimelineView::rangeRequested, this,
        [this](double startUs, double endUs) { filterToRange(std::pair(startUs, endUs)); });
}

void TimelineLink::show(const std::shared_ptr<const Judgement>& judgement)
{
    const auto result = judgement ? judgement->trace.result : nullptr;
    if (!m_judgement || !judgement || m_judgement->trace.result != result) {
        m_timeline->setResult(result);
        showRange(result.get());
    }
    m_judgement = judgement;
    if (judgement)
        m_timeline->setKernelFigures(judgement->trace.budget.rows);
    if (!judgement || !judgement->baseline || !judgement->comparison) {
        m_timeline->setBaseline(nullptr, {});
        return;
    }
    // Coloured by its own judgement; aligned by the step the comparison is by: a graph trace's first launch.
    const TraceComparison& comparison = *judgement->comparison;
    m_timeline->setBaseline(
        judgement->baseline->result, judgement->baseline->budget.rows, comparison.perStep ? comparison.perStep->kind : StepKind::None);
}

void TimelineLink::showRange(const AnalysisResult* result)
{
    if (!result || !result->gpuRangeUs) {
        m_rangeIndicator->hide();
        return;
    }
    const auto [startUs, endUs] = *result->gpuRangeUs;
    m_timeline->showRange(startUs * 1000.0, endUs * 1000.0);
    m_rangeIndicator->setText(tr("range: %1 to %2 (%3) <a href=\"clear\">clear</a>")
            .arg(TimelinePainter::duration(startUs * 1000.0), TimelinePainter::duration(endUs * 1000.0),
                TimelinePainter::duration((endUs - startUs) * 1000.0)));
    m_rangeIndicator->setToolTip(tr("The table, roofline and budget count only the GPU events that start in this range "
                                    "(the latency floor stays the whole trace's); clear shows the whole trace again"));
    m_rangeIndicator->show();
}

void TimelineLink::followTableFilter()
{
    if (!m_proxy->filtersAnything()) {
        m_timeline->setShownRows(std::nullopt, std::nullopt);
        return;
    }
    QSet<int> kernels, libraries;
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        const QModelIndex index = m_proxy->index(row, 0);
        if (const int kernel = index.data(KernelTableModel::RowIndexRole).toInt(); kernel >= 0)
            kernels.insert(kernel);
        else if (const int library = index.data(KernelTableModel::LibraryIndexRole).toInt(); library >= 0)
            libraries.insert(library);
    }
    m_timeline->setShownRows(kernels, libraries);
}

void TimelineLink::filterToRange(std::optional<std::pair<double, double>> rangeUs)
{
    if (m_controller->currentPath().isEmpty() || m_controller->isRunning())
        return;
    const std::optional<TimeRangeUs> range = rangeUs ? std::optional(TimeRangeUs { rangeUs->first, rangeUs->second }) : std::nullopt;
    // The trace as it was read stays with its result: the range (or the
    // whole trace again) is computed from it, no file read.
    const auto result = m_judgement ? m_judgement->trace.result : nullptr;
    if (result && result->prepared) {
        m_controller->analyzeRange(result->prepared, range);
        return;
    }
    // A result that kept nothing: the file is read again.
    AnalysisOptions options = m_controller->currentOptions();
    options.figures.gpuRange = range;
    options.figures.keepPreparedTrace = true;
    m_inputs->setNote(tr("the trace was read again for the range (a trace of over %L1 GPU events is not kept in memory)")
            .arg(qulonglong(options.figures.keepPreparedTraceUpToGpuEvents)));
    m_controller->open(m_controller->currentPath(), options);
}

} // namespace Ridgeline
