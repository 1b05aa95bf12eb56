// The main window's compare mode: a second trace read as the baseline of
// the open one, and the comparison shown everywhere the trace is: the
// table (match, baseline time, speedup and delta columns, removed kernels as
// rows, "Only changed"), the roofline (hollow baseline points, arrows), the
// summary strip and the inspector (the pair side by side). Matching itself
// is the engine's compareTraces(); this file only wires it in.
#include "mainwindow.h"

#include "analysiscontroller.h"
#include "engine/lens/judgement.h"
#include "derivation/comparisonderivation.h"
#include "engine/comparison/comparisonroofline.h"
#include "inspector/formulainspector.h"
#include "itemmodels/kernelfilterproxy.h"
#include "itemmodels/kerneltablemodel.h"
#include "settingskeys.h"
#include "summarystrip.h"
#include "table/kernelfilterbar.h"
#include "table/kerneltableview.h"

#include <QAction>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

namespace Ridgeline {

void MainWindow::chooseBaseline()
{
    const QString path = QFileDialog::getOpenFileName(this, tr("Compare with Baseline"), dialogFolder(),
                                                      tr("PyTorch profiler traces (*.json *.json.gz *.gz *.bz2 *.xz *.zst);;All files (*)"));
    if (!path.isEmpty())
        compareWithBaseline(path);
}

void MainWindow::compareWithBaseline(const QString& path)
{
    if (!m_result) {
        statusBar()->showMessage(tr("Open a trace first: the baseline is compared with the open trace"), 6000);
        return;
    }
    // The open trace's attached cache and captures are its own; the
    // baseline gets the default cache places (as --baseline does).
    AnalysisOptions options;
    options.read.searchDefaultInductorCache = m_controller->currentOptions().read.searchDefaultInductorCache;
    m_baselineController->open(path, options);
    statusBar()->showMessage(tr("Reading the baseline %1…").arg(displayName(path)));
}

void MainWindow::leaveCompareMode()
{
    m_baselineController->cancel();
    m_baseline.reset();
    updateComparison();
    statusBar()->showMessage(tr("Left compare mode"), 4000);
}

void MainWindow::updateComparison()
{
    const bool comparing = m_baseline && m_result;
    m_comparison.reset();
    if (comparing) {
        // A GPU chosen in View > GPU applies to both; else each trace has its own.
        m_comparison = judgement()->comparison;
    }
    const QList<int> selected = m_table->selectedKernelIndices();
    if (m_comparison)
        m_model->setComparison(m_comparison);
    else if (m_model->comparison())
        m_model->setResult(m_result);
    QHeaderView* header = m_table->horizontalHeader();
    for (int column = KernelTableModel::FirstComparisonColumn; column < KernelTableModel::ColumnCount; ++column)
        header->setSectionHidden(column, !comparing);
    // Where the eye is: right after the kernel's name and source, unless the
    // user has placed them elsewhere already.
    if (comparing && header->visualIndex(KernelTableModel::Match) == KernelTableModel::Match) {
        int to = header->visualIndex(KernelTableModel::Provenance) + 1;
        for (int column : { KernelTableModel::Match, KernelTableModel::Speedup, KernelTableModel::BaselineTime, KernelTableModel::DeltaTime })
            header->moveSection(header->visualIndex(column), to++);
    }
    if (comparing)
        m_table->fitFigureColumns(); // shown only now: "added" was cut to "a…d"
    m_filterBar->setCompareMode(comparing);
    m_leaveCompare->setEnabled(comparing);
    const GpuSpec& gpu = currentGpu();
    if (m_comparison) {
        const GpuSpec* baseGpu = m_catalog.find(m_comparison->baselineGpu);
        m_roofline->setArrows(comparisonArrows(*m_comparison, (baseGpu ? *baseGpu : gpu).peaks(m_peaks), gpu.peaks(m_peaks)));
    } else {
        m_roofline->setArrows({});
    }
    updateTimelineBaseline();
    if (m_result)
        m_summary->setResult(*m_result, gpu, m_peaks, gpuWarnings(), m_comparison.get());
    if (!selected.isEmpty())
        m_table->selectKernel(selected.front());
    updateInspector();
}

// The inspector's preface in compare mode: the selected pair side by side.
QString MainWindow::comparisonPreface(int sourceRow) const
{
    if (!m_comparison || sourceRow < 0 || sourceRow >= int(m_comparison->matching.matches.size()))
        return {};
    const GpuSpec* baseGpu = m_catalog.find(m_comparison->baselineGpu);
    return comparisonMarkdown(*m_comparison, sourceRow, (baseGpu ? *baseGpu : currentGpu()).peaks(m_peaks), currentGpu().peaks(m_peaks));
}

void MainWindow::connectCompareMode()
{
    connect(m_baselineController, &AnalysisController::finished, this, [this](std::shared_ptr<const AnalysisResult> baseline) {
        m_baseline = std::move(baseline);
        updateComparison();
        const int regressions = m_comparison ? m_comparison->regressionCount : 0;
        statusBar()->showMessage(tr("Comparing with the baseline %1: %2 %3")
                                     .arg(displayName(m_baseline->tracePath))
                                     .arg(regressions)
                                     .arg(regressions == 1 ? tr("regression") : tr("regressions")));
    });
    connect(m_baselineController, &AnalysisController::failed, this, [this](const QString& error) {
        statusBar()->showMessage(error);
        QMessageBox::warning(this, tr("Cannot Read Baseline"), error);
    });
}

} // namespace Ridgeline
